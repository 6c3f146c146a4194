"""Hostile text for the tests: every control and bidirectional character, the escape sequences an audit
would try, and markup; crafted into a real save file; and the check that printed text carries none of it."""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path

from hypothesis import strategies as st

from engine import Game
from saves import SaveStore

from saved_games import GAMES, play, seats_of

C0 = [chr(c) for c in range(0x20)]
C1 = [chr(c) for c in range(0x80, 0xA0)]
CONTROLS = [*C0, "\x7f", *C1]
BIDI = list("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
FORMAT = [
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\u00ad",
    "\U000e0041",
    "\ufff9",
    "\u2028",
    "\u2029",
]
EVERY_CHARACTER = CONTROLS + BIDI + FORMAT

SEQUENCES = [
    "\x1b]0;PWNED\x07",  # window title
    "\x1b]52;c;cm0gLXJmIH4=\x07",  # clipboard write
    "\x1b]8;;https://example.invalid/\x1b\\link\x1b]8;;\x1b\\",  # hyperlink
    "\x1b[2J\x1b[H",  # clear the screen, cursor home
    "\x1b[31;1m",  # colour
    "\x9b2J",  # the same as a C1 control
    "\x00",
    "\u202eevil\u202c",
]
MARKUP = ["[red]", "[/]", "[bold]x[/bold]", "[link=https://example.invalid]", ":smile:", "$text", "\\["]

hostile_text = st.text(
    alphabet=st.sampled_from(EVERY_CHARACTER)
    | st.sampled_from(["[", "]", "/", ";", "\\", "=", ":"])
    | st.characters(codec="utf-8", exclude_categories=["Cs"]),
    min_size=1,
    max_size=30,
).map(lambda s: f"N{s}")


def sample(rng: random.Random, size: int) -> str:
    """A random string of hostile pieces, `size` pieces long."""
    pieces = EVERY_CHARACTER + SEQUENCES + MARKUP + list("Ada Grace")
    return "".join(rng.choice(pieces) for _ in range(size))


def unsafe(text: str) -> list[str]:
    """The characters in `text` that a terminal would act on, or that reorder text (newlines excepted)."""
    return [
        f"U+{ord(ch):04X}"
        for ch in text
        if ch != "\n" and unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp")
    ]


def crafted_save(root: Path, title: str, names: list[str], level: str = "hard") -> tuple[str, Path]:
    """A real save (two seats, a few turns played) whose title, names and bot level were then edited in
    the file, as anyone can. Returns its id and path."""
    game = GAMES["classic, 2 players"].start()
    play(game, stop=lambda g: len(g.log) >= 12 and _ends_turn(g, 0))  # the person's turn, no dialog open
    with SaveStore(root).create(game, seats_of(game), "to be edited") as session:
        pass
    doc = json.loads(session.path.read_bytes())
    doc["title"] = title
    for i, name in enumerate(names):
        doc["players"][i]["name"] = name
        doc["initial"]["players"][i]["name"] = name
        doc["snapshot"]["players"][i]["name"] = name
    doc["players"][1]["level"] = level
    session.path.write_text(json.dumps(doc), encoding="utf-8")
    return session.id, session.path


def _ends_turn(game: Game, player: int) -> bool:
    pending = game.state.pending
    return pending is not None and pending.kind == "end_turn" and pending.player == player
