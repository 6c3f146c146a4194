"""The rulebook: an edition and the rule options chosen for a game, resolved once into its `Ruleset`.

Every hook an edition file names is looked up here in `engine.core.registry`, after every rule area has
registered itself (`engine.rules.areas`), so that a name no rule area provides is found when a game is
set up, not in the middle of one.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import engine.rules.areas  # noqa: F401  (the hooks are registered by the rule areas)
from engine.core.board import board_for
from engine.core.edition import Edition, load_edition
from engine.core.hooks import (
    ARRIVAL_ACTIONS,
    BUILD_ROOM,
    BUILD_RULES,
    END_RULES,
    OPENINGS,
    POT_RULES,
    THROW_AGAIN,
    THROW_RULES,
    TRACK_RULES,
)
from engine.core.options import RuleOptions
from engine.core.ruleset import Ruleset
from engine.core.track import track_for

_BY_OBJECT: dict[tuple[str, int], tuple[RuleOptions, Ruleset]] = {}
"""The rulesets already found, by edition and the identity of the rule options object (held, so that no
other object takes its identity). Bounded: emptied when it grows large."""
_BY_OBJECT_MOST = 1024


def ruleset_for(edition_id: str, rules: RuleOptions) -> Ruleset:
    """Return the ruleset of a game of this edition with these options. Raises KeyError for a hook the
    edition names that no rule area registers, and ValueError for a variant the edition does not have.

    A game and every view of it share one rule options object and ask for its ruleset at every turn: that
    object is looked up by identity, a dictionary lookup, where the options' own hash goes through all
    their fields."""
    key = (edition_id, id(rules))
    hit = _BY_OBJECT.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    ruleset = _resolve(edition_id, rules)
    if len(_BY_OBJECT) >= _BY_OBJECT_MOST:
        _BY_OBJECT.clear()
    _BY_OBJECT[key] = (rules, ruleset)
    return ruleset


@cache
def _resolve(edition_id: str, rules: RuleOptions) -> Ruleset:
    """Return the ruleset of equal options (one object for all of them), resolved once."""
    edition = load_edition(edition_id)
    if rules.short_game and edition.short_game is None:
        raise ValueError(f"{edition.name} has no Short Game")
    dealt = (
        edition.short_game if rules.short_game else edition.time_limit if rules.time_limit_rounds else None
    )
    hooks = edition.hooks
    options = {
        name: rules.edition_rule(name) if rules.edition_rule(name) is not None else spec.default
        for name, spec in edition.options.items()
    }
    data = TRACK_RULES.resolve(hooks.track)(edition, options)
    common: dict[str, Any] = {
        "edition": edition,
        "dealt": dealt,
        "hotels": edition.hotels,
        "doubles_limit": edition.doubles_limit,
        "mortgages": edition.mortgages,
        "throw_again": THROW_AGAIN.resolve(hooks.throw_again),
        "building": BUILD_RULES.resolve(hooks.building),
        "building_room": BUILD_ROOM.table.get(hooks.building) or BUILD_ROOM.resolve("complete_group"),
        "arrival": ARRIVAL_ACTIONS.resolve(hooks.arrival),
        "track": board_for(edition_id).track if data is edition.track else track_for(edition, data),
        "pot_reasons": frozenset(POT_RULES.resolve(hooks.pot)(edition, rules, options)),
        "options": options,
        "throw": THROW_RULES.resolve(hooks.throw),
        "opening": OPENINGS.resolve(hooks.opening),
        "circuits": rules.circuits if rules.circuits is not None and edition.circuits else edition.circuits,
    }
    if dealt is None:
        return Ruleset(
            houses_before_hotel=edition.houses_before_hotel,
            flat_income_tax=False,
            pay_fine_after_failed_roll=False,
            mortgaged_at_half=True,
            ending=END_RULES.resolve(hooks.ending),
            **common,
        )
    return Ruleset(
        houses_before_hotel=dealt.houses_before_hotel,
        flat_income_tax=dealt.flat_income_tax,
        pay_fine_after_failed_roll=dealt.pay_fine_after_failed_roll,
        mortgaged_at_half=True,
        ending=END_RULES.resolve(dealt.ending),
        **common,
    )


def rules_problem(edition: Edition, rules: RuleOptions) -> str | None:
    """Return why these rule options cannot be played in this edition (in a sentence), or None."""
    if rules.free_parking_pot and edition.hooks.pot != "free_parking":
        return f"In {edition.name} the pool on the table takes the place of the Free Parking pot."
    rings = edition.track.rings if edition.track is not None else [list(range(len(edition.spaces)))]
    for name, value in rules.edition_rules:
        spec = edition.options.get(name)
        if spec is None:
            return f"{edition.name} has no rule option {name!r}."
        if not spec.supported:
            return f"{spec.label}: {spec.help}"
        if spec.kind == "flag" and value not in (0, 1):
            return f"{spec.label} is on (1) or off (0), not {value}."
        if spec.kind == "number" and (
            value < spec.minimum or (spec.maximum is not None and value > spec.maximum)
        ):
            top = "" if spec.maximum is None else f" to {spec.maximum}"
            return f"{spec.label} must be from {spec.minimum}{top}, not {value}."
        if spec.kind == "space" and (
            not 0 <= value < len(edition.spaces) or (spec.ring is not None and value not in rings[spec.ring])
        ):
            return f"{spec.label}: space {value} is not one it may take."
    return None
