"""The prudent moves (`moves="prudent"`): the mask is the prudent subset of the engine's legal commands,
position after position in every edition, and each thing it leaves out is left out only where it says:
raising cash while none is needed, lifting a mortgage taken out the same turn, calling a game that
another player would win."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from engine import EDITIONS, CallGame, Game, new_game
from landlords_env import SingleAgentEnv, env, raw_env
from landlords_env.actions import CALLING, RAISING, prudent_commands

from envplay import random_steps
from scenario import ADA, BOARDWALK, GRACE, READING, cash, dice, own, turn_of


def table_from(game: Game, moves: str = "prudent") -> raw_env:
    table = raw_env(seats=len(game.state.players), moves=moves)  # type: ignore[arg-type]
    table.reset(options={"state": game.state})
    return table


def action(table: raw_env, family: str, k: int = 0) -> int:
    fam = next(f for f in table.actions.families if f.name == family)
    return fam.start + k


def allowed(table: raw_env) -> set[int]:
    return {int(i) for i in np.flatnonzero(table.observe(table.agent_selection)["action_mask"])}


def waiting_for(table: raw_env) -> str:
    """The kind of decision the game waits for."""
    pend = table._game().state.pending
    assert pend is not None
    return str(pend.kind)


def mortgaged_this_turn(table: raw_env, seat: int) -> frozenset[int]:
    """The deeds `seat` mortgaged in the turn under way, read from the game's own log of commands."""
    game = table.game
    assert game is not None
    replay = Game(game.initial.copy(), initial=game.initial)
    spaces: set[int] = set()
    for cmd in game.log:
        turn = replay.state.turn
        replay.apply(cmd)
        if cmd.kind == "mortgage" and cmd.player == seat:
            if turn != game.state.turn:
                continue
            spaces.add(cmd.space)
    return frozenset(spaces)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_mask_is_the_prudent_part_of_the_legal_commands(edition: str) -> None:
    table = raw_env(edition=edition, seats=3, seed=6, offers_per_turn=0, max_turns=400, moves="prudent")
    table.reset()
    seen: set[str] = set()
    for step in range(60):
        random_steps(table, 7, seed=300 + step)
        if not table.agents:
            break
        agent = table.agent_selection
        if table.terminations[agent] or table.truncations[agent]:
            continue
        game = table.game
        assert game is not None
        seat = int(agent.split("_")[1])
        legal = game.legal_commands(seat)
        mortgaged = mortgaged_this_turn(table, seat)
        kept = prudent_commands(game, seat, legal, mortgaged)
        mask = table.observe(agent)["action_mask"]
        moves = {int(i): table.command_for(agent, int(i)) for i in np.flatnonzero(mask)}
        listed = [m for m in moves.values() if getattr(m, "kind", "") != "place_bid"]
        assert sorted(map(repr, listed)) == sorted(repr(c) for c in kept if c.kind != "place_bid")
        # what is left out, and why: nothing else is
        pend = game.state.pending
        assert pend is not None
        short = pend.player == seat and (
            pend.kind == "debt"
            or (pend.kind == "buy" and game.board.price[pend.space] > game.state.players[seat].cash)
        )
        leads = game.ruleset.ending.standings(game)[0][0] == seat
        for cmd in legal:
            out = (
                (cmd.kind in RAISING and not short)
                or (cmd.kind == "unmortgage" and cmd.space in mortgaged)
                or (cmd.kind in CALLING and not leads)
            )
            assert (cmd not in kept) == out, (edition, cmd, pend)
            if out:
                seen.add(cmd.kind)
    if table._game().ruleset.mortgages:  # Magie's 1904 game has no mortgages and no buildings
        assert seen & RAISING, (edition, seen)  # there was cash to raise and no need of it


@pytest.mark.parametrize("edition", ["classic", "addon", "finance-1936"])
def test_pettingzoos_api_test_and_seed_test_pass_with_prudent_moves(edition: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        api_test(env(edition=edition, seats=3, seed=4, moves="prudent"), num_cycles=60)
    seed_test(lambda: env(seats=2, opponents=["easy"], seed=1, moves="prudent"), num_cycles=150)


def test_gymnasiums_env_checker_passes_with_prudent_moves() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(SingleAgentEnv(seed=1, moves="prudent"), skip_render_check=True)


def test_cash_is_raised_only_when_needed_and_a_mortgage_not_lifted_the_same_turn() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=2)
    own(game, ADA, BOARDWALK)
    cash(game, ADA, 100)
    dice(game, (2, 3))  # Reading Railroad, $200: more than Ada has
    prudent, every = table_from(game), table_from(game, "all")
    assert action(every, "mortgage", BOARDWALK) in allowed(every)
    assert action(prudent, "mortgage", BOARDWALK) not in allowed(prudent)  # no cash needed yet
    for table in (prudent, every):
        table.step(action(table, "roll_dice"))
        assert waiting_for(table) == "buy" and table._game().state.players[ADA].position == READING
        assert action(table, "mortgage", BOARDWALK) in allowed(table)  # short of the price: allowed
        table.step(action(table, "mortgage", BOARDWALK))  # $200 raised: $300
        table.step(action(table, "decline_property"))
        while waiting_for(table) == "auction":
            table.step(action(table, "pass_auction"))
        assert waiting_for(table) == "end_turn" and table._game().state.players[ADA].cash == 300
    assert action(every, "unmortgage", BOARDWALK) in allowed(every)
    assert action(prudent, "unmortgage", BOARDWALK) not in allowed(prudent)  # mortgaged this turn
    game = prudent._game()
    assert prudent._mortgaged == {ADA: (game.state.turn, frozenset({BOARDWALK}))}
    legal = game.legal_commands(ADA)
    assert any(c.kind == "unmortgage" for c in prudent_commands(game, ADA, legal, frozenset()))


def test_a_mortgage_is_raised_only_in_need_at_the_same_position() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=2)
    own(game, ADA, BOARDWALK)
    prudent, every = table_from(game), table_from(game, "all")
    assert action(every, "mortgage", BOARDWALK) in allowed(every)
    assert action(prudent, "mortgage", BOARDWALK) not in allowed(prudent)  # $1,500 in hand, no debt
    assert action(prudent, "roll_dice") in allowed(prudent)


@pytest.mark.parametrize("richer", [ADA, GRACE])
def test_the_game_is_called_only_by_and_agreed_only_by_its_winner(richer: int) -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=2)
    game.state.round = 25  # calls are allowed from round 21
    cash(game, richer, 3000)
    prudent, every = table_from(game), table_from(game, "all")
    assert action(every, "call_game") in allowed(every)
    assert (action(prudent, "call_game") in allowed(prudent)) == (richer == ADA)
    # Grace calls it on her turn; Ada is asked
    game = new_game("classic", ["Ada", "Grace"], seed=2)
    game.state.round = 25
    cash(game, richer, 3000)
    turn_of(game, GRACE)
    game.apply(CallGame(player=GRACE))
    prudent, every = table_from(game), table_from(game, "all")
    for table in (prudent, every):
        assert table.agent_selection == "player_0"
        assert table.game is not None and table.game.state.pending is not None
        assert table.game.state.pending.kind == "call_answer"
        assert action(table, "refuse_call") in allowed(table)
    assert action(every, "agree_to_call") in allowed(every)
    assert (action(prudent, "agree_to_call") in allowed(prudent)) == (richer == ADA)


def test_the_snapshot_keeps_the_mortgages_of_the_turn() -> None:
    table = raw_env(seats=3, seed=5, moves="prudent", offers_per_turn=0)
    table.reset()
    random_steps(table, 300, seed=1)
    table._mortgaged = {0: (table._game().state.turn, frozenset({1, 3}))}
    copy = table.clone()
    assert copy._mortgaged == table._mortgaged
    saved = table.snapshot()
    table._mortgaged = {}
    table.restore(saved)
    assert table._mortgaged == {0: (table._game().state.turn, frozenset({1, 3}))}


def test_moves_is_all_or_prudent() -> None:
    with pytest.raises(ValueError, match="moves is 'all' or 'prudent'"):
        raw_env(moves="careful")  # type: ignore[arg-type]
    assert raw_env().moves == "all"
