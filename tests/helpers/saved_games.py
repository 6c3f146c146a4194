"""Seeded games played to the end by the built-in players, to save, load and damage in the tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine import Event, Game, RuleOptions, new_game
from engine.lookahead.players import SimplePlayer
from saves import Seat


@dataclass(frozen=True)
class Setup:
    edition: str
    players: tuple[str, ...]
    seed: int
    rules: RuleOptions | None = None

    def start(self) -> Game:
        return new_game(self.edition, list(self.players), seed=self.seed, rules=self.rules)


GAMES = {
    "classic, 2 players": Setup("classic", ("Ada", "Grace"), seed=1),
    "modern, Short Game": Setup(
        "modern", ("Ada", "Grace", "Linus"), seed=0, rules=RuleOptions(short_game=True)
    ),
    "darrow-1935, Time Limit": Setup(
        "darrow-1935", ("Ada", "Grace", "Linus", "Ken"), seed=2, rules=RuleOptions(time_limit_rounds=20)
    ),
    "finance-1936, 4 players": Setup("finance-1936", ("Ada", "Grace", "Linus", "Ken"), seed=3),
    "classic, house rules": Setup(
        "classic",
        ("Ada", "Grace", "Linus"),
        seed=1,
        rules=RuleOptions(free_parking_pot=True, double_go_salary=True),
    ),
    "addon, the airplane": Setup(
        "addon", ("Ada", "Grace", "Linus"), seed=0, rules=RuleOptions(edition_rules={"airplane": 1})
    ),
    "landlords-1904, twice round": Setup(
        "landlords-1904", ("Ada", "Grace", "Linus"), seed=0, rules=RuleOptions(circuits=2)
    ),
    "landlords-1904, no lot tickets": Setup(
        "landlords-1904", ("Ada", "Grace", "Linus"), seed=4, rules=RuleOptions(circuits=2, lot_tickets=False)
    ),
}


def seats_of(game: Game) -> list[Seat]:
    """The first seat a person, the others bots."""
    names = [p.name for p in game.state.players]
    levels = ("easy", "normal", "hard", "random", "simple")
    return [Seat(name=names[0], kind="human")] + [
        Seat(name=n, kind="bot", level=levels[i % len(levels)]) for i, n in enumerate(names[1:])
    ]


def play(
    game: Game,
    stop: Callable[[Game], bool] | None = None,
    after: Callable[[Game, list[Event]], None] | None = None,
    player: SimplePlayer | None = None,
) -> SimplePlayer:
    """Play on with the simple players until the game ends or `stop(game)` says so."""
    player = player or SimplePlayer()
    st = game.state
    while st.winner is None and not (stop is not None and stop(game)):
        pend = st.pending
        assert pend is not None
        events = game.apply(player.decide(game, pend.player))
        if after is not None:
            after(game, events)
    return player


def finished(setup: Setup) -> tuple[Game, list[list[Event]]]:
    """The whole game, and the events of each of its commands."""
    game = setup.start()
    per_command: list[list[Event]] = []
    play(game, after=lambda g, events: per_command.append(events))
    assert game.state.winner is not None
    return game, per_command
