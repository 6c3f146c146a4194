"""Rule options that change the track: a bridge that joins one space of each ring as an extra junction,
and the ring test made by the step rather than by the whole move.

With `step_parity`, a token changes rings at a junction when the step that carries it off the junction
is an even-numbered step of its move (the first step is step 1), instead of when the move's number of
steps is even.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.edition import Edition, Link, TrackData
from engine.core.hooks import LINK_CONDITIONS, TRACK_RULES
from engine.core.track import Move

BRIDGE, BRIDGE_OUTER, BRIDGE_INNER, STEP_PARITY = "bridge", "bridge_outer", "bridge_inner", "step_parity"


@TRACK_RULES.register("track_options")
def _track_options(edition: Edition, options: Mapping[str, int]) -> TrackData | None:
    data = edition.track
    if data is None or not (options.get(BRIDGE) or options.get(STEP_PARITY)):
        return data
    links = list(data.links)
    if options.get(BRIDGE):
        a, b = options[BRIDGE_OUTER], options[BRIDGE_INNER]
        links += [Link(at=a, to=b, when="even_steps"), Link(at=b, to=a, when="even_steps")]
    if options.get(STEP_PARITY):
        links = [
            Link(at=link.at, to=link.to, when="even_step" if link.when == "even_steps" else link.when)
            for link in links
        ]
    return TrackData(rings=data.rings, links=links)


@LINK_CONDITIONS.register("even_step")
def _even_step(move: Move) -> bool:
    return (move.taken + 1) % 2 == 0
