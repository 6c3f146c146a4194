"""The floor under the engine's speed: the reference loop's reduced rules played the way the engine is built,
one part of its design added at a time, each timed in CPU seconds per throw beside the reference loop.

    reference    `bench/reference_loop.py` as it is
    + events     the engine's own events (immutable models, one shared instance per recurring value) in
                 place of bare records, and the turn's start told as the engine tells it
    + door       every step one of the engine's commands through a door like `Game.apply`: its action found
                 in a table, its shape checked, its check run (is this the player's decision now), its
                 events collected, the command logged
    + decisions  the game waits for a decision and a player makes it: buying is a command of its own, as
                 the rules have it (a player may decline), so a throw takes about 2.1 commands here where
                 real games take 2.8
    + state      the table kept in the engine's state objects, and the end of a throw a continuation
                 queued and run by the door, as a saved game needs

None of these plays a real game: no auctions, building, cards, trades, debts or doubles, and the player's
choices are one comparison each. So the last line is a floor: when it already costs more than twice the
reference, no engine built this way runs at half the reference's speed.

    python bench/floor.py [--games 300] [--repeats 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# Run as a script, this file's folder comes first on the path and its name would hide the engine package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from engine.core.commands import BuyProperty, DeclineProperty, EndTurn, RollDice, malformed  # noqa: E402
from engine.core.errors import IllegalCommand, Refusal  # noqa: E402
from engine.core.events import (  # noqa: E402
    DiceRolled,
    Event,
    JailFinePaid,
    PassedGo,
    PlayerMoved,
    PropertyBought,
    RentPaid,
    SentToJail,
    TurnStarted,
    interned,
)
from engine.core.state import (  # noqa: E402
    FinishRoll,
    awaiting_end_turn,
    awaiting_roll,
    buy_decision,
    finish_roll,
)
from engine.play.setup import new_game  # noqa: E402

sys.path.append(str(HERE))
import reference_loop as ref  # noqa: E402

ROLLS_PER_GAME = 200
PATHS = tuple(
    tuple(tuple((start + k) % 40 for k in range(1, steps + 1)) for steps in range(13)) for start in range(40)
)
"""The spaces a move of 0 to 12 steps enters from each space, worked out once (as the engine keeps them)."""

_rolled = interned(DiceRolled, "player", "dice", "doubles")
_moved = interned(PlayerMoved, "player", "from_space", "to_space", "via", "backward", "path")
_salary = interned(PassedGo, "player", "salary", "landed", "space")
_rent = interned(RentPaid, "payer", "owner", "space", "amount", "detail")
_bought = interned(PropertyBought, "player", "space", "price")
_jailed = interned(SentToJail, "player", "reason", "space")
_fine = interned(JailFinePaid, "player", "amount", "forced")
_started = interned(TurnStarted, "player", "turn")


class Events(ref.Loop):
    """The reference's rules, telling what happened in the engine's events."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.turn = 0
        self.waiting = "roll"
        self.emit: Callable[[Any], None] = self.events.append

    def _roll(self, cmd: Any) -> None:
        p = cmd.player
        d1, d2 = self._die(), self._die()
        emit = self.emit
        emit(_rolled(p, (d1, d2), d1 == d2))
        if self.jailed[p]:
            self.jailed[p] = False
            self.cash[p] -= ref.FINE
            emit(_fine(p, ref.FINE, True))
        start = self.pos[p]
        to = start + d1 + d2
        path = PATHS[start][d1 + d2]
        emit(_moved(p, start, to % 40, "dice", False, path))
        if to >= 40:
            to -= 40
            self.cash[p] += ref.SALARY
            emit(_salary(p, ref.SALARY, to == 0, 0))
        self.pos[p] = to
        self.waiting = "end_turn"
        if to == ref.GO_TO_JAIL:
            self.pos[p] = ref.JAIL
            self.jailed[p] = True
            emit(_jailed(p, "go_to_jail", to))
            return
        owner = self.owner[to]
        if owner is None:
            if ref.PRICE[to] and self.cash[p] >= ref.PRICE[to] + 200:
                self.owner[to] = p
                self.cash[p] -= ref.PRICE[to]
                emit(_bought(p, to, ref.PRICE[to]))
        elif owner != p:
            rent = min(ref.RENT[to], self.cash[p])
            self.cash[p] -= rent
            self.cash[owner] += rent
            emit(_rent(p, owner, to, rent, ""))

    def _end(self, cmd: Any) -> None:
        self.current = (cmd.player + 1) % len(self.cash)
        self.turn += 1
        self.waiting = "roll"
        self.events.clear()
        self.emit(_started(self.current, self.turn))


class Door(Events):
    """... every step a command of the engine's, through a door that checks it and collects its events."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.waiting = "roll"
        self.log: list[Any] = []
        self.table: dict[type, tuple[Callable[[Any], Refusal], Callable[[Any], None]]] = {
            RollDice: (self._check_roll, self._roll),
            EndTurn: (self._check_end, self._end),
        }

    def apply(self, cmd: Any) -> list[Event]:  # type: ignore[override]
        entry = self.table.get(cmd.__class__)
        if entry is None:
            raise IllegalCommand("unknown_command", f"{type(cmd).__name__} is not a command of this game")
        refusal = malformed(cmd) or entry[0](cmd)
        if refusal is not None:
            raise refusal
        events: list[Event] = []
        self.emit = events.append
        entry[1](cmd)
        self.log.append(cmd)
        return events

    def _awaited(self, player: int, kind: str) -> Refusal:
        if player == self.current and self.waiting == kind:
            return None
        return IllegalCommand("not_now", "Not now.")

    def _check_roll(self, cmd: RollDice) -> Refusal:
        return self._awaited(cmd.player, "roll")

    def _check_end(self, cmd: EndTurn) -> Refusal:
        return self._awaited(cmd.player, "end_turn")


class Decisions(Door):
    """... the game awaiting a decision that a player makes, buying included."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.pending: Any = awaiting_roll(0)
        self.table[BuyProperty] = (self._check_buy, self._buy)
        self.table[DeclineProperty] = (self._check_buy, self._decline)

    def _awaited(self, player: int, kind: str) -> Refusal:
        pend = self.pending
        if pend is not None and pend.player == player and pend.kind == kind:
            return None
        return IllegalCommand("not_now", "Not now.")

    def _check_buy(self, cmd: Any) -> Refusal:
        return self._awaited(cmd.player, "buy")

    def _roll(self, cmd: Any) -> None:
        p = cmd.player
        self.pending = None
        d1, d2 = self._die(), self._die()
        emit = self.emit
        emit(_rolled(p, (d1, d2), d1 == d2))
        if self.jailed[p]:
            self.jailed[p] = False
            self.cash[p] -= ref.FINE
            emit(_fine(p, ref.FINE, True))
        start = self.pos[p]
        to = start + d1 + d2
        emit(_moved(p, start, to % 40, "dice", False, PATHS[start][d1 + d2]))
        if to >= 40:
            to -= 40
            self.cash[p] += ref.SALARY
            emit(_salary(p, ref.SALARY, to == 0, 0))
        self.pos[p] = to
        self.pending = awaiting_end_turn(p)
        if to == ref.GO_TO_JAIL:
            self.pos[p] = ref.JAIL
            self.jailed[p] = True
            emit(_jailed(p, "go_to_jail", to))
            return
        owner = self.owner[to]
        if owner is None:
            if ref.PRICE[to]:
                self.pending = buy_decision(p, to)
        elif owner != p:
            rent = min(ref.RENT[to], self.cash[p])
            self.cash[p] -= rent
            self.cash[owner] += rent
            emit(_rent(p, owner, to, rent, ""))

    def _buy(self, cmd: Any) -> None:
        p, to = cmd.player, self.pending.space
        self.owner[to] = p
        self.cash[p] -= ref.PRICE[to]
        self.emit(_bought(p, to, ref.PRICE[to]))
        self.pending = awaiting_end_turn(p)

    def _decline(self, cmd: Any) -> None:
        self.pending = awaiting_end_turn(cmd.player)

    def _end(self, cmd: Any) -> None:
        self.current = (cmd.player + 1) % len(self.cash)
        self.turn += 1
        self.pending = awaiting_roll(self.current)
        self.emit(_started(self.current, self.turn))


class Player:
    """Chooses from what the game waits for: roll, buy while cash lasts, end the turn."""

    def __init__(self) -> None:
        self.roll = [RollDice(player=p) for p in range(4)]
        self.end = [EndTurn(player=p) for p in range(4)]
        self.buy = [BuyProperty(player=p) for p in range(4)]
        self.decline = [DeclineProperty(player=p) for p in range(4)]

    def decide(self, loop: Any, pend: Any) -> Any:
        kind = pend.kind
        player = pend.player
        if kind == "roll":
            return self.roll[player]
        if kind == "end_turn":
            return self.end[player]
        if loop.cash_of(player) >= ref.PRICE[pend.space] + 200:
            return self.buy[player]
        return self.decline[player]


class State(Decisions):
    """... the table in the engine's state objects, and the end of a throw a queued continuation."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.tab = new_game("classic", ["A", "B", "C", "D"], seed=seed).state  # (`state` is the dice's)
        self.effects: dict[type, Callable[[Any], None]] = {FinishRoll: self._finish}

    def cash_of(self, player: int) -> int:
        return self.tab.players[player].cash

    def apply(self, cmd: Any) -> list[Event]:
        entry = self.table.get(cmd.__class__)
        if entry is None:
            raise IllegalCommand("unknown_command", f"{type(cmd).__name__} is not a command of this game")
        refusal = malformed(cmd) or entry[0](cmd)
        if refusal is not None:
            raise refusal
        events: list[Event] = []
        self.emit = events.append
        entry[1](cmd)
        st = self.tab
        while st.pending is None and st.queue:
            eff = st.queue.pop(0)
            self.effects[type(eff)](eff)
        self.log.append(cmd)
        return events

    def _awaited(self, player: int, kind: str) -> Refusal:
        pend = self.tab.pending
        if pend is not None and pend.player == player and pend.kind == kind:
            return None
        return IllegalCommand("not_now", "Not now.")

    def _roll(self, cmd: Any) -> None:
        p = cmd.player
        st = self.tab
        st.pending = None
        d1, d2 = self._die(), self._die()
        emit = self.emit
        emit(_rolled(p, (d1, d2), d1 == d2))
        ps = st.players[p]
        if ps.in_jail:
            ps.in_jail = False
            ps.cash -= ref.FINE
            emit(_fine(p, ref.FINE, True))
        start = ps.position
        to = start + d1 + d2
        emit(_moved(p, start, to % 40, "dice", False, PATHS[start][d1 + d2]))
        if to >= 40:
            to -= 40
            ps.cash += ref.SALARY
            emit(_salary(p, ref.SALARY, to == 0, 0))
        ps.position = to
        st.queue.insert(0, finish_roll(p, False))
        if to == ref.GO_TO_JAIL:
            ps.position = ref.JAIL
            ps.in_jail = True
            emit(_jailed(p, "go_to_jail", to))
            return
        deed = st.deeds.get(to)
        if deed is None:
            return
        owner = deed.owner
        if owner is None:
            st.pending = buy_decision(p, to)
        elif owner != p:
            rent = min(ref.RENT[to], ps.cash)
            ps.cash -= rent
            st.players[owner].cash += rent
            emit(_rent(p, owner, to, rent, ""))

    def _finish(self, eff: FinishRoll) -> None:
        self.tab.pending = awaiting_end_turn(eff.player)

    def _buy(self, cmd: Any) -> None:
        st = self.tab
        p, to = cmd.player, st.pending.space  # type: ignore[union-attr]
        st.pending = None
        st.deeds[to].owner = p
        st.players[p].cash -= ref.PRICE[to]
        self.emit(_bought(p, to, ref.PRICE[to]))

    def _decline(self, cmd: Any) -> None:
        self.tab.pending = None

    def _end(self, cmd: Any) -> None:
        st = self.tab
        st.current = (cmd.player + 1) % 4
        st.turn += 1
        st.pending = awaiting_roll(st.current)
        self.emit(_started(st.current, st.turn))


class Plain(Decisions):
    def cash_of(self, player: int) -> int:
        return self.cash[player]


def reference(games: int) -> tuple[int, int]:
    """(throws, commands) of the reference loop itself."""
    rolls = ref.play(games, ROLLS_PER_GAME)
    return rolls, 2 * rolls


def fixed_turns(
    kind: type[Events], roll: Callable[..., Any], end: Callable[..., Any]
) -> Callable[[int], tuple[int, int]]:
    """Play a loop whose turns are always a throw and its end, as the reference's are."""

    def play(games: int) -> tuple[int, int]:
        total = 0
        for g in range(games):
            loop = kind(1_000_003 + g)
            rolls = [roll(player=p) for p in range(4)]
            ends = [end(player=p) for p in range(4)]
            for _ in range(ROLLS_PER_GAME):
                p = loop.current
                loop.apply(rolls[p])
                loop.apply(ends[p])
                total += 1
        return total, 2 * total

    return play


def decided(kind: type[Plain] | type[State]) -> Callable[[int], tuple[int, int]]:
    """Play a loop whose every command a player chooses from what the game waits for."""

    def play(games: int) -> tuple[int, int]:
        rolls = commands = 0
        for g in range(games):
            loop = kind(1_000_003 + g)
            player = Player()
            decide, apply = player.decide, loop.apply
            state = loop.tab if isinstance(loop, State) else loop
            for _ in range(ROLLS_PER_GAME):
                while True:
                    pend = state.pending
                    cmd = decide(loop, pend)
                    apply(cmd)
                    commands += 1
                    if cmd.__class__ is RollDice:
                        rolls += 1
                    elif cmd.__class__ is EndTurn:
                        break
        return rolls, commands

    return play


STAGES: list[tuple[str, Callable[[int], tuple[int, int]]]] = [
    ("reference", reference),
    ("+ events", fixed_turns(Events, ref.Roll, ref.End)),
    ("+ door", fixed_turns(Door, RollDice, EndTurn)),
    ("+ decisions", decided(Plain)),
    ("+ state", decided(State)),
]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    best = [float("inf")] * len(STAGES)
    per_roll = [0.0] * len(STAGES)
    for _ in range(args.repeats):  # alternating, so that every stage meets the same load
        for i, (_, play) in enumerate(STAGES):
            start = time.process_time()
            rolls, commands = play(args.games)
            cpu = time.process_time() - start
            if cpu / rolls < best[i]:
                best[i] = cpu / rolls
                per_roll[i] = commands / rolls
    print(f"{'':12} {'us per throw':>13} {'commands':>9} {'x reference':>12} {'speed ratio':>12}")
    for (label, _), seconds, commands in zip(STAGES, best, per_roll, strict=True):
        print(
            f"{label:12} {seconds * 1e6:13.2f} {commands:9.2f} {seconds / best[0]:12.2f} "
            f"{best[0] / seconds:12.2f}"
        )
    print("target       the engine at a speed ratio of 0.2 or more (bench/engine.py); the last line: a floor")


if __name__ == "__main__":
    main()
