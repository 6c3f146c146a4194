"""Finance games saved in the middle of what only Finance has: a forced move waiting on a rival's decision,
a railroad's throw waiting on a fare that must be raised, a creditor choosing the lots he keeps. Each
loads (replayed and checked), and goes on exactly as the game that was never saved."""

from __future__ import annotations

from pathlib import Path

from engine import (
    BuyProperty,
    DeclareBankruptcy,
    DeclineProperty,
    Game,
    GameState,
    PassAuction,
    RollDice,
    SellLot,
)
from engine.core.commands import Command
from engine.lookahead.players import SimplePlayer
from saves import SaveStore

from finance_board import CHEVY_CHASE, FAIRHOPE, MARKET, NORTH_RR, P0, P1, P2, finance, lot
from saved_games import seats_of
from scenario import cash, dice, place, play, settle


def _round_trip(game: Game, tmp_path: Path) -> Game:
    store = SaveStore(tmp_path)
    with store.create(game, seats_of(game), "finance") as session:
        save_id = session.id
    loaded = store.load(save_id).game
    assert loaded.state == game.state
    assert Game.replay(loaded.initial, loaded.log).state == game.state
    assert GameState.from_json(game.state.to_json()) == game.state
    return loaded


def _same_future(game: Game, loaded: Game, commands: list[Command]) -> None:
    for cmd in commands:
        assert game.apply(cmd) == loaded.apply(cmd)
    simple = SimplePlayer()
    for _ in range(300):  # then the same play on both, to the end or a while
        if game.state.winner is not None:
            break
        pend = game.state.pending
        assert pend is not None
        cmd = simple.decide(game, pend.player)
        assert game.apply(cmd) == loaded.apply(cmd)
    assert loaded.state == game.state


def test_a_forced_move_waiting_on_a_rivals_purchase_resumes(tmp_path: Path) -> None:
    game = finance()
    place(game, P1, CHEVY_CHASE)
    place(game, P0, CHEVY_CHASE - 4)
    dice(game, (2, 2))
    settle(game)
    play(game, RollDice(player=P0), DeclineProperty(player=P0))
    play(game, *[PassAuction(player=p) for p in (1, 2, 3, 0)])
    pend = game.state.pending
    assert pend is not None and (pend.kind, pend.player) == ("buy", P1)  # P1 sent back onto Fairhope
    assert game.state.players[P1].position == FAIRHOPE
    assert [e.kind for e in game.state.queue] == ["finish_roll"]  # P0's double, after the chain
    loaded = _round_trip(game, tmp_path)
    _same_future(game, loaded, [BuyProperty(player=P1)])


def test_a_rides_throw_held_by_a_fare_being_raised_resumes(tmp_path: Path) -> None:
    game = finance()
    lot(game, P0, MARKET, 2)
    cash(game, P0, 4)
    place(game, P0, NORTH_RR - 3)
    dice(game, (1, 2), (1, 3))
    settle(game)
    play(game, RollDice(player=P0))
    pend = game.state.pending
    assert pend is not None and pend.kind == "debt"
    assert [e.kind for e in game.state.queue] == ["throw", "finish_roll"]
    loaded = _round_trip(game, tmp_path)
    _same_future(game, loaded, [SellLot(player=P0, space=MARKET)])
    assert game.state.players[P0].position != NORTH_RR


def test_a_creditor_choosing_his_lots_resumes(tmp_path: Path) -> None:
    game = finance()
    for s in (1, 3, 4, 6, 8, 9, 11):
        lot(game, P1, s)
    lot(game, P1, 29, 6)  # Madison Square with six houses: $3,200
    cash(game, P0, 0)
    lot(game, P0, 38)
    lot(game, P0, 39)
    place(game, P0, 26)
    place(game, P2, 23)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0), DeclareBankruptcy(player=P0))
    pend = game.state.pending
    assert pend is not None and (pend.kind, pend.player) == ("excess_lots", P1)
    loaded = _round_trip(game, tmp_path)
    _same_future(game, loaded, [SellLot(player=P1, space=38), SellLot(player=P1, space=39)])
