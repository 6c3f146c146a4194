"""A room played in the line mode by a script: the sentences written, and a player that types lines
chosen from `help`'s words (the legal commands' spellings), with the choices a test asks for on the way."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import RuleOptions, new_game
from lines.local import LoopClock
from lines.parser import Table, spell
from lines.session import LineSession
from room import BotDriver, Room, Seat
from room.opponents import make_opponents

ME = 0


@dataclass
class LineTable:
    room: Room
    lines: LineSession
    clock: LoopClock
    out: list[str] = field(default_factory=list)
    typed: list[str] = field(default_factory=list)
    rings: int = 0
    signals: list[int] = field(default_factory=list)

    @property
    def transcript(self) -> str:
        return "".join(self.out)

    def type(self, line: str) -> list[str]:
        """Type a line (after the bots have played up to the person); the sentences it brought."""
        self.clock.run()
        before = len(self.out)
        self.typed.append(line)
        self.out.append(f"> {line}\n")
        self.lines.feed(line)
        self.clock.run()
        return [s.rstrip("\n") for s in self.out[before + 1 :]]

    def table(self) -> Table:
        return self.lines.table()

    @property
    def last_line(self) -> str:
        return self.out[-1].rstrip("\n")


def line_table(
    edition: str = "classic", seed: int = 1, level: str = "easy", bots: int = 2, short: bool | None = None
) -> LineTable:
    """Me and `bots` bots at a new seeded game, followed in lines; the bots play at once."""
    seats = [Seat(name="Vera", kind="human")]
    seats += [Seat(name=n, kind="bot", level=level) for n in ("Ada", "Grace", "Alan")[:bots]]
    short_game = edition in ("classic", "addon") if short is None else short
    game = new_game(edition, [s.name for s in seats], seed=seed, rules=RuleOptions(short_game=short_game))
    room = Room(game, seats, make_opponents(seats, seed))
    out: list[str] = []
    clock = LoopClock(sleep=lambda _: None)
    box: list[LineTable] = []

    def ring(signal: int) -> None:
        box[0].rings += 1
        box[0].signals.append(signal)

    lines = LineSession(room.join({ME}), out.append, ring)
    lt = LineTable(room, lines, clock, out)
    box.append(lt)
    driver = BotDriver(room, clock, "instant")
    lines.start()
    driver.poke()
    clock.run()
    return lt


def words_now(table: Table) -> list[str]:
    """What `help` offers now, as lines to type: every legal command's spelling."""
    return [spell(c, table) for c in table.legal]
