"""A space in a few words for someone choosing where to go: who owns it and what stopping there costs or
brings ("Grace's, rent $550", "for sale, $400", "pays $200", "half the pool: $132")."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Board, GameView
from engine.narration import money
from engine.queries import share_of
from tui.client import Facts


def space_note(view: GameView, board: Board, space: int, names: Sequence[str], facts: Facts) -> str:
    sp = board.spaces[space]
    deed = view.deeds.get(space)
    if deed is not None:
        if deed.owner is None:
            return f"for sale, {money(board.price[space])}"
        if deed.mortgaged:
            return f"{names[deed.owner]}'s, mortgaged"
        rent = facts.rent.get(space)
        due = "" if rent is None else f"{rent.per_pip} x dice" if rent.per_pip else money(rent.amount)
        return f"{names[deed.owner]}'s, rent {due}" if view.me != deed.owner else "yours"
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
