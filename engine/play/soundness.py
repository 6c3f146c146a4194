"""Is a state one the game could be in? `Game.from_state` asks before it takes a state from outside.

The rules trust the state they are given: an impossible one (seven houses, a deed nobody can own, a card
from no deck, a decision awaited from a player who is not at the table) would fail later, in the middle of
play. A state read from a save or sent over a network is therefore checked against its edition first;
from a sound state, every command leads to a sound state.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.board import board_for
from engine.core.edition import known_editions
from engine.core.state import GameState, state_adapter
from engine.play.rulebook import rules_problem, ruleset_for
from engine.rules.hands import split_ref

PLAYER_FIELDS = frozenset(
    {
        "player",
        "payer",
        "payee",
        "proposer",
        "to",
        "high_bidder",
        "initiator",
        "borrower",
        "lender",
        "occupant",
        "arriving",
        "caller",
    }
)
SPACE_FIELDS = frozenset({"space", "at", "start", "back_to"})
SPACE_LISTS = frozenset({"options", "security", "spaces", "houses"})


class UnsoundState(ValueError):
    """Raised for a state the game could never be in; `reason` briefly describes what is wrong."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"impossible game state: {reason}")
        self.reason = reason


def problem(state: GameState) -> str | None:
    """Return a short description of what makes `state` impossible, or None."""
    if state.edition not in known_editions():
        return f"unknown edition {state.edition!r}"
    board = board_for(state.edition)
    edition = board.edition
    n = len(state.players)
    unplayable = rules_problem(edition, state.rules)
    if unplayable is not None:
        return f"rules the edition does not have ({unplayable})"
    if not 1 <= n <= edition.max_players:
        return f"{n} players"
    for i, p in enumerate(state.players):
        if not 0 <= p.position < board.size:
            return f"player {i} stands on no space ({p.position})"
        if min(p.cash, p.credit, p.jail_turns, p.circuits) < 0:
            return f"player {i} has a negative figure"
        if any(deck not in board.jail_card for deck in p.jail_cards):
            return f"player {i} holds a jail card of no deck"
        if any(split_ref(r)[1] not in board.cards.get(split_ref(r)[0], {}) for r in p.hand):
            return f"player {i} holds a card of no deck"
        if board.kinds[p.position] != "move_backwards" and p.next_roll_backward:
            return f"player {i} owes a backward throw away from Move Backwards"
    if set(state.deeds) != set(board.deeds):
        return "the deeds are not the board's"
    rules = ruleset_for(state.edition, state.rules)
    for space, deed in state.deeds.items():
        if deed.owner is not None and not 0 <= deed.owner < n:
            return f"deed {space} belongs to no player"
        if not 0 <= deed.level <= rules.max_level:
            return f"deed {space} has impossible buildings"
        if deed.level and (board.kinds[space] != "street" or deed.mortgaged or deed.owner is None):
            return f"deed {space} cannot have buildings"
        if deed.mortgaged and deed.owner is None:
            return f"deed {space} is mortgaged by nobody"
        if deed.mortgaged and not rules.mortgages:
            return f"deed {space} is mortgaged where there are no mortgages"
        if deed.owner is not None and board.kinds[space] == "street" and deed.level < edition.houses_with_lot:
            return f"deed {space} lacks the house it was sold with"
    if edition.lot_limit is not None and state.winner is None:  # the winner may take every lot
        lots = Counter(d.owner for d in state.deeds.values() if d.owner is not None)
        over = [p for p, count in lots.items() if count > edition.lot_limit]
        pend = state.pending
        if any(not (pend is not None and pend.kind == "excess_lots" and pend.player == p) for p in over):
            return "a player holds more lots than he has markers"
    levels = [d.level for d in state.deeds.values()]
    houses = state.bank.houses + sum(rules.houses(v) for v in levels)
    hotels = state.bank.hotels + sum(rules.hotels_at(v) for v in levels)
    if (houses, hotels) != (edition.bank.houses, edition.bank.hotels):
        return "the buildings do not add up to the bank's supply"
    if set(state.decks) != set(edition.decks):
        return "the decks are not the edition's"
    for name, deck in edition.decks.items():
        held = [board.jail_card[name] for p in state.players for d in p.jail_cards if d == name]
        held += [split_ref(r)[1] for p in state.players for r in p.hand if split_ref(r)[0] == name]
        if Counter(state.decks[name] + held) != Counter(card.id for card in deck.cards):
            return f"the {name} cards are not the edition's"
    dice = [*state.scripted_dice, *filter(None, (state.last_dice, state.failed_jail_roll))]
    if any(not (1 <= a <= 6 and 1 <= b <= 6) for a, b in dice):
        return "a die shows an impossible number"
    if not 0 <= state.current < n or (state.winner is not None and not 0 <= state.winner < n):
        return "the player to play is not at the table"
    if state.pot < 0 or state.next_trade_id < 1:
        return "a negative figure"
    if any(not 0 <= s < board.size for s in state.markers.values()):
        return "a marker stands on no space"
    found = _economy(state)
    if found:
        return found
    waiting = state_adapter().dump_python(
        state, include={"pending", "suspended", "queue", "offers", "journey"}
    )
    return _references(waiting, n, board.size, "what the game waits for")


def _economy(state: GameState) -> str | None:
    """Return what is inconsistent among the money boxes, charters, loans, tickets and the poorhouse (Magie's
    1904 rules), or None."""
    board = board_for(state.edition)
    edition = board.edition
    n = len(state.players)
    if (state.rules.short_game and edition.short_game is None) or (
        state.rules.time_limit_rounds and edition.time_limit is None
    ):
        return "a variant the edition does not have"
    if set(state.boxes) != set(edition.boxes):
        return "the money boxes are not the edition's"
    if any(total < 0 and not edition.boxes[box].pays_out for box, total in state.boxes.items()):
        return "a money box that only takes in money holds less than nothing"
    for space, holder in state.charters.items():
        if not 0 <= space < board.size or board.kinds[space] != "franchise" or not 0 <= holder < n:
            return f"a charter on space {space} is held by nobody or stands on no franchise"
    lots = {s for s in board.deeds if board.kinds[s] == "lot"}
    for i, p in enumerate(state.players):
        if min(p.luxuries, p.legacies, p.poorhouse_pips) < 0:
            return f"player {i} has a negative figure"
        if any(s not in lots or state.deeds[s].owner is not None for s in p.tickets):
            return f"player {i} holds a lot ticket for no lot for sale"
        if p.in_poorhouse and (
            edition.poorhouse is None or p.position != edition.poorhouse.space or p.in_jail
        ):
            return f"player {i} is in no poorhouse"
    return _loans(state)


def _loans(state: GameState) -> str | None:
    board = board_for(state.edition)
    rules = board.edition.loans
    n = len(state.players)
    if state.loans and rules is None:
        return "loans where nobody lends"
    ids = [loan.id for loan in state.loans]
    if len(set(ids)) != len(ids) or any(not 1 <= i < state.next_loan_id for i in ids):
        return "the loans are not numbered in order"
    pledged: list[int] = []
    for loan in state.loans:
        assert rules is not None
        if not 0 <= loan.borrower < n or loan.lender == loan.borrower:
            return f"loan {loan.id} is owed by nobody"
        if loan.lender is not None and not 0 <= loan.lender < n:
            return f"loan {loan.id} is owed to nobody"
        if loan.lender is None and (
            loan.principal % rules.note or loan.interest != loan.principal // rules.note * rules.interest
        ):
            return f"bank loan {loan.id} is not in whole notes at the bank's interest"
        for s in loan.security:
            deed = state.deeds.get(s)
            if deed is None or deed.owner != loan.borrower:
                return f"loan {loan.id} is secured by a lot its borrower does not own"
        pledged.extend(loan.security)
    if len(set(pledged)) != len(pledged):
        return "a lot is pledged twice"
    return None


def _references(node: Any, players: int, spaces: int, where: str) -> str | None:
    """Check that the players and spaces named anywhere in `node` exist."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in PLAYER_FIELDS and value is not None and not 0 <= value < players:
                return f"{where} names no player ({key} {value})"
            if key in ("bidders", "winners", "left") and any(not 0 <= b < players for b in value):
                return f"{where} names no player ({key})"
            if key in SPACE_FIELDS and value is not None and not 0 <= value < spaces:
                return f"{where} names no space ({value})"
            if key in SPACE_LISTS and any(not 0 <= s < spaces for s in value):
                return f"{where} names no space ({key})"
            found = _references(value, players, spaces, where)
            if found:
                return found
    elif isinstance(node, list | tuple):
        for item in node:
            found = _references(item, players, spaces, where)
            if found:
                return found
    return None
