"""The words an edition's data file holds for players (card texts and deck names, in context "card";
the names of its money boxes and colour groups, in context "edition"; the names of its spaces without a
title deed and the short forms the board writes, in context "space"; its description, rules summary,
differences and rule options), and the words of the sources beside it (each rule as the edition plays it,
the reasoning where the sources are silent, why the edition has no such rule, the documents' names, in
context "rules"), found for the catalogue as `pybabel extract` finds messages in code.

Babel calls `edition_texts` for `engine/data/*.json` and `rule_texts` for `engine/data/sources/*.json`
(babel.cfg names them; `translation.completeness` does the same), so a card or a rule added to an
edition is a message the completeness check asks for. Deed names are not among them: they stay as the
edition prints them; nor are the sources' quotations, the documents' own words.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import IO, Any

from engine.core.edition import DEED_KINDS

Found = tuple[int, str, str | tuple[str, str], list[str]]
"""What an extraction method gives Babel: line, keyword, message (or context and message), comments."""


SPACES = "space"
"""The context of the names of the spaces without a title deed ("Chance", "Go", "Free Parking", and the
short forms the board's cells write): the game's own places, translated (`room.board_words`), where a
deed's name stays as the edition prints it."""


def texts(edition: Mapping[str, Any]) -> Iterator[tuple[str | None, str]]:
    """(context, text) for every word of an edition's data a player reads."""
    if edition.get("name"):
        yield "edition", edition["name"]
    for deck in (edition.get("decks") or {}).values():
        yield "card", deck["name"]
        yield "card", deck["name"].lower()  # "a face-down chance card"
        for card in deck.get("cards", ()):
            yield "card", card["text"]
            if card.get("effect", {}).get("kind") == "keep":
                yield "card", card["text"].split(".")[0]  # the card as a hand names it
    for space in edition.get("spaces") or ():
        if space.get("kind") not in DEED_KINDS:  # a deed's name stays as printed
            yield SPACES, space["name"]
            if space.get("short"):
                yield SPACES, space["short"]  # as the board's cell writes it
    for box in (edition.get("boxes") or {}).values():
        yield "edition", box["name"]
    for group in (edition.get("groups") or {}).values():
        if "name" in group:
            yield "edition", group["name"]
            yield "edition", group["name"].lower()  # "my orange group", as a bot names it
    if edition.get("description"):
        yield None, edition["description"]
    for line in (*edition.get("rules_summary", ()), *edition.get("differences", ())):
        yield None, line
    for option in (edition.get("options") or {}).values():
        for key in ("label", "help"):
            if option.get(key):
                yield None, option[key]


RULES = "rules"
"""The context of a rule's words (`rule_words`, `translation.rule_text`): a rule's sentence may also be a
card's or an edition's, translated otherwise there."""


def rule_words(sources: Mapping[str, Any]) -> Iterator[str]:
    """Every text of a sources file a player reads: of an edition's file, each rule's "rule" and "played"
    and each reason under "absent"; of documents.json, each document's "title" and "short". The quotes
    and where they are found ("doc", "at") stay as the documents have them."""
    if "edition" in sources:
        for entry in (sources.get("rules") or {}).values():
            yield entry.get("rule", "")
            yield entry.get("played", "")
        yield from (sources.get("absent") or {}).values()
        return
    for document in sources.values():
        if isinstance(document, Mapping):
            yield document.get("title", "")
            yield document.get("short", "")


def _found(source: str, text: str) -> int:
    """The line of the data file a text is written on (1 if it cannot be found)."""
    at = source.find(json.dumps(text, ensure_ascii=False)[1:-1])
    return source.count("\n", 0, at) + 1 if at >= 0 else 1


def edition_texts(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[Found]:
    """Babel's extraction method for an edition's data file (the other files in engine/data give none)."""
    source = fileobj.read().decode("utf-8")
    data = json.loads(source)
    if not isinstance(data, dict) or "id" not in data:
        return
    seen: set[tuple[str | None, str]] = set()
    for context, text in texts(data):
        if (context, text) in seen or not text:
            continue
        seen.add((context, text))
        if context is None:
            yield _found(source, text), "gettext", text, []
        else:
            yield _found(source, text), "pgettext", (context, text), []


def rule_texts(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[Found]:
    """Babel's extraction method for a sources file (`engine/data/sources/*.json`, read by
    `engine.play.sources`): its words a player reads, each once, in context "rules"."""
    source = fileobj.read().decode("utf-8")
    data = json.loads(source)
    if not isinstance(data, dict):
        return
    seen: set[str] = set()
    for text in rule_words(data):
        if not isinstance(text, str) or not text or text in seen:
            continue
        seen.add(text)
        yield _found(source, text), "pgettext", (RULES, text), []
