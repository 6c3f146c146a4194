"""Numbers, money and dates written the way the language spoken writes them (Babel's locale data)."""

from __future__ import annotations

import datetime as dt

from translation.context import pgettext, speaking


def number(value: int) -> str:
    """A whole number with the locale's grouping: 1,500 in English, 1.500 in Spanish."""
    return speaking().number(value)


def money(amount: int) -> str:
    """Dollars, which every edition plays in: the sign's place is the translator's ("$1,500", "1500 $")."""
    text = pgettext("money", "${amount}", amount=number(abs(amount)))
    return f"-{text}" if amount < 0 else text


def day(when: dt.date | dt.datetime) -> str:
    """A date as the locale writes it in full sentences (Nov 25, 2026; 25 nov 2026)."""
    if isinstance(when, dt.datetime):
        when = when.date()
    from babel.dates import format_date

    return str(format_date(when, format="medium", locale=speaking().locale))


def long_day(when: dt.date | dt.datetime) -> str:
    """A date with its day of the week, as the locale writes it in full (Tuesday, May 19, 2026; martes, 19 de
    mayo de 2026)."""
    if isinstance(when, dt.datetime):
        when = when.date()
    from babel.dates import format_date

    return str(format_date(when, format="full", locale=speaking().locale))


def moment(when: dt.datetime) -> str:
    """A date and time as the locale writes them, to the minute (Nov 25, 2026 2:03 PM; 25 nov 2026 14:03)."""
    from babel.dates import format_date, format_time

    locale = speaking().locale
    day_part = format_date(when, format="medium", locale=locale)
    time_part = format_time(when, format="short", locale=locale)
    return f"{day_part} {time_part}".replace("\u202f", " ")  # CLDR's narrow space, which ASCII lacks


def local_moment(when: dt.datetime) -> str:
    """A time as `moment` writes it, in the local time zone.

    A time at the very edge of the calendar (year 1 with an offset east of UTC, say: a save's text is not
    trusted) has no local time: it is written as given."""
    try:
        local = when.astimezone()
    except (OverflowError, ValueError, OSError):
        local = when
    return moment(local)
