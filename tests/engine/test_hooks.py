"""Every name an edition file uses resolves to a registered function: hooks, space kinds, rent models,
card effects and link conditions. An edition is data plus these names, and nothing else."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine
from engine import known_editions, load_edition, ruleset_for
from engine.core.hooks import (
    ARRIVAL_ACTIONS,
    BUILD_RULES,
    CARD_EFFECTS,
    END_RULES,
    LINK_CONDITIONS,
    OPENINGS,
    POT_RULES,
    RENT_MODELS,
    SPACE_ACTIONS,
    THROW_AGAIN,
    THROW_RULES,
    TRACK_RULES,
)
from engine.core.options import RuleOptions

ENGINE = Path(engine.__file__).parent


@pytest.mark.parametrize("edition", known_editions())
def test_every_hook_named_in_every_edition_resolves(edition: str) -> None:
    ed = load_edition(edition)
    assert ed.hooks.throw_again in THROW_AGAIN
    assert ed.hooks.building in BUILD_RULES
    assert ed.hooks.arrival in ARRIVAL_ACTIONS
    assert ed.hooks.ending in END_RULES
    assert ed.hooks.pot in POT_RULES and ed.hooks.track in TRACK_RULES
    assert ed.hooks.throw in THROW_RULES and ed.hooks.opening in OPENINGS
    for variant in (ed.short_game, ed.time_limit):
        assert variant is None or variant.ending in END_RULES
    for space in ed.spaces:
        assert space.kind in SPACE_ACTIONS, f"{edition}: no action for space kind {space.kind!r}"
    for gid, group in ed.groups.items():
        assert group.rent_model in RENT_MODELS, f"{edition}: group {gid} names no rent model"
    for deck in ed.decks.values():
        for card in deck.cards:
            assert card.effect.kind in CARD_EFFECTS or card.kept, card.id  # held cards are played later
    for link in ed.track.links if ed.track is not None else ():
        assert link.when in LINK_CONDITIONS
    variants = [RuleOptions(), RuleOptions(time_limit_rounds=10)]
    if ed.short_game is not None:
        variants.append(RuleOptions(short_game=True))
    for rules in variants:
        ruleset_for(edition, rules)  # resolves every hook, or raises


def test_an_unknown_hook_is_refused_in_a_sentence() -> None:
    with pytest.raises(KeyError, match="no building rule named 'on_tuesdays'"):
        BUILD_RULES.resolve("on_tuesdays")


def test_a_name_registered_twice_is_refused_rather_than_replaced() -> None:
    """Two rule areas claiming one space kind would silently change each other's editions."""
    before = SPACE_ACTIONS.resolve("street")
    with pytest.raises(ValueError, match="space action 'street' is registered twice"):
        SPACE_ACTIONS.register("street")(lambda *args: None)
    assert SPACE_ACTIONS.resolve("street") is before


def test_every_event_and_command_kind_names_one_type() -> None:
    """The kind is what a save and the words key on: two types sharing one would be read as each other."""
    from typing import get_args

    from engine.core.commands import COMMAND_TYPES
    from engine.core.events import Event

    for types in (get_args(get_args(Event)[0]), COMMAND_TYPES):
        kinds = [t.model_fields["kind"].default for t in types]
        doubled = sorted({k for k in kinds if kinds.count(k) > 1})
        assert not doubled, f"kinds named by more than one type: {doubled}"
        assert len(kinds) > 20


def test_no_rule_asks_which_edition_it_is_playing() -> None:
    """Editions differ by data and named hooks: no `if edition == ...` (or an edition id compared
    anywhere) in the engine."""
    ids = set(known_editions())
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Compare):
                continue
            sides = (node.left, *node.comparators)
            names = any(isinstance(s, ast.Attribute) and s.attr in ("edition", "id") for s in sides)
            for side in sides:
                if isinstance(side, ast.Constant) and (
                    side.value in ids or (names and isinstance(side.value, str))
                ):
                    pytest.fail(f"{path.name}:{node.lineno} compares with the edition {side.value!r}")
