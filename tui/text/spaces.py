"""Short descriptions of spaces: for someone choosing where to go, who owns it and what stopping there costs
or brings ("Grace's, rent $550", "for sale, $400", "pays $200", "half the pool: $132"); and what its few
letters on the board stand for ("Sweeps 10x", "Gayety $5 ea", "NoTresp"), said where the selection is."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Board, GameView
from engine.queries import share_of
from translation import N_, _, money, pgettext
from tui.client import Facts


def space_note(view: GameView, board: Board, space: int, names: Sequence[str], facts: Facts) -> str:
    deed = view.deeds.get(space)
    if deed is not None:
        if deed.owner is None:
            return _("for sale, {price}", price=money(board.price[space]))
        if deed.mortgaged:
            return _("{name}'s, mortgaged", name=names[deed.owner])
        if view.me == deed.owner:
            return _("yours")
        rent = facts.rent.get(space)
        due = "" if rent is None else _("{n} x dice", n=rent.per_pip) if rent.per_pip else money(rent.amount)
        return _("{name}'s, rent {due}", name=names[deed.owner], due=due)
    return _special_note(view, board, space)


def _special_note(view: GameView, board: Board, space: int) -> str:
    """Return a short description of a non-deed space: what stopping there brings."""
    sp = board.spaces[space]
    if board.pays[space]:
        return _("pays {amount}", amount=money(board.pays[space]))
    kind = sp.kind
    if kind == "tax" and sp.tax is not None:
        return _("tax, {amount}", amount=money(board.edition.taxes[sp.tax].flat))
    if kind == "tax_refund":
        share = share_of(view, space)
        return _("{share}% of the pool: {amount}", share=share, amount=money(view.pot * share // 100))
    if kind == "card" and sp.deck is not None:
        return _("draw {deck}", deck=board.edition.decks[sp.deck].name)
    note = _NOTES.get(kind)
    return _(note) if note else ""


_NOTES = {
    "go_to_jail": N_("straight to jail"),
    "jail": N_("just visiting"),
    "double_trouble": N_("collect from everyone"),
    "triple_play": N_("a triple play"),
    "elevator": N_("draw a travel card"),
    "subway": N_("ride anywhere"),
    "move_backwards": N_("next throw backwards"),
}
"""The special spaces that need no figure, in a few words (translated when said)."""


def space_rule(view: GameView, board: Board, space: int) -> list[str]:
    """Return what a special space does, in a sentence or two with its figures (none for the classic spaces,
    whose deed card describes them)."""
    sp = board.spaces[space]
    figures = sp.figures or []
    kind = sp.kind
    if board.pays[space] and kind != "go":
        amount = money(board.pays[space])
        return [_("Collect {amount} each time you land on or pass it going forward.", amount=amount)]
    if kind == "double_trouble" and len(figures) == 11:
        top, mid, low = figures[0], figures[1], figures[3]
        return [
            _(
                "Throw two dice and collect from each other player: "
                "{top} on 2 or 12, {middle} on 3, 4, 10 or 11, {low} otherwise.",
                top=money(top),
                middle=money(mid),
                low=money(low),
            )
        ]
    if kind == "triple_play" and len(figures) == 5:
        return [
            _(
                "Take a triple play card and throw three dice. The bank pays every card on the table: "
                "{one} for one die matched, {two} for two, {three} "
                "for three ({own} for three on the thrower's own card).",
                one=money(figures[1]),
                two=money(figures[2]),
                three=money(figures[3]),
                own=money(figures[4]),
            )
        ]
    if kind == "tax_refund":
        share = share_of(view, space)
        amount = money(view.pot * share // 100)
        return [_("Collect {share}% of the pool (rounded down): {amount} now.", share=share, amount=amount)]
    rule = _RULES.get(kind)
    return [_(rule)] if rule else []


_RULES = {
    "subway": N_("Ride straight to any space of either ring, or stay; nothing is passed on the way."),
    "elevator": N_("Draw a travel card. An even move passing here changes rings; landing here does not."),
    "move_backwards": N_("Your next throw moves you backwards."),
    "rest": N_("A resting place: nothing happens."),
}
"""What the special spaces without figures do (translated when said)."""


_AMOUNT_LABELS = {"bonus": N_("+${amount}"), "theatre": N_("${amount} ea"), "sweepstakes": N_("{amount}x")}
"""How a special space's amount reads on the board: a fare or fee as "$10"."""


def _cash(amount: int) -> str:
    """Format an amount as narrowly as a board cell needs: the language's money sign, no grouping ("$220")."""
    return pgettext("money", "${amount}", amount=amount)


def cell_label(view: GameView, board: Board, space: int) -> str:
    """Return the figure a space shows on the board under its short name: an unowned deed's price, a tax, a
    fee, a reward ("+$50"), a price a seat ("$5 ea"), a multiple of the throw ("10x"), the pot."""
    sp = board.spaces[space]
    deed = view.deeds.get(space)
    if deed is not None and deed.owner is None:
        return _cash(board.price[space])
    if sp.kind == "tax" and sp.tax is not None:
        return _cash(board.edition.taxes[sp.tax].flat)
    if sp.amount:
        return _(_AMOUNT_LABELS.get(sp.kind, N_("${amount}")), amount=sp.amount)
    if sp.kind == "free_parking" and view.rules.free_parking_pot:
        return _cash(view.pot)
    if sp.fee is not None and space not in view.charters:
        return _cash(sp.fee)
    if sp.award is not None:
        return "+" + _cash(sp.award)
    return ""


def legend(view: GameView, board: Board, space: int) -> str:
    """Return what the space's letters and figure on the board mean, when they are not its name in full:
    `"Sweeps 10x": every other player pays you 10 times a throw`, `"NoTresp": go to the jail beside
    Coal`. Empty when the board shows the whole name and no figure."""
    sp = board.spaces[space]
    shown = f"{sp.short} {cell_label(view, board, space)}".strip()
    if shown == sp.name:
        return ""
    meaning = _meaning(view, board, space)
    return (
        _('"{shown}": {meaning}', shown=shown, meaning=meaning)
        if meaning
        else _('"{shown}" on the board', shown=shown)
    )


def _meaning(view: GameView, board: Board, space: int) -> str:
    """Return a short description, with figures, of what stopping on a space does (its name is shown beside
    it)."""
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
            return _(
                "for sale at {price}, or to rent at {rent}", price=price, rent=money(board.rent[space][0])
            )
        return _("for sale at {price}", price=price)
    if kind == "tax" and sp.tax is not None:
        tax = ed.taxes[sp.tax]
        if tax.percent is not None and not view.ruleset.flat_income_tax:
            return _("pay {amount} or {percent}% of your worth", amount=money(tax.flat), percent=tax.percent)
        return _("pay {amount}", amount=money(tax.flat))
    if kind == "free_parking" and view.rules.free_parking_pot:
        return _("the pot, {amount}, to whoever lands here", amount=money(view.pot))
    if kind in _MEANINGS:
        award = money(sp.award or 0)
        return _(_MEANINGS[kind], n=sp.amount, amount=amount, fee=fee, award=award)
    if kind == "onward" and sp.to is not None:
        to = board.name(sp.to)
        return (
            _("pay {amount}, then on to {space}", amount=amount, space=to)
            if sp.amount
            else _("straight on to {space}", space=to)
        )
    if kind == "go_to_jail" and ed.jail is not None:
        if ed.jail.beside:
            return _("go to the jail beside {space}", space=board.name(ed.jail.space))
        return _("go straight to jail")
    if kind == "franchise":
        holder = view.charters.get(space)
        if holder is None:
            return _("the first to stop claims it free; others pay a {fee} toll", fee=fee)
        return _("a {fee} toll", fee=fee)
    if board.pays[space]:
        return _("pays {amount} each time you reach or pass it", amount=money(board.pays[space]))
    return _special_note(view, board, space)


_MEANINGS = {
    "sweepstakes": N_("every other player pays you {n} times a throw"),
    "theatre": N_("a seat for every player in the game, {amount} each"),
    "bonus": N_("the bank pays you {amount}"),
    "ride": N_("pay the {amount} fare and throw again"),
    "carnival": N_("throw again: even forward, odd back"),
    "necessity": N_("an absolute necessity: pay {fee}"),
    "fare": N_("pay a {fee} fare"),
    "luxury": N_("a luxury ticket for {fee}, or lose the move"),
    "legacy": N_("receive {award} and a legacy ticket"),
    "free_parking": N_("nothing happens"),
    "rest": N_("nothing happens"),
    "triple_play": N_("take a triple play card and throw three dice"),
    "move_backwards": N_("your next throw moves you backwards"),
}
"""What stopping on a special space does, in a few words, its figures filled in when said."""
