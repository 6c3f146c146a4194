"""Migrations of older save formats to the current one, one version at a time, before validation.

`STEPS[v]` turns a format-v document (parsed JSON) into a format-(v+1) one. When the format changes:
raise `FORMAT_VERSION`, add the step here, commit the new schema, and add golden files of the new
version next to the old ones, which must keep loading through the steps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from saves.model import FORMAT_VERSION

Document = dict[str, Any]

FIRST_VERSION = 1
"""The oldest format ever released."""


def _buildings_as_levels(document: Document) -> Document:
    """Format 1 -> 2: a deed's `houses` and `hotel` become its building level; a hotel is the level above
    the most houses a lot takes under the game's rules (three in the Short Game, else the edition's)."""
    from engine import RuleOptions, ruleset_for  # the rules load only for a save this old

    rules = ruleset_for(document["edition"], RuleOptions.model_validate(document["rules"]))
    hotel_level = rules.houses_before_hotel + 1
    for part in ("initial", "snapshot"):
        for deed in document[part]["deeds"].values():
            houses = deed.pop("houses", 0)
            hotel = deed.pop("hotel", False)
            deed["level"] = hotel_level if hotel else houses
    return document


def _refusals_name_their_price(document: Document) -> Document:
    """Format 2 -> 3: a refused trade's counter-price, until now only in its reason's text ("I would take
    $1,400 for it"), becomes its `asking` figure, parsed back from that text; so that the game replays
    to refusals that carry the prices they named."""
    from engine.bots.talk import asking_price  # the bots' words load only for a save this old

    for cmd in document["log"]:
        if isinstance(cmd, dict) and cmd.get("kind") == "reject_trade" and "asking" not in cmd:
            reason = cmd.get("reason", "")
            cmd["asking"] = asking_price(reason) if isinstance(reason, str) else None
    return document


def _takebacks_lessons_and_reasons(document: Document) -> Document:
    """Format 3 -> 4: the header's count of take-backs and the lesson mark, neither of which a game
    saved before could have. A charge waiting to be paid may now name its rule; older ones name none, and
    loading accepts the replay naming it (`saves.restore.same_but_unnamed_rules`). The bots' reasons for
    their moves are kept beside the log; a game saved before says none beyond the answers to offers,
    which its commands carry."""
    document.setdefault("takebacks", 0)
    document.setdefault("lesson", False)
    document.setdefault("reasons", {})
    return document


STEPS: dict[int, Callable[[Document], Document]] = {
    1: _buildings_as_levels,
    2: _refusals_name_their_price,
    3: _takebacks_lessons_and_reasons,
}


def upgrade(document: Document, version: int) -> Document:
    """Migrate the document to the current format. `version` is known to be in [FIRST_VERSION,
    FORMAT_VERSION]."""
    for v in range(version, FORMAT_VERSION):
        document = STEPS[v](document)
        document["format_version"] = v + 1
    return document
