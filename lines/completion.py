"""Tab completion of a typed line: command keywords, the deeds' and spaces' names, the players' names.

The whole line is the unit (names hold spaces: "Park Place"): the longest tail of the line that begins a
known word or name is completed, in any case.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lines import verbs
from lines.parser import QUESTIONS, READERS, Table

COMMANDS = sorted({*QUESTIONS, *READERS} - {"more", "next"})
"""The English words a line begins with (`more` and `next`, typed whole after a long answer, are left out
so that `mor` still completes `mortgage`)."""


def commands() -> list[str]:
    """Return the command keywords a line can begin with, in the current language and in English."""
    spoken = {verbs.word(w) for w in COMMANDS} - {verbs.word("more"), verbs.word("next")}
    return sorted(spoken | set(COMMANDS))


FOLLOWERS = ("lot", "card", "fine", "mortgage", "game", "with", "against", "notes", "from", "gives", "to")
"""Words that come after a command's first word (`sell lot`, `use card`, `deal with`)."""


def vocabulary(table: Table) -> list[str]:
    """Return the terms to complete after a line's first word: the spaces' and players' names, and a few
    keywords the commands take."""
    names = {table.board.name(s) for s in range(table.board.size)} | set(table.names)
    return sorted(names | set(FOLLOWERS) | {verbs.word(w) for w in FOLLOWERS})


def completions(line: str, known: Iterable[str]) -> list[str]:
    """Return the whole lines that complete `line`: a command's word at its start, else its longest tail that
    begins a known word or name, completed."""
    if " " not in line.strip():
        head = verbs.fold(line.strip())
        return [w for w in commands() if head and verbs.fold(w).startswith(head)]
    known = list(known)
    for start in range(1, len(line) + 1):
        if line[start - 1] not in " :,;":
            continue
        tail = line[start:].casefold()
        if not tail:
            break
        found = sorted({line[:start] + w for w in known if w.casefold().startswith(tail)})
        if found:
            return found
    return []


def completer(
    complete_line: Callable[[str], list[str]], buffer: Callable[[], str]
) -> Callable[[str, int], str | None]:
    """Return a `readline` completer over the whole line (`buffer` gives it; the delimiters must be none):
    `complete_line` gives the lines that complete it."""
    found: list[str] = []

    def complete(_text: str, state: int) -> str | None:
        if state == 0:
            found[:] = complete_line(buffer())
        return found[state] if state < len(found) else None

    return complete
