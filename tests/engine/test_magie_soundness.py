"""A 1904 state from outside (a save, the network) is checked like any other: boxes, loans, charters,
tickets and the poorhouse must hang together, and the narration has words for every new event."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import Game, GameState, Loan, UnsoundState
from engine.core.narration import describe
from engine.lookahead.players import SimplePlayer
from engine.tools.simulate import play_game

from magie import LOT, magie, notes


def _midgame() -> Game:
    game = magie(seed=5)
    play_game(game, [SimplePlayer()] * 4, max_turns=40)
    return game


SPOILS: list[tuple[str, Callable[[GameState], object]]] = [
    ("a box missing", lambda s: s.boxes.pop("treasury")),
    ("a treasury below nothing", lambda s: s.boxes.__setitem__("treasury", -1)),
    ("a charter on a lot", lambda s: s.charters.__setitem__(LOT[1], 0)),
    ("a charter held by nobody", lambda s: s.charters.__setitem__(13, 7)),
    ("a ticket for a lot owned", lambda s: _ticket_for_owned(s)),
    ("a poorhouse away from the park", lambda s: _poor(s, 3)),
    ("a loan secured by another's lot", lambda s: _loan(s, borrower=0, lot_owner=1)),
    ("a bank loan in part notes", lambda s: _loan(s, borrower=0, lot_owner=0, principal=150)),
    ("a lot pledged twice", lambda s: _pledged_twice(s)),
    ("negative luxury tickets", lambda s: setattr(s.players[1], "luxuries", -1)),
]


def _ticket_for_owned(s: GameState) -> None:
    s.deeds[LOT[2]].owner = 1
    s.players[0].tickets = [LOT[2]]


def _poor(s: GameState, where: int) -> None:
    s.players[2].in_poorhouse = True
    s.players[2].position = where


def _loan(s: GameState, borrower: int, lot_owner: int, principal: int = 100) -> None:
    s.deeds[LOT[20]].owner = lot_owner
    s.loans.append(
        Loan(
            id=s.next_loan_id,
            borrower=borrower,
            lender=None,
            principal=principal,
            interest=principal // 100 * 5,
            security=(LOT[20],),
        )
    )
    s.next_loan_id += 1


def _pledged_twice(s: GameState) -> None:
    _loan(s, 0, 0)
    _loan(s, 0, 0)


@pytest.mark.parametrize(("what", "spoil"), SPOILS, ids=[w for w, _ in SPOILS])
def test_an_impossible_1904_state_is_refused(what: str, spoil: Callable[[GameState], object]) -> None:
    state = _midgame().state.copy()
    spoil(state)
    with pytest.raises(UnsoundState):
        Game.from_state(state)


def test_a_real_1904_state_with_notes_and_the_poorhouse_is_taken() -> None:
    game = _midgame()
    notes(game, 0, 2, [LOT[21], LOT[22]])
    _poor(game.state, 20)
    Game.from_state(game.state)


def test_every_event_of_a_1904_game_has_words() -> None:
    game = magie(seed=2, tickets=True)
    events = list(game.opening)
    simple = SimplePlayer()
    while game.state.winner is None:
        events += game.apply(simple.decide(game, game.state.pending.player))  # type: ignore[union-attr]
    names = [p.name for p in game.state.players]
    texts = [describe(e, names, game.board) for e in events]
    assert all(texts)
    assert any("into the Public Treasury" in t for t in texts)
    assert texts[-1].startswith("Game over:") and "last circuit" in texts[-1]
