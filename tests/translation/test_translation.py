"""The mechanism every translation rests on: catalogues found and compiled, the language chosen as a
player expects, plural forms of languages with more than two, placeholders a translator may reorder,
one language a session at the same moment, and the completeness check the shipped catalogues pass."""

from __future__ import annotations

import asyncio
import datetime as dt
import textwrap
from pathlib import Path

import pytest

from engine.core.phrases import N_, Money, Phrase
from translation import (
    ENGLISH,
    _,
    choose,
    day,
    from_environment,
    moment,
    money,
    ngettext,
    number,
    pgettext,
    say,
    use,
)
from translation.catalogues import FOLDER, available, read
from translation.completeness import Message, main, problems, used

POLISH = textwrap.dedent(
    r"""
    msgid ""
    msgstr ""
    "Language: pl\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

    msgid "{n} house"
    msgid_plural "{n} houses"
    msgstr[0] "{n} dom"
    msgstr[1] "{n} domy"
    msgstr[2] "{n} domów"
    """
)

SPANISH = textwrap.dedent(
    r"""
    msgid ""
    msgstr ""
    "Language: es\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\n"

    msgid "{name} bought {deed} for {price}."
    msgstr "{deed}, comprada por {name} por {price}."

    msgctxt "money"
    msgid "${amount}"
    msgstr "{amount} $"

    #, fuzzy
    msgid "Roll the dice"
    msgstr "Tira los dados"
    """
)


def catalogue(folder: Path, code: str, text: str) -> Path:
    po = folder / code / "LC_MESSAGES" / "landlords.po"
    po.parent.mkdir(parents=True)
    po.write_text(text, encoding="utf-8")
    return po


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    catalogue(tmp_path, "pl", POLISH)
    catalogue(tmp_path, "es", SPANISH)
    return tmp_path


def test_a_language_of_three_plural_forms_gets_each(folder: Path) -> None:
    polish = read("pl", folder)
    assert polish is not None
    with use(polish):
        words = [ngettext("{n} house", "{n} houses", n) for n in (1, 2, 5, 22, 25, 112)]
    assert words == ["1 dom", "2 domy", "5 domów", "22 domy", "25 domów", "112 domów"]
    assert ngettext("{n} house", "{n} houses", 2) == "2 houses"  # outside the block, English again


def test_placeholders_follow_the_translators_order_and_money_its_sign(folder: Path) -> None:
    spanish = read("es", folder)
    assert spanish is not None
    with use(spanish):
        said = _("{name} bought {deed} for {price}.", name="Ana", deed="Boardwalk", price=money(15000))
        assert said == "Boardwalk, comprada por Ana por 15.000 $."
        assert number(1500) == "1.500"
        assert day(dt.date(2026, 11, 25)) == "25 nov 2026"
        assert moment(dt.datetime(2026, 11, 25, 14, 3)) == "25 nov 2026 14:03"
        assert _("Roll the dice") == "Roll the dice"  # a fuzzy entry is not used
    assert money(-1500) == "-$1,500"
    assert pgettext("money", "${amount}", amount="7") == "$7"


async def test_two_sessions_speak_each_its_own_language_at_once(folder: Path) -> None:
    spanish = read("es", folder)
    assert spanish is not None
    heard: dict[str, list[str]] = {"en": [], "es": []}

    async def session(language_code: str) -> None:
        with use(spanish if language_code == "es" else ENGLISH):
            for _turn in range(3):
                heard[language_code].append(money(1))
                await asyncio.sleep(0)

    await asyncio.gather(session("es"), session("en"))
    assert heard == {"en": ["$1"] * 3, "es": ["1 $"] * 3}


def test_the_language_asked_for_then_the_environments_then_english(folder: Path) -> None:
    assert choose("es_MX.UTF-8", {}, folder).language.code == "es"
    assert choose(None, {"LANG": "es_ES.UTF-8"}, folder).language.code == "es"
    assert choose(None, {"LANGUAGE": "fr:pl:es", "LANG": "es_ES"}, folder).language.code == "pl"
    assert from_environment({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}, folder) is ENGLISH
    assert from_environment({"LC_MESSAGES": "de_DE", "LANG": "es_ES"}, folder) is ENGLISH
    assert choose(None, {"LANG": "de_DE"}, folder) == choose(None, {}, folder)  # quietly English
    missing = choose("de", {"LANG": "es_ES"}, folder)
    assert missing.language is ENGLISH
    assert missing.note == "There is no translation into 'de': the game is in English."
    assert "\x1b" not in choose("\x1b[31mxx", {}, folder).note


def test_the_completeness_check_finds_what_a_catalogue_lacks(folder: Path, tmp_path: Path) -> None:
    code = tmp_path / "code" / "face"
    code.mkdir(parents=True)
    (code / "screen.py").write_text(
        "from translation import _, ngettext\n"
        "_('{name} bought {deed} for {price}.', name=1, deed=2, price=3)\n"
        "_('Roll the dice')\n"
        "_('Pay {amount} to leave jail.', amount=50)\n"
        "ngettext('{n} house', '{n} houses', 2)\n",
        encoding="utf-8",
    )
    messages = list(used(tmp_path / "code", ["face"]))
    assert {m.id for m in messages} >= {"Roll the dice", "{n} house"}
    found = problems(folder / "es" / "LC_MESSAGES" / "landlords.po", messages)
    assert any("fuzzy" in line and "Roll the dice" in line for line in found)
    assert any("not in the catalogue" in line and "Pay {amount}" in line for line in found)
    assert not any("bought" in line for line in found)
    broken = catalogue(tmp_path / "broken", "es", SPANISH.replace("{deed}, comprada", "{dede}, comprada"))
    assert any("placeholders differ" in line for line in problems(broken, messages))


SOURCE = Path(__file__).resolve().parents[2]
"""The source tree, where the catalogues' `.po` live (an installed game ships them compiled only)."""
SHIPPED = [code for code in available(SOURCE / "translation" / "locale") if code != "en"]


@pytest.mark.parametrize(
    "code", SHIPPED or [pytest.param("", marks=pytest.mark.skip("no catalogue shipped yet"))]
)
def test_every_shipped_catalogue_is_complete(code: str) -> None:
    """The check a translator runs: every message the faces use, translated in every shipped catalogue."""
    po = SOURCE / "translation" / "locale" / code / "LC_MESSAGES" / "landlords.po"
    assert problems(po, list(used(SOURCE))) == []


def test_the_faces_messages_are_found_where_they_are_written() -> None:
    money_sign = [m for m in used(SOURCE) if m.id == "${amount}" and m.where.startswith("translation/")]
    assert money_sign == [Message("${amount}", None, "money", money_sign[0].where)]
    assert money_sign[0].where.startswith("translation/formats.py:")
    assert FOLDER.parts[-2:] == ("translation", "locale")
    assert main(["--only", "translation", "xx"]) == 1  # the translator's check: no such catalogue


def test_the_engines_phrases_are_said_in_the_language_spoken(folder: Path) -> None:
    phrase = Phrase(
        N_("{name} bought {deed} for {price}."),
        name="Ana",
        deed=Phrase(N_("Roll the dice")),
        price=Money(15000),
    )
    assert str(phrase) == "Ana bought Roll the dice for $15,000."
    assert say(phrase) == str(phrase) and say("plain text") == "plain text"
    spanish = read("es", folder)
    assert spanish is not None
    with use(spanish):
        assert say(phrase) == "Roll the dice, comprada por Ana por 15.000 $."
    assert str(Money(-50)) == "-$50" and f"{Money(7)}" == "$7" and Money(3) + 4 == 7
