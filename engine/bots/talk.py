"""Naming a price in words: a refusal may say at what price the answering player would agree ("I would
take $1,400 for it"). The price itself travels as a figure, the refusal's `asking`, which bots read;
`asking_words` says it for people. `asking_price` reads the words back: for refusals recorded before the
figure was (games saved in an older format) and for outside bots written against it.
"""

from __future__ import annotations

from engine.phrases import N_, Money, Phrase

_EVEN = N_("an even swap would do")


def worth_naming(price: int, deeds_asked: int, deeds_offered: int) -> bool:
    """Naming a price makes sense only with deeds on the side it pays for: cash for the deeds asked, cash for
    the deeds offered, or an even swap."""
    if price > 0:
        return deeds_asked > 0
    if price < 0:
        return deeds_offered > 0
    return deeds_offered > 0 and deeds_asked > 0


def asking_words(price: int, deeds_asked: int, deeds_offered: int) -> Phrase:
    """The words for a counter-price: `price` is the cash the proposer would give (negative: receive) with
    the deeds as offered. Its English is read back by `asking_price`."""
    if price > 0:
        if deeds_offered:
            taken = (
                N_("I would take it and {price}")
                if deeds_offered == 1
                else N_("I would take them and {price}")
            )
            return Phrase(taken, price=Money(price))
        for_what = (
            N_("I would take {price} for it")
            if deeds_asked == 1
            else N_("I would take {price} for them")
            if deeds_asked
            else N_("I would take {price} for that")
        )
        return Phrase(for_what, price=Money(price))
    if price < 0:
        paid = (
            N_("I would pay {price} for it")
            if deeds_offered == 1
            else N_("I would pay {price} for them")
            if deeds_offered
            else N_("I would pay {price} for that")
        )
        return Phrase(paid, price=Money(-price))
    return Phrase(_EVEN)


def without_asking(reason: str) -> str:
    """The reason less the counter-price it names: in a deal among several no one can act on a price."""
    for words in ("I would take ", "I would pay ", _EVEN):
        at = reason.find(words)
        if at >= 0:
            return reason[:at].rstrip("; ")
    return reason


def asking_price(reason: str) -> int | None:
    """The counter-price a refusal names, as cash from the proposer (negative: to him), or None."""
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
