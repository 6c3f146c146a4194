"""The public surface: one door, refusals that change nothing, views, JSON, replay, narration."""

from __future__ import annotations

import json
import pickle
import typing

import pytest

from engine import (
    EndTurn,
    Game,
    GameState,
    IllegalCommand,
    RollDice,
    RuleOptions,
    new_game,
    waiting_for,
)
from engine.core.commands import command_adapter, command_list_adapter
from engine.core.events import Event, event_list_adapter
from engine.core.narration import _TEXTS, describe
from engine.core.phrases import Phrase
from engine.lookahead.players import SimplePlayer
from engine.tools.simulate import play_game


def _played(seed: int = 5, turns: int = 120) -> Game:
    game = new_game("classic", ["Ada", "Grace", "Linus", "Ken"], seed=seed)
    play_game(game, [SimplePlayer()] * 4, max_turns=turns)
    return game


def test_a_refused_command_leaves_the_state_exactly_as_it_was() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=1)
    before = game.state.copy()
    with pytest.raises(IllegalCommand) as err:
        game.apply(EndTurn(player=0))
    assert err.value.code == "not_now" and "Ada to roll" in err.value.reason
    with pytest.raises(IllegalCommand) as err:
        game.apply(RollDice(player=1))
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalCommand) as err:
        game.apply(RollDice(player=7))
    assert err.value.code == "no_such_player"
    assert game.state == before and game.log == []


def test_illegal_command_is_a_value_error_with_a_code_and_a_sentence() -> None:
    err = IllegalCommand("x", "Because.")
    assert isinstance(err, ValueError) and str(err) == "Because." and err.code == "x"


def test_every_listed_command_is_accepted() -> None:
    game = _played(turns=40)
    for p in range(4):
        for cmd in game.legal_commands(p):
            assert game.check(cmd) is None, cmd


def test_the_state_round_trips_through_json() -> None:
    game = _played()
    text = game.state.to_json()
    assert GameState.from_json(text) == game.state
    assert json.loads(text)["rng_state"] == game.state.rng_state


def test_replaying_the_log_gives_the_same_state_and_events() -> None:
    game = new_game("classic", ["Ada", "Grace", "Linus"], seed=11)
    events: list[Event] = []
    simple = SimplePlayer()
    while game.state.winner is None and game.state.turn < 150:
        events.extend(game.apply(simple.decide(game, game.state.pending.player)))  # type: ignore[union-attr]
    again = Game.from_state(game.initial)
    replayed: list[Event] = []
    for cmd in game.log:
        replayed.extend(again.apply(cmd))
    assert again.state == game.state and replayed == events
    assert Game.replay(game.initial, game.log).state == game.state


def test_the_same_seed_and_commands_give_the_same_game_and_a_different_seed_does_not() -> None:
    a, b, c = _played(seed=3), _played(seed=3), _played(seed=4)
    assert a.state == b.state and a.log == b.log
    assert a.state != c.state


def test_from_state_copies_rather_than_shares() -> None:
    game = _played(turns=10)
    other = Game.from_state(game.state)
    other.state.players[0].cash += 1
    assert other.state != game.state


def test_commands_and_events_serialise() -> None:
    game = _played(turns=60)
    log = command_list_adapter().validate_json(command_list_adapter().dump_json(game.log))
    assert log == game.log
    assert command_adapter().validate_python({"kind": "roll_dice", "player": 1}) == RollDice(player=1)
    with pytest.raises(Exception, match="extra"):
        command_adapter().validate_python({"kind": "roll_dice", "player": 1, "cheat": True})
    events = event_list_adapter().validate_python(game.opening)
    assert events == game.opening


def test_the_view_hides_the_decks_and_the_dice_to_come() -> None:
    game = _played(turns=20)
    view = game.view(1)
    dumped = view.model_dump()
    assert "decks" not in dumped and "rng_state" not in dumped and "seed" not in dumped
    assert "scripted_dice" not in dumped
    assert view.deck_sizes["chance"] + sum(p.jail_cards.count("chance") for p in view.players) == 16
    assert view.me == 1 and view.players[0].cash == game.state.players[0].cash
    view.players[0].cash = -1  # a view is a copy: nothing reaches the game
    assert game.state.players[0].cash >= 0


def test_waiting_for_says_who_and_what() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=1)
    assert waiting_for(game) == "Ada to roll"


def test_the_time_limit_game_ends_after_its_rounds_and_ranks_by_worth() -> None:
    game = new_game("classic", ["Ada", "Grace", "Linus"], seed=2, rules=RuleOptions(time_limit_rounds=5))
    events = []
    simple = SimplePlayer()
    while game.state.winner is None:
        events.extend(game.apply(simple.decide(game, game.state.pending.player)))  # type: ignore[union-attr]
    over = events[-1]
    assert over.kind == "game_over" and over.reason == "time_limit"
    assert game.state.round == 5 and game.state.turn == 15
    worths = [w for _, w in over.standings]
    assert worths == sorted(worths, reverse=True)


def test_every_event_kind_has_words() -> None:
    union = typing.get_args(typing.get_args(Event)[0])
    kinds = {typing.get_args(cls.model_fields["kind"].annotation)[0] for cls in union}
    assert kinds == set(_TEXTS)


def test_narration_reads_like_the_table_talk() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=9)
    names = ["Ada", "Grace"]
    from engine.core.events import RentPaid

    text = describe(
        RentPaid(payer=1, owner=0, space=18, amount=550, detail="with 3 houses"), names, game.board
    )
    assert text == "Grace paid Ada $550 rent for Tennessee Avenue with 3 houses."
    played = _played(turns=80)
    for cmd_events in [played.opening]:
        for e in cmd_events:
            assert describe(e, ["Ada", "Grace", "Linus", "Ken"], played.board)


def test_from_state_refuses_a_state_the_game_could_never_be_in() -> None:
    from engine import UnsoundState

    game = _played(turns=30)
    for spoil in (
        lambda s: setattr(s.deeds[39], "level", 7),
        lambda s: setattr(s.deeds[39], "owner", 9),
        lambda s: s.decks["chance"].append("free_money"),
        lambda s: setattr(s.bank, "houses", 33),
        lambda s: setattr(s, "current", 4),
        lambda s: setattr(s.players[0], "position", 40),
    ):
        state = game.state.copy()
        spoil(state)
        with pytest.raises(UnsoundState):
            Game.from_state(state)
    Game.from_state(game.state)  # the real one is fine


def test_simple_players_decide_from_the_state_alone() -> None:
    """A game taken up from any point by fresh players goes on exactly as the uninterrupted one."""
    whole = new_game("classic", ["Ada", "Grace", "Linus", "Ken"], seed=21)
    play_game(whole, [SimplePlayer()] * 4, max_turns=300)
    for cut in (17, 150, 400, len(whole.log) // 2):
        part = Game.replay(whole.initial, whole.log[:cut])
        resumed = Game.from_state(part.state)
        play_game(resumed, [SimplePlayer()] * 4, max_turns=300)
        assert resumed.state == whole.state


def test_a_refusal_pickles_whole() -> None:
    """A refusal raised in a worker process (self-play, the bots bench) reaches the caller with its code and
    phrase, not as an error of its own."""
    refusal = IllegalCommand("lot_limit", Phrase("{name} has no ownership marker left", name="Ada"))
    again = pickle.loads(pickle.dumps(refusal))
    assert isinstance(again, IllegalCommand)
    assert (again.code, again.reason, again.phrase) == (
        "lot_limit",
        "Ada has no ownership marker left",
        refusal.phrase,
    )
