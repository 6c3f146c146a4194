"""Counter-prices as text: a refusal may state at what price the answering player would agree ("I would
take $1,400 for it"). The price itself travels as a figure, the refusal's `asking`, which bots read;
`asking_words` says it for people. `asking_price` reads the words back: for refusals recorded before the
figure was (games saved in an older format) and for outside bots written against it.
"""

from __future__ import annotations

from engine.core.phrases import N_, Money, Phrase

_EVEN = N_("an even swap would do")
_TAKE_AND = (N_("I would take it and {price}"), N_("I would take them and {price}"))
_TAKE_FOR = (
    N_("I would take {price} for it"),
    N_("I would take {price} for them"),
    N_("I would take {price} for that"),
)
_PAY_FOR = (
    N_("I would pay {price} for it"),
    N_("I would pay {price} for them"),
    N_("I would pay {price} for that"),
)
ASKING = frozenset({_EVEN, *_TAKE_AND, *_TAKE_FOR, *_PAY_FOR})
"""The message ids of a counter-price."""
JOINED = {
    N_("{reason}; {words}"): ("reason", "words"),
    N_("{why}; {words}"): ("why", "words"),
    N_("{why}; {asking}"): ("why", "asking"),
    N_("{why}; {more}"): ("why", "more"),
}
"""The messages that join two reasons in one line, and the names of the two."""


def worth_naming(price: int, deeds_asked: int, deeds_offered: int) -> bool:
    """Whether naming a price makes sense: only with deeds on the side it pays for: cash for the deeds asked,
    cash for the deeds offered, or an even swap."""
    if price > 0:
        return deeds_asked > 0
    if price < 0:
        return deeds_offered > 0
    return deeds_offered > 0 and deeds_asked > 0


def asking_words(price: int, deeds_asked: int, deeds_offered: int) -> Phrase:
    """Return the text of a counter-price: `price` is the cash the proposer would give (negative: receive)
    with the deeds as offered. Its English is read back by `asking_price`."""
    if price > 0:
        if deeds_offered:
            return Phrase(_TAKE_AND[deeds_offered != 1], price=Money(price))
        return Phrase(_TAKE_FOR[_which(deeds_asked)], price=Money(price))
    if price < 0:
        return Phrase(_PAY_FOR[_which(deeds_offered)], price=Money(-price))
    return Phrase(_EVEN)


def _which(deeds: int) -> int:
    """Return the pronoun form: 0: one deed ("it"), 1: several ("them"), 2: none ("that")."""
    return 0 if deeds == 1 else 1 if deeds else 2


def unasked(said: Phrase | str) -> Phrase | str | None:
    """Return a reason without the counter-price it names, as `without_asking` gives it in English, kept as a
    phrase (None: the reason was the price alone)."""
    if not isinstance(said, Phrase):
        return without_asking(said) or None
    if said.text in ASKING and said.context is None:
        return None
    names = JOINED.get(said.text) if said.context is None else None
    if names is None:
        return said
    first, second = said.values.get(names[0], ""), said.values.get(names[1], "")
    if not isinstance(first, Phrase | str) or not isinstance(second, Phrase | str):
        return said
    head = unasked(first)
    if head is not first:  # the price was named before the second part: both go, as in the English
        return head
    tail = unasked(second)
    if tail is None:
        return head
    if tail is second:
        return said
    return Phrase(said.text, **{names[0]: head, names[1]: tail})


def without_asking(reason: str) -> str:
    """Return the reason less the counter-price it names: in a deal among several no one can act on a
    price."""
    for words in ("I would take ", "I would pay ", _EVEN):
        at = reason.find(words)
        if at >= 0:
            return reason[:at].rstrip("; ")
    return reason


def asking_price(reason: str) -> int | None:
    """Return the counter-price a refusal names, as cash from the proposer (negative: to him), or None."""
    if _EVEN in reason:
        return 0
    for verb, sign in (("take", 1), ("pay", -1)):
        at = reason.find(f"I would {verb} ")
        if at < 0:
            continue
        rest = reason[at + len(verb) + 9 :]
        for deeds in ("it and ", "them and "):
            rest = rest.removeprefix(deeds)
        if not rest.startswith("$"):
            continue
        digits = ""
        for ch in rest[1:]:
            if ch.isdigit():
                digits += ch
            elif ch != ",":
                break
        if digits:
            return sign * int(digits)
    return None
