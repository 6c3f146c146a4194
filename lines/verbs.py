"""Translated command keywords: one table for every front end that parses a typed line
(the line mode's parser, its completion, its help and read-backs, and the server's lobby and rooms).

Each word is English in the code and a catalogue entry (context "command"), so a language gets its own
words by translating them. A typed word is read in the language spoken and in English alike (help from a
friend in English still works), with or without its accents (`mas`, `más`), and a beginning that fits one
word only stands for it (`constr` for `construir`).
"""

from __future__ import annotations

import re
import unicodedata

from translation import pgettext, speaking


def _words() -> dict[str, str]:
    """Map each English keyword to its translation (each a literal, for the extraction tools)."""
    return {
        # questions and the line mode itself
        "status": pgettext("command", "status"),
        "who": pgettext("command", "who"),
        "deed": pgettext("command", "deed"),
        "where": pgettext("command", "where"),
        "board": pgettext("command", "board"),
        "chances": pgettext("command", "chances"),
        "help": pgettext("command", "help"),
        "repeat": pgettext("command", "repeat"),
        "history": pgettext("command", "history"),
        "verbose": pgettext("command", "verbose"),
        "brief": pgettext("command", "brief"),
        "mine": pgettext("command", "mine"),
        "everyone": pgettext("command", "everyone"),
        "save": pgettext("command", "save"),
        "quit": pgettext("command", "quit"),
        "yes": pgettext("command", "yes"),
        "no": pgettext("command", "no"),
        "turn": pgettext("command", "turn"),
        "undo": pgettext("command", "undo"),
        "advice": pgettext("command", "advice"),
        "review": pgettext("command", "review"),
        "more": pgettext("command", "more"),
        "next": pgettext("command", "next"),
        "back": pgettext("command", "back"),
        "again": pgettext("command", "again"),
        "quick": pgettext("command", "quick"),
        "learn": pgettext("command", "learn"),
        "resume": pgettext("command", "resume"),
        "list": pgettext("command", "list"),
        "start": pgettext("command", "start"),
        "random": pgettext("command", "random"),
        # the game's commands
        "roll": pgettext("command", "roll"),
        "buy": pgettext("command", "buy"),
        "decline": pgettext("command", "decline"),
        "pass": pgettext("command", "pass"),
        "end": pgettext("command", "end"),
        "done": pgettext("command", "done"),
        "rent": pgettext("command", "rent"),
        "poorhouse": pgettext("command", "poorhouse"),
        "refund": pgettext("command", "refund"),
        "play": pgettext("command", "play"),
        "bid": pgettext("command", "bid"),
        "build": pgettext("command", "build"),
        "sell": pgettext("command", "sell"),
        "mortgage": pgettext("command", "mortgage"),
        "unmortgage": pgettext("command", "unmortgage"),
        "keep": pgettext("command", "keep"),
        "pay": pgettext("command", "pay"),
        "use": pgettext("command", "use"),
        "tax": pgettext("command", "tax"),
        "offer": pgettext("command", "offer"),
        "counter": pgettext("command", "counter"),
        "accept": pgettext("command", "accept"),
        "agree": pgettext("command", "agree"),
        "refuse": pgettext("command", "refuse"),
        "withdraw": pgettext("command", "withdraw"),
        "deal": pgettext("command", "deal"),
        "route": pgettext("command", "route"),
        "go": pgettext("command", "go"),
        "forward": pgettext("command", "forward"),
        "backward": pgettext("command", "backward"),
        "travel": pgettext("command", "travel"),
        "ride": pgettext("command", "ride"),
        "claim": pgettext("command", "claim"),
        "ticket": pgettext("command", "ticket"),
        "borrow": pgettext("command", "borrow"),
        "lend": pgettext("command", "lend"),
        "repay": pgettext("command", "repay"),
        "call": pgettext("command", "call"),
        "bankrupt": pgettext("command", "bankrupt"),
        # the server's lobby and rooms
        "rooms": pgettext("command", "rooms"),
        "join": pgettext("command", "join"),
        "watch": pgettext("command", "watch"),
        "new": pgettext("command", "new"),
        "say": pgettext("command", "say"),
        "ratings": pgettext("command", "ratings"),
        "past": pgettext("command", "past"),
        "replay": pgettext("command", "replay"),
        "language": pgettext("command", "language"),
        "mail": pgettext("command", "mail"),
        "confirm": pgettext("command", "confirm"),
        "vote": pgettext("command", "vote"),
        "leave": pgettext("command", "leave"),
    }


def _followers() -> dict[str, str]:
    """Keywords inside a command's line (`pay fine`, `Park Place and 100 for Boardwalk`, `2 people`)."""
    return {
        "lot": pgettext("command", "lot"),
        "space": pgettext("command", "space"),
        "card": pgettext("command", "card"),
        "fine": pgettext("command", "fine"),
        "game": pgettext("command", "game"),
        "with": pgettext("command", "with"),
        "and": pgettext("command", "and"),
        "for": pgettext("command", "for"),
        "nothing": pgettext("command", "nothing"),
        "one": pgettext("command", "one"),
        "cards": pgettext("command", "cards"),
        "jail": pgettext("command", "jail"),
        "group": pgettext("command", "group"),
        "house": pgettext("command", "house"),
        "houses": pgettext("command", "houses"),
        "against": pgettext("command", "against"),
        "at": pgettext("command", "at"),
        "gives": pgettext("command", "gives"),
        "from": pgettext("command", "from"),
        "loan": pgettext("command", "loan"),
        "flat": pgettext("command", "flat"),
        "percent": pgettext("command", "percent"),
        "notes": pgettext("command", "notes"),
        "note": pgettext("command", "note"),
        "without": pgettext("command", "without"),
        "classic": pgettext("command", "classic"),
        "people": pgettext("command", "people"),
        "person": pgettext("command", "person"),
        "bots": pgettext("command", "bots"),
        "bot": pgettext("command", "bot"),
        "clock": pgettext("command", "clock"),
        "plus": pgettext("command", "plus"),
        "full": pgettext("command", "full"),
        "short": pgettext("command", "short"),
        "advisor": pgettext("command", "advisor"),
        "easy": pgettext("command", "easy"),
        "normal": pgettext("command", "normal"),
        "hard": pgettext("command", "hard"),
        "expert": pgettext("command", "expert"),
        "random": pgettext("command", "random"),
        "time": pgettext("command", "time"),
        "slow": pgettext("command", "slow"),
        "fast": pgettext("command", "fast"),
        "instant": pgettext("command", "instant"),
        "off": pgettext("command", "off"),
        "each": pgettext("command", "each"),
        "digest": pgettext("command", "digest"),
    }


def _clauses() -> dict[str, str]:
    """Keywords of a deal's parts only (`yo doy Boardwalk a bob`): short words read nowhere else."""
    return {
        "I": pgettext("command", "I"),
        "me": pgettext("command", "me"),
        "give": pgettext("command", "give"),
        "to": pgettext("command", "to"),
    }


def fold(text: str) -> str:
    """Normalise `text` for comparison: case-folded, without accents (`Más` and `mas` alike)."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


class _Words:
    """One language's keyword translations in both directions, built once per language."""

    def __init__(self) -> None:
        self.heads = _words()
        self.followers = _followers()
        self.clauses = _clauses()
        self.english = speaking().code == "en" or all(k == v for k, v in self.heads.items())
        self.head_back = {fold(v): k for k, v in self.heads.items() if fold(v) != k}
        self.follower_back = {fold(v): k for k, v in self.followers.items() if fold(v) != k and " " not in v}


_MADE: dict[object, _Words] = {}


def _now() -> _Words:
    spoken = speaking()
    if spoken not in _MADE:
        _MADE[spoken] = _Words()
    return _MADE[spoken]


def word(english: str) -> str:
    """Return the typed keyword for `english` in the current language (`build` -> `construir`)."""
    known = _now()
    return known.heads.get(english) or known.followers.get(english) or known.clauses.get(english) or english


def command(typed: str) -> str:
    """Return the English keyword a typed first word stands for: the translated keyword (accents optional, or
    a beginning only one spoken word has) or the English word itself; an unknown word comes back folded."""
    known = _now()
    folded = fold(typed)
    if known.english or folded in known.heads:
        return folded
    if folded in known.head_back:
        return known.head_back[folded]
    if len(folded) >= 3:
        begun = {k for w, k in known.head_back.items() if w.startswith(folded)}
        if len(begun) == 1 and not any(e.startswith(folded) for e in known.heads):
            return begun.pop()
    return folded


def inner(text: str) -> str:
    """Translate the keywords in a command's line after its first word into English (`Park Place y
    100 por Boardwalk` -> `Park Place and 100 for Boardwalk`); names and numbers as typed."""
    known = _now()
    if known.english or not text:
        return text
    return re.sub(r"[^\s:,;]+", lambda m: known.follower_back.get(fold(m.group()), m.group()), text)


def heads() -> list[str]:
    """Return every command keyword, translated and English, for completion."""
    known = _now()
    return sorted({*known.heads, *known.heads.values()})


def clause(text: str) -> str:
    """Translate the keywords of a deal's part into English (`yo doy 100 a bob` -> `I give 100 to bob`)."""
    known = _now()
    if known.english:
        return text
    back = {fold(v): k for k, v in known.clauses.items() if fold(v) != fold(k)}
    return re.sub(r"[^\s:,;]+", lambda m: back.get(fold(m.group()), m.group()), text)
