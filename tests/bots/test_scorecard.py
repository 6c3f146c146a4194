"""The tournament's scorecard: the race to three houses on a group, who won it first, and whether that
seat then won the game."""

from __future__ import annotations

from engine import Build, Command, Game
from engine.tools.scorecard import Scorecard
from engine.tools.tournament import run_tournament

from scenario import (
    ADA,
    BALTIC,
    BOARDWALK,
    BROWN,
    DARK_BLUE,
    GRACE,
    MEDITERRANEAN,
    PARK_PLACE,
    build,
    own,
    settle,
    table,
    turn_of,
)


def watched(card: Scorecard, game: Game, *commands: Command) -> None:
    for cmd in commands:
        card.watch(cmd, game.apply(cmd))


def two_houses_each() -> tuple[Game, Scorecard]:
    """Ada's browns and Grace's dark blues, two houses on every lot: one house a lot from the race's end."""
    game = table()
    own(game, ADA, *BROWN)
    own(game, GRACE, *DARK_BLUE)
    for s in (*BROWN, *DARK_BLUE):
        build(game, s, houses=2)
    settle(game)
    card = Scorecard()
    card.begin(game, ["hard", "normal", "normal"])
    return game, card


def test_the_first_to_three_houses_on_every_lot_of_a_group_wins_the_race() -> None:
    game, card = two_houses_each()
    turn_of(game, GRACE)
    watched(card, game, Build(player=GRACE, space=BOARDWALK))  # one lot at three: not yet
    turn_of(game, ADA)
    watched(card, game, Build(player=ADA, space=MEDITERRANEAN), Build(player=ADA, space=BALTIC))
    turn_of(game, GRACE)
    watched(card, game, Build(player=GRACE, space=PARK_PLACE))  # Grace too, but second
    card.end()
    hard, normal = card.card("hard").as_dict(), card.card("normal").as_dict()
    assert hard["first_to_three_houses"] == 1.0 and normal["first_to_three_houses"] == 0.0
    assert hard["won_when_first"] == 0.0  # the game has no winner yet
    assert normal["won_when_first"] is None


def test_winning_the_game_after_the_race_is_counted_when_the_game_ends() -> None:
    game, card = two_houses_each()
    turn_of(game, GRACE)
    watched(card, game, Build(player=GRACE, space=BOARDWALK), Build(player=GRACE, space=PARK_PLACE))
    game.state.winner = GRACE  # the end of the game, as arranged
    card.end()
    normal = card.card("normal")
    assert (normal.race_first, normal.race_first_won) == (1, 1)
    assert card.card("hard").race_first == 0


def test_no_race_is_won_without_three_houses_on_every_lot() -> None:
    game, card = two_houses_each()
    turn_of(game, ADA)
    watched(card, game, Build(player=ADA, space=BALTIC))
    card.end()
    assert card.card("hard").race_first == 0


def test_a_tournament_counts_at_most_one_race_a_game_and_wins_only_among_them() -> None:
    result = run_tournament(("hard", "normal", "normal", "normal"), 8, seed=3)
    races = [result.card.card(level) for level in ("hard", "normal")]
    assert sum(c.race_first for c in races) <= result.games
    assert sum(c.race_first for c in races) >= 1  # eight bot games see somebody build three houses
    for level, c in zip(("hard", "normal"), races, strict=True):
        assert c.race_first_won <= min(c.race_first, result.wins_by_level[level])
        assert c.as_dict()["first_to_three_houses"] == round(c.race_first / c.seat_games, 3)
