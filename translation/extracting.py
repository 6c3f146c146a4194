"""The words an edition's data file holds for players (card texts and deck names, in context "card";
the names of its money boxes and colour groups, in context "edition"; its description, rules summary,
differences and rule options), found for the catalogue as `pybabel extract` finds messages in code.

Babel calls `edition_texts` for `engine/data/*.json` (babel.cfg names it; `translation.completeness`
does the same), so a card added to an edition is a message the completeness check asks for. Deed and
space names are not among them: they stay as the edition prints them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import IO, Any

Found = tuple[int, str, str | tuple[str, str], list[str]]
"""What an extraction method gives Babel: line, keyword, message (or context and message), comments."""


def texts(edition: Mapping[str, Any]) -> Iterator[tuple[str | None, str]]:
    """(context, text) for every word of an edition's data a player reads."""
    for deck in (edition.get("decks") or {}).values():
        yield "card", deck["name"]
        yield "card", deck["name"].lower()  # "a face-down chance card"
        for card in deck.get("cards", ()):
            yield "card", card["text"]
            if card.get("effect", {}).get("kind") == "keep":
                yield "card", card["text"].split(".")[0]  # the card as a hand names it
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
        at = source.find(json.dumps(text, ensure_ascii=False)[1:-1])
        line = source.count("\n", 0, at) + 1 if at >= 0 else 1
        if context is None:
            yield line, "gettext", text, []
        else:
            yield line, "pgettext", (context, text), []
