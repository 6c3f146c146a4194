"""The track: the path tokens move along, as one or more rings of spaces joined by links.

Each ring is walked in its order going forward and in reverse going back. A link lets a token leaving a
space go on from a space of another ring instead; whether it does is decided by the link's condition (the
parity of the move, a card, or the mover's choice, for which the walk stops and asks). Changing rings
uses no step. A walk reports every space it entered, so that the spaces that pay when passed can pay.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from engine.core.edition import Edition, Link, TrackData
from engine.core.hooks import LINK_CONDITIONS, TRACK_RULES

Via = Literal["dice", "card"]
Choose = Callable[[int, tuple[int, ...]], int]
"""(junction, options) -> the option taken: a stand-in for the mover, for planning ahead."""


@dataclass(frozen=True, slots=True)
class Move:
    """The properties of the move under way that a link's condition may test."""

    steps: int  # steps of the whole move
    taken: int  # steps already taken
    via: Via
    direction: int  # +1 forward, -1 back


LinkCondition = Callable[[Move], "bool | None"]
"""True: the move takes the link; False: it stays on its ring; None: the mover chooses."""


class Walk(NamedTuple):
    """A move along the track. `path` holds the spaces entered, one per step; `end` is where the token
    stands. When a link needs the mover's choice, the walk stops on the junction: `options` are the spaces
    it may go on from (the junction itself first, meaning stay on this ring), with `steps_left` to go.
    (A named tuple: every move of every game makes one.)"""

    path: tuple[int, ...]
    end: int
    options: tuple[int, ...] = ()
    steps_left: int = 0

    @property
    def stopped(self) -> bool:
        return bool(self.options)


@dataclass(frozen=True, slots=True)
class Track:
    size: int
    rings: tuple[tuple[int, ...], ...]
    ring_of: tuple[int, ...]
    forward: tuple[int, ...]  # the next space along each space's ring
    backward: tuple[int, ...]
    links: tuple[tuple[Link, ...], ...]  # the links leaving each space
    conditions: dict[str, LinkCondition]
    linked: bool  # some space has a link (else every walk stays on its ring)
    index: tuple[int, ...]  # each space's place on its ring
    doubled: tuple[tuple[int, ...], ...]  # each ring twice over, so that a walk is a slice
    glides: dict[int, tuple[int, tuple[int, ...]]] = field(default_factory=dict, compare=False)
    """The moves `glide` has worked out, kept: a game makes the same few hundred moves again and again."""

    def step(self, space: int, direction: int) -> int:
        return self.forward[space] if direction > 0 else self.backward[space]

    def walk(
        self,
        start: int,
        steps: int,
        direction: int = 1,
        via: Via = "dice",
        total: int | None = None,
        decided: bool = False,
        choose: Choose | None = None,
    ) -> Walk:
        """Walk `steps` from `start`. `total` is the whole move's length when this walk resumes one that
        stopped (`decided`: the way on from `start` has been chosen). Without `choose`, a link that needs
        the mover's choice stops the walk there."""
        if not self.linked:
            ring = self.doubled[self.ring_of[start]]
            n = len(ring) // 2
            if steps < n:
                i = self.index[start]
                ahead = ring[i + 1 : i + 1 + steps]
                along = ahead if direction > 0 else ring[i + n - steps : i + n][::-1]
                return Walk(along, along[-1] if along else start)
        total = steps if total is None else total
        forward, backward, links = self.forward, self.backward, self.links
        nxt = forward if direction > 0 else backward
        path: list[int] = []
        here = start
        for k in range(steps):
            if links[here] and not (decided and k == 0):
                options = self._ways_on(here, Move(total, total - steps + k, via, direction))
                if len(options) > 1:
                    if choose is None:
                        return Walk(tuple(path), here, options, steps - k)
                    here = choose(here, options)
                else:
                    here = options[0]
            here = nxt[here]
            path.append(here)
        return Walk(tuple(path), here)

    def glide(self, start: int, steps: int, direction: int) -> tuple[int, tuple[int, ...]] | None:
        """Return (where the move ends, the spaces it enters one per step) for a move of `steps` along
        `start`'s ring, on a track without links and for a move shorter than the ring (the commonest move of
        all, worked out without walking it); else None."""
        if self.linked or steps >= self.size:
            return None
        key = (start * self.size + steps) * direction
        hop = self.glides.get(key)
        if hop is not None:
            return hop
        ring = self.doubled[self.ring_of[start]]
        i, n = self.index[start], len(ring) >> 1
        if steps >= n:
            return None
        if direction > 0:
            hop = (ring[i + steps], ring[i + 1 : i + 1 + steps])
        else:
            hop = (ring[i + n - steps], ring[i + n - steps : i + n][::-1])
        self.glides[key] = hop
        return hop

    def _ways_on(self, here: int, move: Move) -> tuple[int, ...]:
        """Return the spaces a token leaving `here` may go on from: forced links first, else a choice."""
        chosen = [here]
        for link in self.links[here]:
            take = self.conditions[link.when](move)
            if take:
                return (link.to,)
            if take is None:
                chosen.append(link.to)
        return tuple(chosen)

    def along(self, start: int, target: int) -> tuple[int, ...] | None:
        """Return the spaces entered going forward along `start`'s ring to `target` (a whole circuit when they
        are the same space), taking no link; None when `target` lies on another ring."""
        if self.ring_of[start] != self.ring_of[target]:
            return None
        path = [self.forward[start]]
        while path[-1] != target:
            path.append(self.forward[path[-1]])
        return tuple(path)

    def nearest(self, start: int, members: Sequence[int]) -> int:
        """Return the first of `members` reached going forward from `start`: along its ring, or, when the ring
        has none, through the fewest steps counting links as free."""
        wanted = set(members)
        if not wanted:
            raise ValueError("no spaces to look for")
        here = self.forward[start]
        for _ in range(self.size):
            if here in wanted:
                return here
            if here == start:
                break
            here = self.forward[here]
        frontier, seen = [start], {start}
        while frontier:
            ahead: list[int] = []
            for space in frontier:
                for nxt in (self.forward[space], *(link.to for link in self.links[space])):
                    if nxt in seen:
                        continue
                    if nxt in wanted:
                        return nxt
                    seen.add(nxt)
                    ahead.append(nxt)
            frontier = ahead
        raise ValueError("none of those spaces can be reached")


def track_for(edition: Edition, data: TrackData | None = None) -> Track:
    """Return the track of an edition (one ring over the spaces in order when the file names none), or the
    track `data` laid over its spaces (an edition's rule options may add links or change them)."""
    n = len(edition.spaces)
    data = edition.track if data is None else data
    rings = [list(range(n))] if data is None else data.rings
    links = [] if data is None else data.links
    forward = [0] * n
    backward = [0] * n
    ring_of = [0] * n
    index = [0] * n
    for r, ring in enumerate(rings):
        for i, space in enumerate(ring):
            forward[space] = ring[(i + 1) % len(ring)]
            backward[space] = ring[i - 1]
            ring_of[space] = r
            index[space] = i
    leaving: list[list[Link]] = [[] for _ in range(n)]
    for link in links:
        leaving[link.at].append(link)
    return Track(
        size=n,
        rings=tuple(tuple(r) for r in rings),
        ring_of=tuple(ring_of),
        forward=tuple(forward),
        backward=tuple(backward),
        links=tuple(tuple(ls) for ls in leaving),
        conditions={link.when: LINK_CONDITIONS.resolve(link.when) for link in links},
        linked=bool(links),
        index=tuple(index),
        doubled=tuple(tuple(r) * 2 for r in rings),
    )


@TRACK_RULES.register("as_printed")
def _as_printed(edition: Edition, options: object) -> TrackData | None:
    """Return the track as the edition file draws it."""
    return edition.track


@LINK_CONDITIONS.register("even_steps")
def _even(move: Move) -> bool:
    return move.steps % 2 == 0


@LINK_CONDITIONS.register("odd_steps")
def _odd(move: Move) -> bool:
    return move.steps % 2 == 1


@LINK_CONDITIONS.register("choice")
def _choice(move: Move) -> bool | None:
    return None


@LINK_CONDITIONS.register("card")
def _card(move: Move) -> bool:
    return move.via == "card"


@LINK_CONDITIONS.register("always")
def _always(move: Move) -> bool:
    return True
