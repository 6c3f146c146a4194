"""Text descriptions of the table, for the questions a person types: `status`, `who`, `deed`, `where`,
`board`, `chances`. Every figure is the engine's (prices, rents, net worth); money is written `$1,200`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Board, GameView
from engine.core.narration import card_phrase
from engine.queries import net_worth, rent_at, standings
from translation import _, money, ngettext, say

Names = Sequence[str]


def buildings(view: GameView, space: int) -> str:
    """Describe a lot's buildings: "2 houses", "a hotel", or "" for a bare lot."""
    level = view.deeds[space].level
    rules = view.ruleset
    if not level:
        return ""
    if rules.is_hotel(level):
        return _("a hotel")
    houses = rules.houses(level)
    return ngettext("{n} house", "{n} houses", houses)


def holding(view: GameView, space: int, board: Board) -> str:
    """Describe a deed as it stands: "Boardwalk with 2 houses", "Baltic Avenue (mortgaged)"."""
    built = buildings(view, space)
    text = (
        _("{deed} with {buildings}", deed=board.name(space), buildings=built) if built else board.name(space)
    )
    return _("{deed} (mortgaged)", deed=text) if view.deeds[space].mortgaged else text


def _listed(items: Sequence[str]) -> str:
    if not items:
        return _("nothing")
    if len(items) == 1:
        return items[0]
    return _("{some} and {last}", some=", ".join(items[:-1]), last=items[-1])


def player_line(view: GameView, player: int, names: Names, board: Board, me: int | None) -> str:
    """Describe one player: cash, position, holdings."""
    ps = view.players[player]
    who = _("You") if player == me else names[player]
    if ps.bankrupt:
        return _("{who}: bankrupt, out of the game.", who=who)
    held = [holding(view, s, board) for s in board.deeds if view.deeds[s].owner == player]
    jail = len(ps.jail_cards)
    values = {"who": who, "cash": money(ps.cash), "holds": _listed(held)}
    cards = ngettext("{n} jail card", "{n} jail cards", jail) if jail else ""
    if ps.in_jail:  # in jail, not "on Jail, in jail"
        if cards:
            return _("{who}: {cash}, in jail, {cards}; holds {holds}.", cards=cards, **values)
        return _("{who}: {cash}, in jail; holds {holds}.", **values)
    where = board.name(ps.position)
    if cards:
        return _("{who}: {cash} on {where}, {cards}; holds {holds}.", where=where, cards=cards, **values)
    return _("{who}: {cash} on {where}; holds {holds}.", where=where, **values)


def status(view: GameView, me: int, names: Names, board: Board) -> list[str]:
    """Answer `status`: my cash, position, holdings, cards and loans."""
    out = [player_line(view, me, names, board, me)]
    hand = view.players[me].hand
    if hand:
        cards = "; ".join(f"{i}. {say(card_phrase(ref, board))}" for i, ref in enumerate(hand, 1))
        out.append(_("Cards in hand: {cards}.", cards=cards))
    tickets = view.players[me].tickets
    if tickets:
        out.append(_("Lot tickets: {lots}.", lots=_listed([board.name(s) for s in tickets])))
    for loan in view.loans:
        if me in (loan.borrower, loan.lender):
            lender = _("the bank") if loan.lender is None else names[loan.lender]
            out.append(
                _(
                    "Loan {id}: {borrower} owes {lender} {principal}, {interest} interest at each wages.",
                    id=loan.id,
                    borrower=names[loan.borrower],
                    lender=lender,
                    principal=money(loan.principal),
                    interest=money(loan.interest),
                )
            )
    return out


def who(view: GameView, names: Names, board: Board, me: int | None) -> list[str]:
    """Answer `who`: everyone's cash and holdings, in seat order, whose turn it is first."""
    turn = _("It is {name}'s turn, turn {turn}.", name=names[view.current], turn=view.turn + 1)
    return [turn, *(player_line(view, p, names, board, me) for p in range(len(view.players)))]


def deed(view: GameView, space: int, names: Names, board: Board) -> str:
    """Answer `deed Boardwalk`: price, owner, buildings, rent now and the rents by building."""
    name = board.name(space)
    if space not in board.deeds:
        return _("{name} is space {space}; it has no title deed.", name=name, space=space)
    d = view.deeds[space]
    owner = _("nobody owns it") if d.owner is None else _("{name} owns it", name=names[d.owner])
    built = buildings(view, space)
    parts = [
        _(
            "{name}, space {space}: price {price}; {owner}",
            name=name,
            space=space,
            price=money(board.price[space]),
            owner=owner,
        )
    ]
    if built:
        parts.append(_("with {buildings}", buildings=built))
    if d.mortgaged:
        parts.append(_("mortgaged"))
    if board.kinds[space] == "street" and board.house_cost[space]:
        parts.append(_("a building costs {price}", price=money(board.house_cost[space])))
    if d.owner is not None and not d.mortgaged:
        group = board.group_of[space]
        held = sum(1 for s in board.members[group] if view.deeds[s].owner == d.owner) if group else 1
        parts.append(_("rent now {rent}", rent=money(rent_at(board, view.ruleset, space, held, d.level))))
    parts.append(_("mortgage value {value}", value=money(board.mortgage[space])))
    return "; ".join(parts) + "."


def where(view: GameView, space: int, names: Names, board: Board) -> str:
    """Answer `where Boardwalk`: its place on the board, who stands there, how far it is from me."""
    here = [names[p] for p, ps in enumerate(view.players) if ps.position == space and not ps.bankrupt]
    values = {"name": board.name(space), "space": space, "size": board.size}
    if not here:
        return _("{name} is space {space} of {size}.", **values)
    return ngettext(
        "{name} is space {space} of {size}; {who} is there.",
        "{name} is space {space} of {size}; {who} are there.",
        len(here),
        who=_listed(here),
        **values,
    )


def board_lines(view: GameView, names: Names, board: Board) -> list[str]:
    """Answer `board`: the spaces in order, with owners, buildings and tokens."""
    out = []
    for s in range(board.size):
        text = f"{s}. {board.name(s)}"
        if s in board.deeds:
            owner = view.deeds[s].owner
            text += f", {money(board.price[s])}" if owner is None else ", " + _("{name}'s", name=names[owner])
            built = buildings(view, s)
            text += f", {built}" if built else ""
            text += ", " + _("mortgaged") if view.deeds[s].mortgaged else ""
        here = [names[p] for p, ps in enumerate(view.players) if ps.position == s and not ps.bankrupt]
        if here:
            text += "; " + _("here: {who}", who=_listed(here))
        out.append(text + ".")
    return out


def worth_lines(view: GameView, names: Names) -> list[str]:
    """Answer `chances`: each player's net worth by the engine's count, richest first."""
    rows = standings(view)
    return [_("Net worth, richest first: {rows}.", rows="; ".join(f"{names[p]} {money(w)}" for p, w in rows))]


__all__ = ["board_lines", "deed", "net_worth", "player_line", "status", "where", "who", "worth_lines"]
