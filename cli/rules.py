"""`landlords rules EDITION [--diff OTHER]`: an edition's rules, each with where it comes from, or the rules
two editions play differently.

Each rule is told as the edition plays it, then its sources (the rule book's clause, the patent's claim or
passage, the rule sheet's paragraph, each quoted briefly) and, where the sources are silent, how landlords
plays it and why. Everything comes from the sources beside each edition (`engine.play.sources`); its words are
said in the language spoken (`rule_text`), the sources' quotations as the documents have them."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import textwrap
from collections.abc import Iterator
from typing import Any

from cli import commands
from cli.launch import edition_choice
from translation import _, rule_text

WIDTH_MOST = 100


def register(sub: Any) -> None:
    p = commands.parser(sub, "rules")
    p.add_argument(
        "edition",
        metavar=_("EDITION"),
        type=edition_choice,
        help=_(
            "classic, modern, darrow-1935, landlords-1904, addon or finance-1936 (names in any case do too)"
        ),
    )
    p.add_argument(
        "--diff",
        metavar=_("OTHER"),
        type=edition_choice,
        default=None,
        help=_("only the rules this other edition plays differently, side by side"),
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    width = min(shutil.get_terminal_size((WIDTH_MOST, 24)).columns, WIDTH_MOST)
    lines = list(
        diff_lines(args.edition, args.diff, width) if args.diff else rules_lines(args.edition, width)
    )
    try:
        print("\n".join(lines))
        sys.stdout.flush()
    except BrokenPipeError:  # read through `head` or a pager that stopped early: nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _wrap(text: str, width: int, indent: str) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent) or [indent.rstrip()]


def rules_lines(edition: str, width: int = WIDTH_MOST) -> Iterator[str]:
    """Return the edition's rules as lines, topic by topic, each with its sources; the documents cited at the
    end."""
    from engine import load_edition
    from engine.core.rule_ids import TOPICS, topic_of
    from engine.play.sources import documents, edition_rules, sources_of
    from room.board_words import edition_name

    ed = load_edition(edition)
    listed = edition_rules(edition)
    yield _(
        "{edition} ({year}): {count} rules, and where each comes from.",
        edition=edition_name(ed),
        year=ed.year,
        count=len(listed),
    )
    topic = ""
    cited: set[str] = set()
    for rule in listed:
        if topic_of(rule.rule) != topic:
            topic = topic_of(rule.rule)
            yield ""
            yield _(TOPICS[topic])
        yield f"  {_(rule.title)}  [{rule.rule}]"
        yield from _wrap(rule_text(rule.text), width, "    ")
        for source in rule.cited:
            quote = f': "{source.quote}"' if source.quote else ""
            yield from _wrap(f"{rule_text(source.document)}, {source.at}{quote}", width, "      ")
            cited.add(source.document)
        if rule.played:
            yield from _wrap(
                _("Where the sources are silent: {how}", how=rule_text(rule.played)), width, "      "
            )
    yield ""
    yield _("The documents cited:")
    found = sources_of(edition)
    keys = {s.doc for entry in found.rules.values() for s in entry.sources}
    for key, doc in documents().items():
        if key in keys:
            if doc.seed:
                yield from _wrap(
                    _(
                        "{short}: {title} (a primary source)",
                        short=rule_text(doc.short),
                        title=rule_text(doc.title),
                    ),
                    width,
                    "  ",
                )
            else:
                yield from _wrap(f"{rule_text(doc.short)}: {rule_text(doc.title)}", width, "  ")


def diff_lines(first: str, second: str, width: int = WIDTH_MOST) -> Iterator[str]:
    """Return the rules `first` and `second` play differently, topic by topic, the two ways side by side."""
    from engine import load_edition
    from engine.core.rule_ids import TOPICS, topic_of
    from engine.play.sources import differences, sources_of

    a, b = load_edition(first), load_edition(second)
    if first == second:
        yield _("{edition} against itself: nothing differs.", edition=a.name)
        return
    found = differences(first, second)
    yield _("{first} and {second} differ in {count} rules.", first=a.name, second=b.name, count=len(found))
    absent_a, absent_b = sources_of(first).absent, sources_of(second).absent
    topic = ""
    for d in found:
        if topic_of(d.rule) != topic:
            topic = topic_of(d.rule)
            yield ""
            yield _(TOPICS[topic])
        yield f"  {_(d.title)}  [{d.rule}]"
        for name, text, absent in ((a.name, d.first, absent_a), (b.name, d.second, absent_b)):
            why = rule_text(absent.get(d.rule, ""))
            way = rule_text(text) if text is not None else _("no such rule. {why}", why=why).rstrip()

            yield from _wrap(f"{name}: {way}", width, "    ")
