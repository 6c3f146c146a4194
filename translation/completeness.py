"""Whether a catalogue is complete: every message the front ends use is in it, translated (neither empty nor
fuzzy), with the same placeholders as its id, so that no player meets an English sentence or a missing
value. The suite runs it on every shipped catalogue; a translator runs it while working:

    python -m translation.completeness es
    python -m translation.completeness es --only lines,server    (the messages of some packages only)
"""

from __future__ import annotations

import string
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from translation.catalogues import FOLDER, catalogue_files

ROOT = FOLDER.parent.parent
FACES = ("engine", "room", "lines", "tui", "server", "cli", "translation")
"""The packages whose messages are marked: the front ends, which choose the text, and the engine, whose
phrases (`engine.core.phrases`) are message ids the front ends translate."""


@dataclass(frozen=True, slots=True)
class Message:
    """A message the code uses: its id (with its plural and context, if any) and where it is."""

    id: str
    plural: str | None
    context: str | None
    where: str


KEYWORDS = {"Plural": (1, 2)}
"""Marks beyond gettext's own: the engine's `engine.core.phrases.Plural` is a message with a plural form, as
`ngettext` is (`pybabel extract -k Plural:1,2`)."""

METHODS = [
    ("**.py", "python"),
    ("**/data/*.json", "translation.extracting:edition_texts"),
    ("**/data/sources/*.json", "translation.extracting:rule_texts"),
]
"""How each kind of file is read: code as Python, an edition's data for its card texts and other words
a player reads, the sources beside it for each rule's words in context "rules" (`translation.extracting`;
`pybabel extract -F babel.cfg`)."""


def used(root: Path = ROOT, packages: Iterable[str] = FACES) -> Iterator[Message]:
    """The messages marked for translation in the packages' code (and the editions' data), as `pybabel
    extract -F babel.cfg -k Plural:1,2` finds them."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    keywords = {**DEFAULT_KEYWORDS, **KEYWORDS}
    for package in packages:
        folder = root / package
        if not folder.is_dir():
            continue
        for filename, line, text, _comments, context in extract_from_dir(
            str(folder), method_map=METHODS, keywords=keywords
        ):
            singular, plural = (text[0], text[1]) if isinstance(text, tuple) else (text, None)
            yield Message(singular, plural, context, f"{package}/{filename}:{line}")


def fields(text: str) -> set[str]:
    """The named placeholders of a message."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def problems(po: Path, messages: Iterable[Message]) -> list[str]:
    """What keeps the catalogue at `po` from serving every message in full."""
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalogue = read_po(source)
    found: list[str] = []
    for message in messages:
        entry = catalogue.get(message.id, context=message.context)
        if entry is None:
            found.append(f"{message.where}: not in the catalogue: {message.id!r}")
            continue
        translations = list(entry.string) if isinstance(entry.string, tuple) else [entry.string]
        if entry.fuzzy or not all(translations):
            found.append(f"{message.where}: not translated (or fuzzy): {message.id!r}")
            continue
        wanted = fields(message.id) | fields(message.plural or "")
        # every form keeps the placeholders both English forms have (a form may write one as a word: {n})
        both = fields(message.id) & fields(message.plural) if message.plural else fields(message.id)
        needed = both - {"n"}
        for text in map(str, translations):
            if fields(text) - wanted or needed - fields(text):
                found.append(f"{message.where}: placeholders differ: {message.id!r} -> {text!r}")
    return found


def main(argv: list[str]) -> int:
    packages: Iterable[str] = FACES
    if "--only" in argv:
        at = argv.index("--only")
        packages = argv[at + 1].split(",") if at + 1 < len(argv) else ()
        argv = argv[:at] + argv[at + 2 :]
    codes = argv or [path.name for path in sorted(FOLDER.glob("*")) if path.is_dir()]
    messages = list(used(packages=packages))
    failed = 0
    for code in codes:
        _mo, po = catalogue_files(code)
        if not po.is_file():
            print(f"{code}: no catalogue at {po}", file=sys.stderr)
            failed = 1
            continue
        found = problems(po, messages)
        for line in found:
            print(f"{code}: {line}")
        print(f"{code}: {len(messages)} messages used, {len(found)} problems")
        failed |= bool(found)
    return failed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
