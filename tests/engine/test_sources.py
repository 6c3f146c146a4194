"""Every rule an event can carry has its source in every edition that uses it.

The rule ids are one list (`engine.core.rule_ids`); each packaged edition's sources file gives each id either
its source (or the reasoning where the sources are silent) or the reason the edition has no such rule.
Played games of every edition, with the options that bring the rarer rules into play, show that no event
carries a rule its edition calls absent. With `LANDLORDS_SEEDS` naming the folder of the primary sources
(the four documents the editions were made from), every quotation from them is looked for in their text.
"""

from __future__ import annotations

import os
import re
import typing
from pathlib import Path

import pytest

from engine import EDITIONS, RuleOptions, load_edition, new_game
from engine.bots import make_bot
from engine.core.board import board_for
from engine.core.events import Event
from engine.core.rule_ids import RULE_IDS, SPACE_RULES, TITLES, TOPICS, topic_of
from engine.play.sources import (
    differences,
    documents,
    edition_rules,
    elsewhere,
    has_file,
    provenance,
    source_file,
    sources_of,
    space_rules,
)

ADDON_OPTIONS = {
    "airplane": 1,
    "subway_fare": 20,
    "bridge": 1,
    "double_trouble_doubles_only": 1,
    "travel_card_with_dice": 1,
}


def test_the_rule_ids_are_one_list_with_a_name_and_a_topic_each() -> None:
    assert len(set(RULE_IDS)) == len(RULE_IDS)
    assert set(TITLES) == set(RULE_IDS)
    assert {topic_of(r) for r in RULE_IDS} == set(TOPICS)
    for rules in SPACE_RULES.values():
        assert set(rules) <= set(RULE_IDS)


def test_every_event_names_a_known_rule_by_default() -> None:
    """Each kind of event has a rule of its own before any rule area names a more precise one."""
    for member in typing.get_args(typing.get_args(Event)[0]):
        default = member.model_fields["rule"].default
        assert default in RULE_IDS, member.__name__


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_rule_is_sourced_or_absent_in_every_edition(edition: str) -> None:
    assert has_file(edition)
    found = sources_of(edition)
    missing = [r for r in RULE_IDS if r not in found.rules and r not in found.absent]
    assert not missing, f"{edition} says nothing of {missing}"
    assert not set(found.rules) & set(found.absent)
    for rule, why in found.absent.items():
        assert why.strip(), f"{edition}, {rule}: absent without a reason"
    for rule, entry in found.rules.items():
        assert entry.sources or entry.played, f"{edition}, {rule}: no source and no reasoning"
        for source in entry.sources:
            assert source.doc in documents(), f"{edition}, {rule}: unknown document {source.doc}"
            assert source.at.strip(), f"{edition}, {rule}: a source with no place in its document"


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_editions_own_file_names_only_what_it_changes(edition: str) -> None:
    """An edition that extends another repeats none of its entries unchanged."""
    own = source_file(edition)
    if own.extends is None:
        return
    base = sources_of(own.extends)
    for rule, entry in own.rules.items():
        assert base.rules.get(rule) != entry, f"{edition}, {rule}: the same as in {own.extends}"
    for rule, why in own.absent.items():
        assert base.absent.get(rule) != why, f"{edition}, {rule}: absent as in {own.extends}"


def _play(edition: str, rules: RuleOptions, seed: int, rounds: int = 60) -> set[str]:
    """The rules the events of a game of bots carried, played for some rounds."""
    game = new_game(edition, ["A", "B", "C", "D"][: max(load_edition(edition).min_players, 3)], seed, rules)
    levels = ("easy", "random", "normal")
    bots = [make_bot(levels[i % len(levels)], seed, i) for i in range(len(game.state.players))]
    seen: set[str] = {e.rule for e in game.opening}
    while game.state.winner is None and game.state.round < rounds:
        pend = game.state.pending
        assert pend is not None
        seat = pend.player
        events = game.apply(bots[seat].choose(game.view(seat), game.legal_commands(seat)))
        for bot in bots:
            bot.observe(events)
        seen.update(e.rule for e in events)
    return seen


GAMES: list[tuple[str, RuleOptions]] = [
    ("classic", RuleOptions()),
    ("classic", RuleOptions(short_game=True)),
    ("classic", RuleOptions(time_limit_rounds=30, free_parking_pot=True, double_go_salary=True)),
    ("classic", RuleOptions(auctions=False, even_building=False, rent_in_jail=False)),
    ("modern", RuleOptions()),
    ("darrow-1935", RuleOptions()),
    ("addon", RuleOptions()),
    ("addon", RuleOptions(edition_rules=ADDON_OPTIONS)),
    ("landlords-1904", RuleOptions()),
    ("landlords-1904", RuleOptions(lot_tickets=False, circuits=2)),
    ("finance-1936", RuleOptions()),
    ("finance-1936", RuleOptions(time_limit_rounds=20)),
]


@pytest.mark.parametrize(("edition", "rules"), GAMES)
def test_no_event_carries_a_rule_its_edition_does_not_source(edition: str, rules: RuleOptions) -> None:
    """The other half of the check: an edition that calls a rule absent never applies it."""
    found = sources_of(edition)
    seen: set[str] = set()
    for seed in range(3):
        seen |= _play(edition, rules, seed)
    unsourced = sorted(r for r in seen if not found.has(r))
    assert not unsourced, f"{edition} applies rules it gives no source for: {unsourced}"


def test_the_games_above_bring_most_of_the_rules_into_play() -> None:
    """The played check is only as good as what it visits."""
    seen: set[str] = set()
    for edition, rules in GAMES:
        seen |= _play(edition, rules, 0)
    assert len(seen) >= 70, sorted(set(RULE_IDS) - seen)


def test_one_rule_shown_with_its_sources_and_the_other_editions_ways() -> None:
    here = provenance("classic", "tax.income")
    assert here.title == "Income Tax" and "10 %" in here.text
    assert any(c.document == "the add-on patent" for c in here.cited)
    others = {name: way for way in elsewhere("classic", "tax.income") for name in way.editions}
    modern = load_edition("modern").name
    finance = load_edition("finance-1936").name
    assert not others[modern].same and "$200" in others[modern].text
    assert others[finance].absent and not others[finance].text
    assert provenance("finance-1936", "jail.fine").absent  # Finance has no jail


def test_an_editions_list_and_the_differences_between_two() -> None:
    listed = edition_rules("landlords-1904")
    assert [p.rule for p in listed][:1] == ["turn.order"]
    assert all(p.text for p in listed)
    changed = {d.rule: d for d in differences("classic", "modern")}
    assert "tax.income" in changed and "rent.printed" not in changed
    gone = {d.rule: d for d in differences("classic", "landlords-1904")}
    assert gone["jail.card"].second is None and gone["jail.card"].first
    assert gone["debt.poorhouse"].first is None


def test_a_space_shows_the_rules_it_brings_into_play() -> None:
    board = board_for("classic")
    assert space_rules(board, 4) == ["tax.income"]
    assert space_rules(board, 38) == ["tax.luxury"]
    assert space_rules(board, 39)[:2] == ["buy.unowned", "rent.printed"]
    magie = board_for("landlords-1904")
    assert space_rules(magie, 5) == ["railroad.fare", "railroad.pass"]


# --- the quotations, against the primary sources -------------------------------------------------


def _normal(text: str) -> str:
    """Text as quotations are compared: markup, escapes and typographic quotes gone, spaces as one."""
    text = text.replace("\\", "").replace("**", "")
    for curly, straight in (("\u201c", '"'), ("\u201d", '"'), ("\u2018", "'"), ("\u2019", "'")):
        text = text.replace(curly, straight)
    return re.sub(r"\s+", " ", text).strip().casefold()


def _seeds() -> dict[str, str]:
    folder = os.environ.get("LANDLORDS_SEEDS")
    if not folder:
        pytest.skip("LANDLORDS_SEEDS names no folder of the primary sources")
    texts = [_normal(p.read_text(encoding="utf-8")) for p in sorted(Path(folder).glob("*.txt"))]
    found: dict[str, str] = {}
    for key, doc in documents().items():
        if doc.seed:
            matches = [t for t in texts if _normal(doc.signature) in t]
            assert len(matches) == 1, f"{key}: {len(matches)} primary sources hold {doc.signature!r}"
            found[key] = matches[0]
    return found


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_quotation_from_a_primary_source_is_in_its_text(edition: str) -> None:
    """Reviewed against the seeds: each fragment of each quotation ("..." joins fragments of one passage)
    is in the document's text, in order, within a few lines of the one before."""
    seeds = _seeds()
    wrong: list[str] = []
    for rule, entry in source_file(edition).rules.items():
        for source in entry.sources:
            if source.doc not in seeds or not source.quote:
                continue
            text = seeds[source.doc]
            at = 0
            for fragment in (_normal(f) for f in source.quote.split(" ... ")):
                found = text.find(fragment, at)
                if found < 0 or (at and found - at > 600):
                    wrong.append(f"{rule} ({source.doc}): {fragment!r}")
                    break
                at = found + len(fragment)
    assert not wrong, "\n".join(wrong)
