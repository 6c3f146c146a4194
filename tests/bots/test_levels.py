"""The bot interface: levels, seats, determinism, and whole games in which every answer is legal."""

from __future__ import annotations

import pytest

from engine import Build, EndTurn, Game, RuleOptions, new_game
from engine.bots import LEVELS, make_bot
from engine.bots.base import BotBase
from engine.bots.levels import measured, plays_below
from engine.core.catalogue import EDITIONS
from engine.tools.simulate import BotPlayer

from positions import (
    BALTIC,
    BOARDWALK,
    MEDITERRANEAN,
    NEW_YORK,
    ORANGE,
    READING,
    ask,
    end_turn,
    table,
)


def test_levels_are_the_published_ones() -> None:
    assert LEVELS == ("easy", "normal", "hard", "expert", "random")
    for level in LEVELS:
        assert make_bot(level, seed=1, seat=0).level == level


def test_an_unknown_level_is_refused_with_the_known_ones_named() -> None:
    with pytest.raises(ValueError, match="easy, normal, hard, expert, random"):
        make_bot("grandmaster", seed=1, seat=0)


def test_the_three_levels_are_different_strategies_not_one_with_noise() -> None:
    """Same table, same question: the levels answer differently by design, not by chance."""
    # brown and orange complete, cash in hand: the newcomer builds on the cheapest group, the others on
    # the group that pays best per dollar, starting with its most lucrative lot
    game = table(owners={0: (MEDITERRANEAN, BALTIC, *ORANGE)}, cash=(900, 1500, 1500, 1500))
    end_turn(game, 0)
    answers = {level: ask(make_bot(level, 3, 0), game, 0) for level in ("easy", "normal", "hard")}
    assert answers["easy"] == Build(player=0, space=BALTIC)
    assert answers["normal"] == answers["hard"] == Build(player=0, space=NEW_YORK)
    # short of cash (not a house beyond what each keeps in hand): only the hard bot mortgages a stray
    # deed to get its houses up
    game = table(owners={0: (*ORANGE, BOARDWALK, READING)}, cash=(140, 1500, 1500, 1500))
    end_turn(game, 0)
    answers = {level: ask(make_bot(level, 3, 0), game, 0) for level in ("easy", "normal", "hard")}
    assert answers["easy"] == answers["normal"] == EndTurn(player=0)
    assert answers["hard"].kind == "mortgage" and answers["hard"].space in (BOARDWALK, READING)


def test_a_bot_asked_out_of_turn_says_so() -> None:
    game = new_game("classic", ["A", "B"], seed=1)
    with pytest.raises(ValueError, match="not waiting for seat 1"):
        make_bot("normal", 1, 1).choose(game.view(1), game.legal_commands(1))


def _play(
    game: Game, levels: list[str], seed: int, max_turns: int, invariants: bool = False
) -> list[BotBase]:
    from invariants import check_ledger, check_state  # the shared checks beside the tests

    bots = [make_bot(level, seed, seat) for seat, level in enumerate(levels)]
    players = [BotPlayer(b) for b in bots]
    st = game.state
    while st.winner is None and st.turn < max_turns:
        p = st.pending.player  # type: ignore[union-attr]
        cmd = players[p].decide(game, p)
        assert game.check(cmd) is None, (levels[p], cmd, game.check(cmd))
        before = st.copy() if invariants else None
        events = game.apply(cmd)
        if before is not None:
            check_ledger(before, st, events)
            check_state(game)
    assert all(isinstance(b, BotBase) for b in bots)
    return [b for b in bots if isinstance(b, BotBase)]


@pytest.mark.parametrize(
    ("levels", "edition", "rules"),
    [
        (["easy", "normal", "hard", "random"], "classic", None),
        (["hard", "hard"], "classic", None),
        (["normal", "easy", "random", "hard", "normal", "easy"], "classic", None),
        (["hard", "normal", "easy"], "modern", None),
        (["normal", "hard", "easy", "random"], "darrow-1935", None),
        (["hard", "normal", "easy"], "classic", RuleOptions(short_game=True)),
        (["hard", "normal", "easy", "random"], "classic", RuleOptions(time_limit_rounds=30)),
        (["random", "random", "random"], "classic", RuleOptions(free_parking_pot=True, even_building=False)),
    ],
)
def test_whole_games_keep_every_rule_and_invariant(
    levels: list[str], edition: str, rules: RuleOptions | None
) -> None:
    for seed in (11, 12):
        game = new_game(edition, [f"Bot {i}" for i in range(len(levels))], seed=seed, rules=rules)
        bots = _play(game, levels, seed, max_turns=400, invariants=True)
        assert all(b.refused == 0 for b in bots), [b.refused for b in bots]


def test_the_same_seeds_play_out_identically() -> None:
    logs = []
    for _ in range(2):
        game = new_game("classic", ["A", "B", "C", "D"], seed=99)
        _play(game, ["hard", "normal", "easy", "random"], 99, max_turns=300)
        logs.append(game.log)
    assert logs[0] == logs[1]
    assert len(logs[0]) > 100


def test_a_bots_randomness_comes_from_the_seed_and_its_seat_not_the_dice() -> None:
    a, b, c = (make_bot("random", 5, 0), make_bot("random", 5, 0), make_bot("random", 5, 1))
    assert isinstance(a, BotBase) and isinstance(b, BotBase) and isinstance(c, BotBase)
    first = [a.below(1000) for _ in range(20)]
    assert first == [b.below(1000) for _ in range(20)]
    assert first != [c.below(1000) for _ in range(20)]
    game = new_game("classic", ["A", "B"], seed=5)
    state = (game.state.rng_state, game.state.rng_inc)
    ask(make_bot("normal", 5, 0), game, 0)
    assert (game.state.rng_state, game.state.rng_inc) == state


def _commands(levels: tuple[str, ...], edition: str, seed: int, turns: int) -> list[str]:
    """The commands of a seeded game between these levels, with each bot's reason."""
    from engine.tools.simulate import play_game

    game = new_game(edition, [f"Bot {k + 1}" for k in range(len(levels))], seed=seed)
    players = [BotPlayer(make_bot(level, seed, seat)) for seat, level in enumerate(levels)]
    made: list[str] = []
    play_game(game, players, turns, watch=lambda cmd, events: made.append(cmd.model_dump_json()))
    return made


@pytest.mark.parametrize("edition", [e for e in EDITIONS if plays_below("expert", e)])
def test_where_the_expert_plays_the_sharks_decisions_it_plays_them_all(edition: str) -> None:
    """Where the expert's own play won less than an even share against three `hard` (`engine/data/
    levels.json`), it plays `hard`'s decisions: a game with it in a seat is the game with `hard` there."""
    assert plays_below("expert", edition) == "hard"
    assert "bench/bots.py --match expert-hard" in measured("expert")[edition], "the measure, to be run again"
    lineup = ("hard", "normal", "easy")
    expert = _commands(("expert", *lineup), edition, seed=5, turns=120)
    hard = _commands(("hard", *lineup), edition, seed=5, turns=120)
    assert len(expert) > 200 and expert == hard
