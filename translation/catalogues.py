"""The catalogues of translations: found by language code, loaded once, English when there is none.

A wheel ships each catalogue compiled (`locale/<code>/LC_MESSAGES/landlords.mo`, built from the `.po`
when the wheel is built); a source checkout has only the `.po`, compiled in memory on first use, so that a
translator sees an edit at the next start without a build step.
"""

from __future__ import annotations

import functools
import gettext
import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

DOMAIN = "landlords"
FOLDER = Path(__file__).resolve().parent / "locale"
SOURCE = "en"  # the language the message ids are written in


@dataclass(frozen=True, slots=True)
class Language:
    """One language the game can speak: its code, its locale's formats and its translations."""

    code: str
    translations: gettext.NullTranslations

    @property
    def locale(self) -> Locale:
        """Babel's data for the language (plural rules, numbers, dates), loaded when first needed."""
        return _locale(self.code)

    def number(self, value: int) -> str:
        """A whole number with the locale's grouping: 1,500 in English, 1.500 in Spanish."""
        if self.code == SOURCE:
            return f"{value:,}"  # what Babel writes for English, at a hundredth of the cost: screens redraw
        from babel.numbers import format_decimal  # here, not at the top: the start screen writes no number

        return str(format_decimal(value, locale=self.locale))

    @property
    def name(self) -> str:
        """The language's own name for itself ("español"), as a menu of languages shows it."""
        return str(self.locale.get_display_name(self.locale) or self.code)


@functools.cache
def _locale(code: str) -> Locale:
    from babel import Locale, UnknownLocaleError  # not at the top: the start screen needs no locale data

    try:
        return Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(SOURCE)


ENGLISH = Language(SOURCE, gettext.NullTranslations())


def catalogue_files(code: str, folder: Path = FOLDER) -> tuple[Path, Path]:
    """Where a language's catalogue lives: its compiled `.mo` and its `.po` source."""
    base = folder / code / "LC_MESSAGES" / DOMAIN
    return base.with_suffix(".mo"), base.with_suffix(".po")


def available(folder: Path = FOLDER) -> tuple[str, ...]:
    """The codes of the languages with a catalogue, English (which needs none) first."""
    found = sorted(
        path.name for path in folder.glob("*") if any(p.is_file() for p in catalogue_files(path.name, folder))
    )
    return (SOURCE, *(code for code in found if code != SOURCE))


def compiled(po: Path) -> bytes:
    """A `.po` compiled as `msgfmt` would compile it (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalogue = read_po(source, locale=po.parent.parent.name, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalogue, use_fuzzy=False)
    return out.getvalue()


def read(code: str, folder: Path = FOLDER) -> Language | None:
    """A language's catalogue, or None if there is none: the compiled one if shipped, else the source."""
    if code == SOURCE:
        return ENGLISH
    mo, po = catalogue_files(code, folder)
    if mo.is_file():
        data = mo.read_bytes()
    elif po.is_file():
        data = compiled(po)
    else:
        return None
    return Language(code, gettext.GNUTranslations(io.BytesIO(data)))


@functools.cache
def language(code: str, folder: Path = FOLDER) -> Language | None:
    """A language's catalogue (the shipped ones unless given another folder), read once a process."""
    return read(code, folder)
