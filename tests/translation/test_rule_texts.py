"""The rules' own words (how each edition plays a rule, the reasoning where the sources are silent, why an
edition has no such rule, the documents' names) are messages in context "rules", found in the sources
beside the editions as `pybabel extract -F babel.cfg` finds them, asked for by the completeness check, and
said in the player's language by `landlords rules` and the Why? screen; the sources' quotations stay as
the documents have them."""

from __future__ import annotations

import sys
from pathlib import Path
from subprocess import run

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from cli.rules import diff_lines, rules_lines
from engine.core.rule_ids import RuleId
from engine.play.sources import documents, provenance, source_file
from translation import ENGLISH, rule_text, use
from translation.catalogues import Language, read
from translation.completeness import problems, used
from tui.text.why import rule_lines

SOURCE = Path(__file__).resolve().parents[2]
SOURCES = SOURCE / "engine" / "data" / "sources"
EDITIONS = sorted(path.stem for path in SOURCES.glob("*.json") if path.stem != "documents")


def shown(edition: str) -> set[str]:
    """What an edition's own sources file gives a player to read, read straight from the file."""
    own = source_file(edition)
    texts = {entry.rule for entry in own.rules.values()} | set(own.absent.values())
    return texts | {entry.played for entry in own.rules.values() if entry.played}


def quotes() -> set[str]:
    return {s.quote for e in EDITIONS for entry in source_file(e).rules.values() for s in entry.sources}


@pytest.fixture(scope="module")
def found() -> dict[str, set[str]]:
    """The messages in context "rules" the completeness check reads, by the file they are found in."""
    by_file: dict[str, set[str]] = {}
    for message in used(SOURCE, ["engine"]):
        if message.context == "rules":
            by_file.setdefault(Path(message.where.split(":")[0]).stem, set()).add(message.id)
    return by_file


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_rule_text_of_an_edition_is_a_message_in_context_rules(
    edition: str, found: dict[str, set[str]]
) -> None:
    assert found[edition] == shown(edition)
    assert not found[edition] & (quotes() - shown(edition))  # the documents' own words stay as they are


def test_every_documents_name_is_a_message_in_context_rules(found: dict[str, set[str]]) -> None:
    names = {text for doc in documents().values() for text in (doc.title, doc.short)}
    assert found["documents"] == names and "Darrow's patent" in names


def test_pybabel_extract_with_babel_cfg_finds_them_as_the_check_does(
    found: dict[str, set[str]], tmp_path: Path
) -> None:
    """The translator's command (docs/translating.md), on the engine: the same messages, in context."""
    pot = tmp_path / "landlords.pot"
    command = ["extract", "-F", "babel.cfg", "-k", "Plural:1,2", "-o", str(pot), "engine"]
    run(
        [sys.executable, "-m", "babel.messages.frontend", *command],
        cwd=SOURCE,
        check=True,
        capture_output=True,
    )
    with pot.open("rb") as source:
        template = read_po(source)
    extracted: dict[str, set[str]] = {}
    for message in template:
        if message.context == "rules":
            assert isinstance(message.id, str)
            for filename, _line in message.locations:
                extracted.setdefault(Path(filename).stem, set()).add(message.id)
    assert extracted == found
    assert set(extracted) == {*EDITIONS, "documents"}


# --- said in the player's language ----------------------------------------------------------------------

RULE: RuleId = "turn.order"  # classic: sourced, with the reasoning where the sources are silent
ABSENT: RuleId = "debt.poorhouse"  # classic has none; the 1904 game has it


def spanish_for(texts: dict[str, str], folder: Path) -> Language:
    """A catalogue that translates only `texts`, in context "rules" (English words, Spanish ones)."""
    catalogue = Catalog(locale="es", domain="landlords")
    for english, spanish in texts.items():
        catalogue.add(english, spanish, context="rules")
    po = folder / "es" / "LC_MESSAGES" / "landlords.po"
    po.parent.mkdir(parents=True)
    with po.open("wb") as out:
        write_po(out, catalogue)
    found = read("es", folder)
    assert found is not None
    return found


@pytest.fixture
def words() -> dict[str, str]:
    here = provenance("classic", RULE)
    darrow = documents()["darrow"]
    quote = here.cited[0].quote
    assert here.text and here.played and quote and here.cited[0].document == darrow.short
    return {
        here.text: "Los turnos pasan en el orden de los asientos; empieza el primero.",
        here.played: "No se tira para el primer turno: empieza el primer asiento.",
        source_file("classic").absent[ABSENT]: "La edición clásica no tiene asilo.",
        darrow.short: "la patente de Darrow",
        darrow.title: "Patente de EE. UU. 2.026.082 (C. B. Darrow, 1935)",
        quote: "una cita traducida, que nunca se muestra",
    }


def test_a_rule_is_told_in_the_players_language_on_the_why_screen(
    words: dict[str, str], tmp_path: Path
) -> None:
    here = provenance("classic", RULE)
    quote = here.cited[0].quote
    with use(spanish_for(words, tmp_path)):
        told = "\n".join(line.plain for line in rule_lines("classic", RULE))
        absent = "\n".join(line.plain for line in rule_lines("classic", ABSENT))
    assert f"Classic: {words[here.text]}" in told and here.text not in told
    assert words[here.played] in told and here.played not in told
    assert f'la patente de Darrow, {here.cited[0].at}: "{quote}"' in told  # the quote as written
    assert words[quote] not in told
    assert "La edición clásica no tiene asilo." in absent
    with use(ENGLISH):
        assert here.text in "\n".join(line.plain for line in rule_lines("classic", RULE))


def test_landlords_rules_tells_the_rules_and_documents_in_the_players_language(
    words: dict[str, str], tmp_path: Path
) -> None:
    here = provenance("classic", RULE)
    with use(spanish_for(words, tmp_path)):
        listed = "\n".join(rules_lines("classic", width=1000))
        diff = "\n".join(diff_lines("classic", "landlords-1904", width=1000))
    assert f"    {words[here.text]}" in listed.splitlines() and here.text not in listed
    assert words[here.played] in listed and here.played not in listed
    assert f'la patente de Darrow, {here.cited[0].at}: "{here.cited[0].quote}"' in listed
    assert f"la patente de Darrow: {words[documents()['darrow'].title]}" in listed
    assert "Classic: no such rule. La edición clásica no tiene asilo." in diff


def test_no_words_are_no_words_in_any_language(words: dict[str, str], tmp_path: Path) -> None:
    with use(spanish_for(words, tmp_path)):
        assert rule_text("") == ""  # not the catalogue's header, gettext's translation of ""


def test_the_check_asks_for_each_rule_text_once_the_catalogue_has_it(
    words: dict[str, str], tmp_path: Path
) -> None:
    untranslated = provenance("classic", "turn.throw").text
    spanish_for({**words, untranslated: ""}, tmp_path)
    messages = [m for m in used(SOURCE, ["engine"]) if m.context == "rules"]
    found = problems(tmp_path / "es" / "LC_MESSAGES" / "landlords.po", messages)
    assert any("not translated" in line and repr(untranslated) in line for line in found)
    assert any("not in the catalogue" in line and "sources/classic.json" in line for line in found)
    assert not any(repr(text) in line for text in words for line in found)
    assert len(found) == sum(1 for m in messages if m.id not in words)  # each other one, where it is
