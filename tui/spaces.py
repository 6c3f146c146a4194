"""A space in a few words: for someone choosing where to go, who owns it and what stopping there costs or
brings ("Grace's, rent $550", "for sale, $400", "pays $200", "half the pool: $132"); and what its few
letters on the board stand for ("Sweeps 10x", "Gayety $5 ea", "NoTresp"), said where the selection is."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Board, GameView
from engine.narration import money
from engine.queries import share_of
from tui.client import Facts


def space_note(view: GameView, board: Board, space: int, names: Sequence[str], facts: Facts) -> str:
    deed = view.deeds.get(space)
    if deed is not None:
        if deed.owner is None:
            return f"for sale, {money(board.price[space])}"
        if deed.mortgaged:
            return f"{names[deed.owner]}'s, mortgaged"
        rent = facts.rent.get(space)
        due = "" if rent is None else f"{rent.per_pip} x dice" if rent.per_pip else money(rent.amount)
        return f"{names[deed.owner]}'s, rent {due}" if view.me != deed.owner else "yours"
    return _special_note(view, board, space)


def _special_note(view: GameView, board: Board, space: int) -> str:
    """A space that is no deed in a few words: what stopping there brings."""
    sp = board.spaces[space]
    if board.pays[space]:
        return f"pays {money(board.pays[space])}"
    kind = sp.kind
    if kind == "tax" and sp.tax is not None:
        return f"tax, {money(board.edition.taxes[sp.tax].flat)}"
    if kind == "tax_refund":
        share = share_of(view, space)
        return f"{share}% of the pool: {money(view.pot * share // 100)}"
    if kind == "card" and sp.deck is not None:
        return f"draw {board.edition.decks[sp.deck].name}"
    return {
        "go_to_jail": "straight to jail",
        "jail": "just visiting",
        "double_trouble": "collect from everyone",
        "triple_play": "a triple play",
        "elevator": "draw a travel card",
        "subway": "ride anywhere",
        "move_backwards": "next throw backwards",
    }.get(kind, "")


def space_rule(view: GameView, board: Board, space: int) -> list[str]:
    """What a special space does, in a sentence or two with its figures (none for the classic spaces,
    which the deed card tells of itself)."""
    sp = board.spaces[space]
    figures = sp.figures or []
    kind = sp.kind
    if board.pays[space] and kind != "go":
        return [f"Collect {money(board.pays[space])} each time you land on or pass it going forward."]
    if kind == "double_trouble" and len(figures) == 11:
        top, mid, low = figures[0], figures[1], figures[3]
        return [
            "Throw two dice and collect from each other player: "
            f"{money(top)} on 2 or 12, {money(mid)} on 3, 4, 10 or 11, {money(low)} otherwise."
        ]
    if kind == "triple_play" and len(figures) == 5:
        return [
            "Take a triple play card and throw three dice. The bank pays every card on the table: "
            f"{money(figures[1])} for one die matched, {money(figures[2])} for two, {money(figures[3])} "
            f"for three ({money(figures[4])} for three on the thrower's own card)."
        ]
    if kind == "tax_refund":
        share = share_of(view, space)
        return [f"Collect {share}% of the pool (rounded down): {money(view.pot * share // 100)} now."]
    if kind == "subway":
        return ["Ride straight to any space of either ring, or stay; nothing is passed on the way."]
    if kind == "elevator":
        return ["Draw a travel card. An even move passing here changes rings; landing here does not."]
    if kind == "move_backwards":
        return ["Your next throw moves you backwards."]
    if kind == "rest":
        return ["A resting place: nothing happens."]
    return []


_AMOUNT_LABELS = {"bonus": "+${}", "theatre": "${} ea", "sweepstakes": "{}x"}
"""How a special space's amount reads on the board: a fare or fee as "$10"."""


def cell_label(view: GameView, board: Board, space: int) -> str:
    """The figure a space shows on the board under its short name: an unowned deed's price, a tax, a fee,
    a reward ("+$50"), a price a seat ("$5 ea"), a multiple of the throw ("10x"), the pot."""
    sp = board.spaces[space]
    deed = view.deeds.get(space)
    if deed is not None and deed.owner is None:
        return f"${board.price[space]}"
    if sp.kind == "tax" and sp.tax is not None:
        return f"${board.edition.taxes[sp.tax].flat}"
    if sp.amount:
        return _AMOUNT_LABELS.get(sp.kind, "${}").format(sp.amount)
    if sp.kind == "free_parking" and view.rules.free_parking_pot:
        return f"${view.pot}"
    if sp.fee is not None and space not in view.charters:
        return f"${sp.fee}"
    if sp.award is not None:
        return f"+${sp.award}"
    return ""


def legend(view: GameView, board: Board, space: int) -> str:
    """What the space's letters and figure on the board mean, when they are not its name in full:
    `"Sweeps 10x": every other player pays you 10 times a throw`, `"NoTresp": go to the jail beside
    Coal`. Empty when the board shows the whole name and no figure."""
    sp = board.spaces[space]
    shown = f"{sp.short} {cell_label(view, board, space)}".strip()
    if shown == sp.name:
        return ""
    meaning = _meaning(view, board, space)
    return f'"{shown}": {meaning}' if meaning else f'"{shown}" on the board'


def _meaning(view: GameView, board: Board, space: int) -> str:
    """What stopping on a space does, in a few words with its figures (its name is said beside it)."""
    sp = board.spaces[space]
    ed = board.edition
    deed = view.deeds.get(space)
    kind = sp.kind
    amount = money(sp.amount) if sp.amount is not None else ""
    fee = money(sp.fee) if sp.fee is not None else ""
    if deed is not None:
        if deed.owner is not None:
            return ""
        price = money(board.price[space])
        if sp.box:
            return f"for sale at {price}, or to rent at {money(board.rent[space][0])}"
        return f"for sale at {price}"
    if kind == "tax" and sp.tax is not None:
        tax = ed.taxes[sp.tax]
        if tax.percent is not None and not view.ruleset.flat_income_tax:
            return f"pay {money(tax.flat)} or {tax.percent}% of your worth"
        return f"pay {money(tax.flat)}"
    phrases = {
        "sweepstakes": f"every other player pays you {sp.amount} times a throw",
        "theatre": f"a seat for every player in the game, {amount} each",
        "bonus": f"the bank pays you {amount}",
        "ride": f"pay the {amount} fare and throw again",
        "carnival": "throw again: even forward, odd back",
        "necessity": f"an absolute necessity: pay {fee}",
        "fare": f"pay a {fee} fare",
        "luxury": f"a luxury ticket for {fee}, or lose the move",
        "legacy": f"receive {money(sp.award or 0)} and a legacy ticket",
        "free_parking": f"the pot, {money(view.pot)}, to whoever lands here"
        if view.rules.free_parking_pot
        else "nothing happens",
        "rest": "nothing happens",
        "triple_play": "take a triple play card and throw three dice",
        "move_backwards": "your next throw moves you backwards",
    }
    if kind == "onward" and sp.to is not None:
        return (
            f"pay {amount}, then on to {board.name(sp.to)}"
            if sp.amount
            else f"straight on to {board.name(sp.to)}"
        )
    if kind == "go_to_jail" and ed.jail is not None:
        return (
            f"go to the jail beside {board.name(ed.jail.space)}" if ed.jail.beside else "go straight to jail"
        )
    if kind == "franchise":
        holder = view.charters.get(space)
        return (
            f"the first to stop claims it free; others pay a {fee} toll"
            if holder is None
            else f"a {fee} toll"
        )
    if kind in phrases:
        return phrases[kind]
    if board.pays[space]:
        return f"pays {money(board.pays[space])} each time you reach or pass it"
    return _special_note(view, board, space)
