"""The line mode: the game in plain sentences and typed commands, for screen readers and braille displays.

A face of a room beside the full screen (`tui/`): it follows a `room.Room` through a `room.Session`, says
each event in the engine's words (`engine.core.narration`), reads typed lines into the engine's commands
(`lines.parser`, `lines.offers`, and back: `lines.spelling`), and asks only what the legal commands allow
(`lines.prompts`). `lines.session` is the core and `lines.menu` the start, with no I/O of their own;
`lines.local` runs them at this terminal (`landlords --plain`).
"""

from __future__ import annotations

from lines.session import LineSession

__all__ = ["LineSession"]
