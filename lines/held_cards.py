"""Parsing and formatting the held cards that a typed offer names.

Examples: `travel card forward 3` (one card by its text), `a travel card`, `2 travel cards` (cards of the
deck left unspecified); in Spanish `carta de Viaje avanza 3`, `una carta de Viaje`, `2 cartas de Viaje`. A
deck's name and a card's text are the edition's, parsed in English and in the current language alike
(context "card"), and written back in the current language, so that an offer read back is one its player
can type again.

The words of a line reach here as `lines.verbs.inner` leaves them (the spoken words made English: `de`
is `from`), so a language's way of naming a card is read as its own words come out of that: its message
(context "command") made English the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine import Board
from lines import verbs
from lines.names import Miss
from translation import _, pgettext, speaking

_ENGLISH = re.compile(
    r"^(?:(?:a|an|one|the)\s+|(?P<count>\d{1,2})\s+)?(?P<deck>.+?)\s+cards?(?:\s+(?P<words>.+))?$"
)
"""`travel card forward 3`, `a travel card`, `2 travel cards`: the English way."""
_CUT = re.compile(r"[,.;:()\u201c\u201d\"]")
"""Where a card's words are cut when an offer names it: before anything an offer's line reads otherwise
(and before the words `and` and `for`, in whichever language)."""


def deck_name(name: str) -> str:
    """Return a deck's name in the current language (`Travel`, `Viaje`)."""
    return pgettext("card", name)


def card_words(text: str) -> str:
    """Return a card's text as an offer names it, in the current language: its first words, up to anything the
    line would read as something else (`forward 3`, `avanza 3`)."""
    said = _CUT.split(pgettext("card", text).casefold())[0]
    kept: list[str] = []
    for word in said.split():
        if verbs.inner(word) in ("and", "for"):
            if kept:
                break
            continue  # words that begin a card (`Por la venta...`) and would end its name: left out
        kept.append(word)
    return " ".join(kept)


def held_words(deck: str, card: str, n: int, board: Board) -> list[str]:
    """Format `n` cards of `deck` as typed: one named by its text (`card` is its id), or an unspecified card
    (`?`)."""
    decks = board.edition.decks
    name = deck_name(decks[deck].name) if deck in decks else deck
    if card == "?":
        if n == 1:
            return [pgettext("command", "a {deck} card", deck=name)]
        return [pgettext("command", "{n} {deck} cards", n=n, deck=name)]
    words = card_words(board.cards[deck][card].text)
    return [pgettext("command", "{deck} card {words}", deck=name, words=words)] * n


def _pattern(template: str, deck: str) -> re.Pattern[str]:
    """Build a pattern for one deck's name from a message (made English as `verbs.inner` does)."""
    parts = re.split(r"(\{deck\}|\s*\{words\}|\{n\})", verbs.fold(verbs.inner(template)))
    out = []
    for part in parts:
        if part == "{deck}":
            out.append(re.escape(deck))
        elif part.strip() == "{words}":
            out.append(r"(?:\s+(?P<words>.+))?")
        elif part == "{n}":
            out.append(r"(?P<count>\d{1,2})")
        else:
            out.append(r"\s+".join(re.escape(w) for w in part.split(" ")))
    return re.compile("^" + "".join(out) + "$")


def _spoken(item: str, board: Board) -> tuple[str, int, str] | None:
    """Parse the deck, the count and the card's text of an item typed in the current language's word order."""
    folded = verbs.fold(item)
    for deck, spec in board.edition.decks.items():
        name = verbs.fold(verbs.inner(deck_name(spec.name)))
        one = _pattern(pgettext("command", "a {deck} card"), name).match(folded)
        if one:
            return deck, 1, ""
        some = _pattern(pgettext("command", "{n} {deck} cards"), name).match(folded)
        if some:
            return deck, int(some.group("count")), ""
        named = _pattern(pgettext("command", "{deck} card {words}"), name).match(folded)
        if named:
            return deck, 1, named.group("words") or ""
    return None


def _english(item: str, board: Board) -> tuple[str, int, str] | None:
    found = _ENGLISH.match(item.casefold())
    if not found:
        return None
    decks = board.edition.decks
    deck = next((d for d, spec in decks.items() if spec.name.casefold() == found.group("deck")), None)
    if deck is None:
        return None
    return deck, int(found.group("count") or 1), found.group("words") or ""


def read_held(item: str, board: Board, hand: Sequence[str] = ()) -> list[str] | Miss | None:
    """Parse held cards as `deck/card` (`deck/?` for any card of the deck); None when the item names no deck
    of this edition. Cards alike (two `Backward 6`) are one name: it stands for the one in `hand`, the
    giver's."""
    found = _english(item, board)
    if found is None and speaking().code != "en":
        found = _spoken(item, board)
    if found is None:
        return None
    deck, count, words = found
    if not words:
        return [f"{deck}/?"] * count
    typed = verbs.fold(words)

    def texts(text: str) -> set[str]:
        spoken = pgettext("card", text)
        return {verbs.fold(text), verbs.fold(verbs.inner(spoken)), verbs.fold(verbs.inner(card_words(text)))}

    cards = board.cards.get(deck, {})
    named = [cid for cid, card in cards.items() if any(t.startswith(typed) for t in texts(card.text))]
    exact = [cid for cid in named if any(t.rstrip(".") == typed for t in texts(cards[cid].text))]
    if len(exact) == 1 or len(named) == 1:
        return [f"{deck}/{(exact or named)[0]}"]
    alike = exact or named
    if len({verbs.fold(cards[cid].text) for cid in alike}) == 1:
        held = [cid for cid in alike if f"{deck}/{cid}" in hand]
        if held:
            return [f"{deck}/{held[0]}"]
    name = deck_name(board.edition.decks[deck].name)
    if not named:
        return Miss(_("No {deck} card begins {words!r}.", deck=name, words=words))
    return Miss(_("Several {deck} cards begin {words!r}: type more of its words.", deck=name, words=words))
