"""The advisor: computes what `expert` would do in a player's seat now, why, and the chances of the best
options.

The advice is worked out from that player's own view, as the expert sees any table, and the options are
judged under the same luck (`engine.lookahead.judge`): the expert's choice and up to two other moves the
rules allow now, each with the player's chance to win after it and its 95 % interval. Where the caller
knows each seat's level (a table does), the options are valued with it, as the chances panel values the
table, so that the two never tell a player different figures for the same position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.expert import PLAYOUTS, ExpertBot
from engine.bots.position import Position
from engine.core.commands import Command
from engine.core.phrases import N_, Phrase
from engine.lookahead.judge import Course, Verdict, judge
from engine.play.view import GameView

OPTIONS = 3
"""The expert's choice and at most this many moves in all."""


@dataclass(frozen=True, slots=True)
class Option:
    command: Command
    chance: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Advice:
    """The move the expert would make, its reason, and the best options with the chances they leave."""

    command: Command
    reason: str
    options: tuple[Option, ...]
    said: Phrase | str = ""
    """The reason as a translatable phrase, for a front end to render in its player's language (`reason` is
    its English)."""

    def __post_init__(self) -> None:
        if not self.said:  # made with its English words only (an advisor from before, a test)
            object.__setattr__(self, "said", self.reason)


class Advisor(ExpertBot):
    """The `expert` bot configured as the advisor: it judges its courses with each seat's level known, as
    every other view of the chances does (`levels`, None where nobody knows them)."""

    def __init__(self, seed: int, seat: int, levels: Sequence[str | None] | None = None) -> None:
        super().__init__(seed, seat)
        self._judged_with = (seed, levels)

    def compare(self, pos: Position, courses: list[Course], plans: Sequence[str] = ()) -> list[Verdict]:
        seed, levels = self._judged_with
        return judge(
            pos.view,
            pos.me,
            courses,
            PLAYOUTS,
            seed,
            levels=levels,
            policy=self.playout_policy,
            plans=plans or None,
            value=self.value(pos) if "leaf" in self.uses else None,
        )


def advise(
    view: GameView, legal: list[Command], seed: int = 0, levels: Sequence[str | None] | None = None
) -> Advice:
    """Return what the expert would do in the seat whose view this is (`view.me`), among `legal`; `levels`
    names each seat's bot level (None for a person), where the caller knows who sits where."""
    me = view.me
    if me is None:
        raise ValueError("advice is for a seat: a spectator's view has none")
    bot = Advisor(seed, me, levels)
    choice = bot.choose(view, legal)
    others = _alternatives(choice, legal)
    # judged as the expert judges (its playouts, its luck), so that the chances shown are those its
    # reason gives
    verdicts = bot.compare(Position(view, me), [[choice], *([o] for o in others)])
    options = sorted(
        (Option(cmd, v.chance, v.low, v.high) for cmd, v in zip([choice, *others], verdicts, strict=True)),
        key=lambda o: -o.chance,
    )
    said = bot.said or Phrase(
        N_("it leaves me a {chance:.0f}% chance to win"), chance=100 * verdicts[0].chance
    )
    return Advice(choice, str(said), tuple(options), said)


def _alternatives(choice: Command, legal: list[Command]) -> list[Command]:
    """Return other moves worth showing beside the choice: one of each other kind the rules allow now."""
    kinds = {type(choice)}
    out: list[Command] = []
    for cmd in legal:
        if type(cmd) not in kinds and len(out) < OPTIONS - 1:
            kinds.add(type(cmd))
            out.append(cmd)
    return out
