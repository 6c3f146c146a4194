"""The table in sentences, for the questions a person types: `status`, `who`, `deed`, `where`, `board`,
`chances`. Every figure is the engine's (prices, rents, net worth); money is written `$1,200`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Board, GameView
from engine.narration import card_phrase, money
from engine.queries import net_worth, rent_at, standings
from translation import say

Names = Sequence[str]


def buildings(view: GameView, space: int) -> str:
    """ "2 houses", "a hotel", or "" for a bare lot."""
    level = view.deeds[space].level
    rules = view.ruleset
    if not level:
        return ""
    if rules.is_hotel(level):
        return "a hotel"
    houses = rules.houses(level)
    return "1 house" if houses == 1 else f"{houses} houses"


def holding(view: GameView, space: int, board: Board) -> str:
    """A deed as it stands: "Boardwalk with 2 houses", "Baltic Avenue (mortgaged)"."""
    built = buildings(view, space)
    text = board.name(space) + (f" with {built}" if built else "")
    return text + (" (mortgaged)" if view.deeds[space].mortgaged else "")


def _listed(items: Sequence[str]) -> str:
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def player_line(view: GameView, player: int, names: Names, board: Board, me: int | None) -> str:
    """One player: cash, where, what he holds."""
    ps = view.players[player]
    who = "You" if player == me else names[player]
    if ps.bankrupt:
        return f"{who}: bankrupt, out of the game."
    held = [holding(view, s, board) for s in board.deeds if view.deeds[s].owner == player]
    where = board.name(ps.position) + (", in jail" if ps.in_jail else "")
    jail = len(ps.jail_cards)
    cards = f", {jail} jail card{'s' if jail != 1 else ''}" if jail else ""
    return f"{who}: {money(ps.cash)} on {where}{cards}; holds {_listed(held)}."


def status(view: GameView, me: int, names: Names, board: Board) -> list[str]:
    """`status`: my cash, where I stand, what I hold, my cards and loans."""
    out = [player_line(view, me, names, board, me)]
    hand = view.players[me].hand
    if hand:
        cards = "; ".join(f"{i}. {say(card_phrase(ref, board))}" for i, ref in enumerate(hand, 1))
        out.append(f"Cards in hand: {cards}.")
    tickets = view.players[me].tickets
    if tickets:
        out.append("Lot tickets: " + _listed([board.name(s) for s in tickets]) + ".")
    for loan in view.loans:
        if me in (loan.borrower, loan.lender):
            lender = "the bank" if loan.lender is None else names[loan.lender]
            out.append(
                f"Loan {loan.id}: {names[loan.borrower]} owes {lender} {money(loan.principal)}, "
                f"{money(loan.interest)} interest at each wages."
            )
    return out


def who(view: GameView, names: Names, board: Board, me: int | None) -> list[str]:
    """`who`: everyone's cash and holdings, in seat order, whose turn it is first."""
    turn = f"It is {names[view.current]}'s turn, turn {view.turn + 1}."
    return [turn, *(player_line(view, p, names, board, me) for p in range(len(view.players)))]


def deed(view: GameView, space: int, names: Names, board: Board) -> str:
    """`deed Boardwalk`: price, owner, buildings, rent now and the rents by building."""
    name = board.name(space)
    if space not in board.deeds:
        return f"{name} is space {space}; it has no title deed."
    d = view.deeds[space]
    owner = "nobody owns it" if d.owner is None else f"{names[d.owner]} owns it"
    built = buildings(view, space)
    parts = [f"{name}, space {space}: price {money(board.price[space])}; {owner}"]
    if built:
        parts.append(f"with {built}")
    if d.mortgaged:
        parts.append("mortgaged")
    if board.kinds[space] == "street" and board.house_cost[space]:
        parts.append(f"a building costs {money(board.house_cost[space])}")
    if d.owner is not None and not d.mortgaged:
        group = board.group_of[space]
        held = sum(1 for s in board.members[group] if view.deeds[s].owner == d.owner) if group else 1
        parts.append(f"rent now {money(rent_at(board, view.ruleset, space, held, d.level))}")
    parts.append(f"mortgage value {money(board.mortgage[space])}")
    return "; ".join(parts) + "."


def where(view: GameView, space: int, names: Names, board: Board) -> str:
    """`where Boardwalk`: its place on the board, who stands there, how far it is from me."""
    here = [names[p] for p, ps in enumerate(view.players) if ps.position == space and not ps.bankrupt]
    standing = f"; {_listed(here)} {'is' if len(here) == 1 else 'are'} there" if here else ""
    return f"{board.name(space)} is space {space} of {board.size}{standing}."


def board_lines(view: GameView, names: Names, board: Board) -> list[str]:
    """`board`: the spaces in order, with owners, buildings and tokens."""
    out = []
    for s in range(board.size):
        text = f"{s}. {board.name(s)}"
        if s in board.deeds:
            owner = view.deeds[s].owner
            text += f", {money(board.price[s])}" if owner is None else f", {names[owner]}'s"
            built = buildings(view, s)
            text += f", {built}" if built else ""
            text += ", mortgaged" if view.deeds[s].mortgaged else ""
        here = [names[p] for p, ps in enumerate(view.players) if ps.position == s and not ps.bankrupt]
        if here:
            text += f"; here: {_listed(here)}"
        out.append(text + ".")
    return out


def worth_lines(view: GameView, names: Names) -> list[str]:
    """`chances`: each player's net worth by the engine's count, richest first."""
    rows = standings(view)
    lead = "Net worth, richest first: "
    return [lead + "; ".join(f"{names[p]} {money(w)}" for p, w in rows) + "."]


__all__ = ["board_lines", "deed", "net_worth", "player_line", "status", "where", "who", "worth_lines"]
