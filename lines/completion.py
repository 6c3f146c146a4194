"""Tab completion of a typed line: the commands' words, the deeds' and spaces' names, the players' names.

The whole line is the unit (names hold spaces: "Park Place"): the longest tail of the line that begins a
known word or name is completed, in any case.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lines.parser import QUESTIONS, READERS, Table


def vocabulary(table: Table) -> list[str]:
    """Every word a line may hold that is worth completing, longest names first."""
    words = {*QUESTIONS, *READERS, "lot", "card", "fine", "mortgage", "game", "with", "against", "notes"}
    names = {table.board.name(s) for s in range(table.board.size)} | set(table.names)
    return sorted(words | names, key=lambda w: (-len(w), w))


def completions(line: str, known: Iterable[str]) -> list[str]:
    """The whole lines that complete `line`: its longest tail that begins a known word, completed."""
    known = list(known)
    for start in range(len(line) + 1):
        if start and line[start - 1] not in " :,;":
            continue
        tail = line[start:].casefold()
        if not tail:
            break
        found = sorted({line[:start] + w for w in known if w.casefold().startswith(tail)})
        if found:
            return found
    return []


def completer(table: Callable[[], Table], buffer: Callable[[], str]) -> Callable[[str, int], str | None]:
    """A `readline` completer over the whole line (`buffer` gives it; the delimiters must be none)."""
    found: list[str] = []

    def complete(_text: str, state: int) -> str | None:
        if state == 0:
            found[:] = completions(buffer(), vocabulary(table()))
        return found[state] if state < len(found) else None

    return complete
