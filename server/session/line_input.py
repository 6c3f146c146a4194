"""Line editing for the line mode over SSH: assembles typed bytes into whole lines.

Without a terminal (`ssh -p PORT host plain`), the person's own terminal edits the line, echoes it and
sends it whole when they press Enter: the bytes are lines already, and nothing is echoed back (a screen
reader hears the line once). With a terminal (`ssh -t ...`), the client sends each key as it is pressed:
what is typed is echoed, Backspace and Ctrl+U edit the line, Tab completes it (as a terminal's line
editing does for `landlords --plain`: the one completion, else the candidates said on a line of their own),
and the keys that move a cursor are dropped, since a line mode has no cursor to move. Text pasted with
escape sequences in it is told from keys as the full screen tells it (`server.session.pasted`) and kept
whole, for the session to refuse it.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable

from engine.core.text import REPLACEMENT
from server.session.pasted import foreign

LONGEST = 2000
"""Characters kept of one line; the rest of a longer one is dropped (the session says it is too long)."""

QUIT = "\x04"
"""Ctrl+D on an empty line, and Ctrl+C: the person wants to go (`feed` hands it on as its own line)."""


class LineInput:
    """A line assembler: bytes in, whole lines out (without their line ends). `echo` is given what the
    person's terminal should show of their typing (with a terminal); None when their terminal shows it
    itself."""

    def __init__(
        self, echo: Callable[[str], None] | None = None, complete: Callable[[str], list[str]] | None = None
    ) -> None:
        """`complete` gives the whole lines a partial one may be completed to (`lines.completion`)."""
        self.echo = echo
        self.complete = complete
        self.partial = ""
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._escape = 0  # 0 no escape under way; 1 after ESC; 2 in a control sequence (ESC [ or ESC O)
        self._after_cr = False

    def feed(self, data: bytes) -> list[str]:
        """Return the lines that `data` completes. A packet holding a sequence no key sends (a window title,
        a colour) was pasted, not typed: its control characters are kept in the line (shown as U+FFFD),
        for the line to be refused as one typed with them is, never read as keys and dropped."""
        lines: list[str] = []
        shown: list[str] = []
        text = self._decode(data)
        pasted = foreign(text)
        for ch in text:
            if pasted and ch not in "\r\n" and not ch.isprintable():
                if len(self.partial) < LONGEST:
                    self.partial += ch
                    shown.append(REPLACEMENT)
                continue
            if self._escape:
                self._escape = _escape_step(self._escape, ch)
                continue
            after_cr, self._after_cr = self._after_cr, ch == "\r"
            if ch in "\r\n":
                if ch == "\n" and after_cr:
                    continue  # CR LF is one line end
                lines.append(self.partial)
                self.partial = ""
                shown.append("\r\n")
            elif ch == "\x1b":
                self._escape = 1
            elif ch in "\x7f\x08":
                if self.partial:
                    self.partial = self.partial[:-1]
                    shown.append("\b \b")
            elif ch == "\x15":  # Ctrl+U: the line so far is dropped
                if self.partial:
                    shown.append("\r\n")
                self.partial = ""
            elif ch == "\x03" or (ch == "\x04" and not self.partial):
                lines.append(QUIT)
                self.partial = ""
                shown.append("\r\n")
            elif ch == "\t" and self.echo is not None and self.complete is not None:
                shown.append(self._completed(self.complete(self.partial)))
            elif (ch.isprintable() or ch == "\t") and len(self.partial) < LONGEST:
                self.partial += " " if ch == "\t" else ch
                shown.append(" " if ch == "\t" else ch)
        if self.echo is not None and shown:
            self.echo("".join(shown))
        return lines

    def _completed(self, found: list[str]) -> str:
        """Complete the line so far with Tab; return what the terminal should show of it."""
        if not found:
            return "\a"
        whole = found[0] if len(found) == 1 else _common(found)
        shown = ""
        if len(whole) > len(self.partial) or len(found) == 1:
            if len(found) == 1 and not whole.endswith(" "):
                whole += " "
            shown = "\b \b" * len(self.partial) + whole  # typed again, as completed
            self.partial = whole[:LONGEST]
        if len(found) > 1:
            shown += "\r\n" + "   ".join(found[:20]) + "\r\n" + self.partial
        return shown


def _common(found: list[str]) -> str:
    """Return the longest common prefix of the completions, case-insensitively."""
    first = found[0]
    size = len(first)
    for other in found[1:]:
        size = min(size, len(other))
        while size and other[:size].casefold() != first[:size].casefold():
            size -= 1
    return first[:size]


def _escape_step(state: int, ch: str) -> int:
    """Return the escape sequence's state after `ch`: it ends on its final character."""
    if state == 1:
        return 2 if ch in "[O" else 0
    return 0 if "\x40" <= ch <= "\x7e" else 2
