"""Whether a packet of a client's input was pasted rather than typed: the one rule the full screen's driver
(`server.session.terminal`) and the line mode's input (`server.session.line_input`) read it by. A paste
the terminal did not bracket is told from keys by what no key sends; pasted, its escape characters reach
the field or the line whole, to be refused there as typed ones are (a name checked by
`engine.core.text.check_name`), instead of keeping what was left once the sequences had been read as
keys."""

from __future__ import annotations

import re

__all__ = ["foreign", "several_lines"]

_CONTROL_STRING = re.compile(r"\x1b[\]P_^X][^\x07\x1b]*(?:\x07|\x1b\\)")  # OSC, DCS, APC, PM, SOS, ended
_CONTROL_STRING_OPEN = re.compile(r"\x1b[\]P_^X][^\x07\x1b]")  # one begun: Alt and a key send two characters
_CSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")
_C1 = re.compile("[\x80-\x9f]")
_DRAWING_FINALS = frozenset("JKhlmnqrstfgi")
"""How the CSI sequences end that draw or set modes (colours, clearing, modes, scrolling, reports asked
for) and that no terminal sends for a key; every other ending is left to the key parser, for some
terminal somewhere sends it for a key."""


def _draws(sequence: str) -> bool:
    """Whether a CSI sequence is one that draws, never a key's (a mouse report ends in `m` too)."""
    return sequence[-1] in _DRAWING_FINALS and not sequence.startswith("\x1b[<")


def foreign(text: str) -> bool:
    """Whether a packet holds a control sequence no key sends: a window title, colours, a screen clear, a
    C1 control. Such a packet is text sent by a paste the terminal did not bracket (or by a program), not
    keys pressed, and it is read as pasted text, which a field then checks as it checks anything typed."""
    if _C1.search(text) or _CONTROL_STRING.search(text) or _CONTROL_STRING_OPEN.search(text):
        return True
    return any(_draws(m.group()) for m in _CSI.finditer(text))


_LINES_OF_TEXT = re.compile(r"[\r\n][^\r\n\x1b]")


def several_lines(text: str) -> bool:
    """Whether a packet holds a line break with text after it: lines pasted where the terminal did not
    bracket them, not keys pressed (a client sends each key as it is pressed)."""
    return _LINES_OF_TEXT.search(text.rstrip("\r\n")) is not None
