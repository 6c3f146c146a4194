"""Rule explanations: a rule as the edition in play plays it, where that comes from, and how the other
editions differ, in lines for the screen that explains an event of the log or a space of the board.

The rules' words (how each edition plays it, the reasoning, why an edition has none, the documents'
names) are said in the player's language (`rule_text`); the sources' quotations stay as written."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from engine.core.events import Event
from engine.core.rule_ids import RuleId
from engine.queries import Provenance, elsewhere, provenance
from translation import N_, _, rule_text


def rule_lines(edition: str, rule: RuleId, heading: bool = True) -> list[Content]:
    """Return the lines for one rule: how this edition plays it, its sources quoted, the reasoning where they
    are silent, and the other editions' ways."""
    here = provenance(edition, rule)
    lines: list[Content] = []
    if heading:
        lines.append(Content.styled(_(here.title), "bold $accent"))
    lines += _played_here(here)
    lines.append(Content(""))
    lines.append(Content.styled(_("In the other editions"), "bold"))
    for way in elsewhere(edition, rule):
        names = ", ".join(way.editions)
        if way.same:
            lines.append(Content.assemble((names, "bold"), _(": the same.")))
        elif way.text:
            lines.append(Content.assemble((names, "bold"), f": {rule_text(way.text)}"))
        else:
            lines.append(
                Content.assemble(
                    (names, "bold"), _(": no such rule. {why}", why=rule_text(way.absent)).rstrip()
                )
            )
    return lines


def _played_here(here: Provenance) -> list[Content]:
    if not here.known:
        return [Content.styled(_("No source is recorded for this rule in this edition."), "italic")]
    if here.absent:
        return [
            Content(_("{edition} has no such rule: {why}", edition=here.edition, why=rule_text(here.absent)))
        ]
    lines = [Content.assemble((f"{here.edition}: ", "bold"), rule_text(here.text))]
    for cited in here.cited:
        words = f': "{cited.quote}"' if cited.quote else ""
        lines.append(Content.assemble("  ", (f"{rule_text(cited.document)}, {cited.at}", "italic"), words))
    if here.played:
        silent = (_("Where the sources are silent: "), "italic")
        lines.append(Content.assemble("  ", silent, rule_text(here.played)))
    return lines


PLEDGE = N_(
    "The seed is drawn at random when the game begins and kept secret while it is played, since it would "
    "tell the dice to come; its SHA-256 gives nothing of it away, and binds the game to it. At the end the "
    "results show the seed: `landlords verify` (or `printf %s SEED | sha256sum`) checks that it is the "
    "one pledged here, and that every throw and card came from it."
)
"""What the pledge of fair dice promises (translated where shown)."""


def event_lines(edition: str, event: Event, told: Content) -> list[Content]:
    """Return why an event of the log happened: the line as the log shows it, then its rule (the pledge of
    fair dice, what it promises first)."""
    if event.kind == "seed_pledged":
        return [told, Content(""), Content(_(PLEDGE)), Content(""), *rule_lines(edition, event.rule)]
    return [told, Content(""), *rule_lines(edition, event.rule)]


def space_lines(edition: str, name: str, rules: Sequence[RuleId]) -> list[Content]:
    """Return the rules a space brings into play, one after the other."""
    if not rules:
        return [Content(_("{space}: nothing happens here, by any rule.", space=name))]
    lines: list[Content] = []
    for rule in rules:
        if lines:
            lines.append(Content(""))
        lines += rule_lines(edition, rule)
    return lines
