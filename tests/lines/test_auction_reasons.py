"""In lines, a bot's reason for bidding is told with its first bid, before the auction's result, and names
no figure while the auction is open: how far it would have gone is told once the auction closes."""

from __future__ import annotations

import re

from engine import new_game
from lines.local import LoopClock
from lines.session import LineSession
from room import BotDriver, Room, Seat
from room.opponents import make_opponents

from linetable import LineTable

SEATS = [
    Seat(name="Vera", kind="human"),
    Seat(name="Grace", kind="bot", level="normal"),
    Seat(name="Linus", kind="bot", level="hard"),
    Seat(name="Ada", kind="bot", level="easy"),
]


def _auction() -> list[str]:
    """Vera's first throw lands on Oriental Avenue; she declines it and passes in its auction."""
    game = new_game("classic", [s.name for s in SEATS], seed=11, dice=[(2, 4)])
    room = Room(game, SEATS, make_opponents(SEATS, 11))
    out: list[str] = []
    clock = LoopClock(sleep=lambda _: None)
    lt = LineTable(room, LineSession(room.join({0}), out.append), clock, out)
    driver = BotDriver(room, clock, "instant")
    lt.lines.start()
    driver.poke()
    clock.run()
    lt.type("verbose")
    lt.type("roll")
    lt.type("decline")
    lt.type("pass")
    said = lt.transcript.splitlines()
    start = next(i for i, line in enumerate(said) if "goes to auction" in line)
    end = next(i for i, line in enumerate(said) if " won Oriental Avenue" in line)
    return said[start : end + 1]


def test_a_bots_reason_comes_with_its_first_bid_its_limit_only_once_the_auction_closes() -> None:
    said = _auction()
    bidders = {m.group(1) for line in said if (m := re.match(r"(\w+) bid \$", line))}
    assert bidders == {"Grace", "Linus", "Ada"}, said
    for name in bidders:
        first = next(i for i, line in enumerate(said) if line.startswith(f"{name} bid $"))
        assert said[first + 1].startswith(f"{name}: “I bid for Oriental Avenue: "), said
    closing = max(i for i, line in enumerate(said) if re.match(r"\w+ (bid \$|passed)", line))
    open_reasons = [line for line in said[:closing] if re.match(r"\w+: “", line)]
    assert len(open_reasons) == len(bidders), said  # one a bot, each with its first bid
    assert not any("$" in line for line in open_reasons), said  # no limit told while the auction is open
    limits = [line for line in said[closing:] if re.match(r"\w+: “", line)]
    assert limits and all("$" in line for line in limits), said  # told after the last pass, before the result
