"""Where each rule comes from, edition by edition: the sources beside each edition's data.

`engine/data/sources/<edition>.json` gives every rule of `engine.core.rule_ids` either its source in that
edition (the rule book's clause, the patent's claim or passage, the rule sheet's paragraph, each quoted
briefly) and how the edition plays it, or says why the edition has no such rule. Where the sources are
silent, an entry says how landlords plays it and why (`played`). An edition that `extends` another takes
its sources and replaces some (the modern rules, Darrow's figures, the add-on board). The documents cited
are named once, in `documents.json`.

The queries here read those files: one rule in one edition (`provenance`), how the other editions play
it (`elsewhere`), an edition's whole list (`edition_rules`), the rules two editions play differently
(`differences`), and the rules a space brings into play (`space_rules`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.board import Board
from engine.core.catalogue import EDITIONS
from engine.core.edition import base_of, load_edition
from engine.core.rule_ids import RULE_IDS, SPACE_RULES, TITLES, TOPICS, RuleId, topic_of


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Document(_Data):
    """A document rules are cited from."""

    title: str  # in full, for the list of sources
    short: str  # in a sentence: "Darrow's patent"
    seed: bool = False  # one of the primary sources the editions were made from
    signature: str = ""  # words only that document's text holds (to find it among the primary sources)


class Source(_Data):
    """One place in a document: where (`at`, as a reader would find it) and a brief quotation."""

    doc: str
    at: str
    quote: str = Field(default="", max_length=320)
    """The document's own words, OCR slips and all; " ... " joins words taken from one passage."""


class Entry(_Data):
    """A rule as one edition plays it, and where that comes from."""

    rule: str = Field(min_length=1)  # how the edition plays it, in a sentence or two
    sources: tuple[Source, ...] = ()
    played: str = ""  # where the sources are silent: how landlords plays it, and why

    @model_validator(mode="after")
    def _sourced(self) -> Entry:
        if not self.sources and not self.played:
            raise ValueError("a rule needs a source, or the reasoning where the sources are silent")
        return self


class SourceFile(_Data):
    """One edition's file of sources."""

    edition: str
    extends: str | None = None
    rules: dict[RuleId, Entry] = Field(default_factory=dict)
    absent: dict[RuleId, str] = Field(default_factory=dict)  # rule -> why the edition has none

    @model_validator(mode="after")
    def _once(self) -> SourceFile:
        both = set(self.rules) & set(self.absent)
        if both:
            raise ValueError(f"{sorted(both)[0]}: both sourced and absent")
        return self


@dataclass(frozen=True)
class Sources:
    """An edition's sources, with those of the edition it extends folded in."""

    edition: str
    rules: dict[RuleId, Entry]
    absent: dict[RuleId, str]

    def has(self, rule: str) -> bool:
        return rule in self.rules


def _read(name: str) -> dict[str, Any]:
    text = resources.files("engine.data").joinpath("sources", name).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def has_file(edition: str) -> bool:
    """Whether an edition has a sources file of its own (the packaged editions do)."""
    return resources.files("engine.data").joinpath("sources", f"{edition}.json").is_file()


@cache
def documents() -> dict[str, Document]:
    return {key: Document.model_validate(value) for key, value in _read("documents.json").items()}


@cache
def source_file(edition: str) -> SourceFile:
    """Read one edition's own sources file, as written (nothing folded in)."""
    found = SourceFile.model_validate(_read(f"{edition}.json"))
    if found.edition != edition:
        raise ValueError(f"sources/{edition}.json is written for {found.edition}")
    known = documents()
    for rule, entry in found.rules.items():
        for source in entry.sources:
            if source.doc not in known:
                raise ValueError(f"sources/{edition}.json, {rule}: no document {source.doc!r}")
    return found


@cache
def sources_of(edition: str) -> Sources:
    """Return an edition's sources: its own file over those of the edition it extends. An edition with no file
    of its own (one made for a test, or a player's) has those of the edition it extends, or none."""
    if not has_file(edition):
        base = base_of(edition)
        if base is not None:
            return sources_of(base)
        return Sources(edition, {}, {})
    own = source_file(edition)
    if own.extends is None:
        return Sources(edition, dict(own.rules), dict(own.absent))
    under = sources_of(own.extends)
    rules = {r: e for r, e in under.rules.items() if r not in own.absent}
    absent = {r: why for r, why in under.absent.items() if r not in own.rules}
    rules.update(own.rules)
    absent.update(own.absent)
    return Sources(edition, rules, absent)


# --- what people read -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Cited:
    """A source as displayed: the document's short name, where in it, and a quotation."""

    document: str
    at: str
    quote: str
    seed: bool


@dataclass(frozen=True)
class Provenance:
    """One rule in one edition: its name, how the edition plays it and where that comes from, or why the
    edition has no such rule."""

    rule: RuleId
    title: str
    edition: str  # the edition's name
    text: str  # how it is played ("" when the edition has no such rule)
    cited: tuple[Cited, ...]
    played: str
    absent: str  # why the edition has no such rule ("" when it has)

    @property
    def known(self) -> bool:
        return bool(self.text or self.absent)


def _cited(source: Source) -> Cited:
    doc = documents()[source.doc]
    return Cited(doc.short, source.at, source.quote, doc.seed)


def provenance(edition: str, rule: RuleId) -> Provenance:
    """Return `rule` as `edition` plays it, with its sources."""
    found = sources_of(edition)
    name = load_edition(edition).name
    entry = found.rules.get(rule)
    if entry is None:
        return Provenance(rule, TITLES[rule], name, "", (), "", found.absent.get(rule, ""))
    return Provenance(
        rule, TITLES[rule], name, entry.rule, tuple(_cited(s) for s in entry.sources), entry.played, ""
    )


@dataclass(frozen=True)
class Elsewhere:
    """How some other editions play a rule: the same way, their own way, or not at all."""

    editions: tuple[str, ...]  # their names
    text: str  # their way ("" when `same`, or when they have no such rule)
    same: bool = False
    absent: str = ""


def elsewhere(edition: str, rule: RuleId) -> list[Elsewhere]:
    """Return how the other packaged editions play `rule`, editions that play it alike taken together."""
    mine = sources_of(edition).rules.get(rule)
    groups: dict[tuple[str, str, bool], list[str]] = {}
    for other in EDITIONS:
        if other == edition:
            continue
        found = sources_of(other)
        entry = found.rules.get(rule)
        name = load_edition(other).name
        if entry is None:
            key = ("", found.absent.get(rule, "no such rule"), False)
        elif mine is not None and entry.rule == mine.rule:
            key = ("", "", True)
        else:
            key = (entry.rule, "", False)
        groups.setdefault(key, []).append(name)
    return [Elsewhere(tuple(names), text, same, absent) for (text, absent, same), names in groups.items()]


def edition_rules(edition: str) -> list[Provenance]:
    """Return every rule of the edition, in the order of the topics, with its sources."""
    found = sources_of(edition)
    ordered = sorted(
        (r for r in RULE_IDS if r in found.rules),
        key=lambda r: (list(TOPICS).index(topic_of(r)), RULE_IDS.index(r)),
    )
    return [provenance(edition, r) for r in ordered]


@dataclass(frozen=True)
class Difference:
    """A rule two editions play differently (`first` or `second` None: that edition has no such rule)."""

    rule: RuleId
    title: str
    first: str | None
    second: str | None


def differences(first: str, second: str) -> list[Difference]:
    """Return the rules `first` and `second` play differently, or that only one of them has, in topic
    order."""
    a, b = sources_of(first), sources_of(second)
    out: list[Difference] = []
    for rule in sorted(RULE_IDS, key=lambda r: (list(TOPICS).index(topic_of(r)), RULE_IDS.index(r))):
        x, y = a.rules.get(rule), b.rules.get(rule)
        if x is None and y is None:
            continue
        if x is not None and y is not None and x.rule == y.rule:
            continue
        out.append(Difference(rule, TITLES[rule], x.rule if x else None, y.rule if y else None))
    return out


def space_rules(board: Board, space: int) -> list[RuleId]:
    """Return the rules a space brings into play in its edition, what stopping there does first: for a tax,
    its own tax's rule; for others, those of its kind that the edition has."""
    sp = board.spaces[space]
    found = sources_of(board.edition.id)
    if sp.kind == "tax" and sp.tax is not None:
        return [board.edition.taxes[sp.tax].rule]
    rules: list[RuleId] = list(SPACE_RULES.get(sp.kind, ()))
    if board.pays[space] and sp.kind != "go" and "salary.go" not in rules:
        rules.insert(0, "salary.go")
    return [r for r in rules if found.has(r) or not found.rules]
