"""Text replay of a past game (`landlords replay --plain GAME`): turn by turn in sentences, each the
narration the table wrote then, and at any turn the line mode's own questions (`status`, `who`, `board`,
`where`) answered as the table stood at the end of it.

Like the session it does no I/O: each typed line is fed in, each line said is handed to `write`, and what
to type next is always the last line. The game is `room.past_game.PastGame`: nothing here changes a save.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import GameView
from engine.core.events import Event
from lines import table_words, verbs
from lines.names import Miss, player_named, space_named
from lines.parser import clean
from room.board_words import edition_name
from room.past_game import PastGame
from translation import N_, _, ngettext

COMMANDS = N_("next, back, turn and a number, help, or quit")


class ReplayLines:
    """A past game, shown up to one of its turns (`told`, an index into its turns; -1 before the first)."""

    def __init__(self, past: PastGame, write: Callable[[str], None]) -> None:
        self.past = past
        self._write = write
        self.quitting = False
        self.turns = _by_turn(past.events_to(past.moves))
        self.told = -1

    def _say(self, text: str) -> None:
        self._write(" ".join(text.split()) + "\n")

    def start(self, turn: int | None = None) -> None:
        """Return the opening lines: who played, then the first turn (or turn `turn`, counted from 1)."""
        past = self.past
        seats = [
            _("{name} (bot, {level})", name=name, level=level) if level else name
            for name, level in zip(past.names, past.levels, strict=True)
        ]
        edition = _("{edition} edition", edition=edition_name(past.board.edition))
        title = _("{title} ({edition})", title=past.title, edition=edition) if past.title else edition
        self._say(
            ngettext(
                "Replay of {title}: {seats}; {n} turn.",
                "Replay of {title}: {seats}; {n} turns.",
                len(self.turns),
                title=title,
                seats=", ".join(seats),
            )
        )
        self._tell(0 if turn is None else self._index_of(turn))

    def feed(self, line: str) -> None:
        words = clean(line)
        if isinstance(words, Miss):
            self._say(words.sentence)
            self._prompt()
            return
        head, _space, rest = words.partition(" ")
        word = verbs.command(head)
        if word in ("quit", "exit", "bye", "q"):
            self.quitting = True
            return
        if word in ("next", "n", "more", ""):
            if self.told + 1 >= len(self.turns):
                self._say(_("That was the last turn."))
                self._prompt()
            else:
                self._tell(self.told + 1)
        elif word in ("back", "b", "previous"):
            if self.told <= 0:
                self._say(_("This is the first turn."))
                self._prompt()
            else:
                self._tell(self.told - 1)
        elif word in ("turn", "go", "goto"):
            number = rest.removeprefix("to ").strip()
            if not number.isdigit() or not 1 <= int(number) <= self._last_number:
                self._say(
                    _(
                        "Type turn and a number from {first} to {last}.",
                        first=self._first_number,
                        last=self._last_number,
                    )
                )
                self._prompt()
            else:
                self._tell(self._index_of(int(number)))
        elif word in ("again", "repeat"):
            self._tell(self.told)
        elif word in ("status", "me", "who", "players", "board", "where", "help", "?"):
            for said in self._answer(word, rest):
                self._say(said)
            self._prompt()
        else:
            self._say(_("{word!r} is not a command here.", word=head[:30]))
            self._prompt()

    # --- the turns ----------------------------------------------------------------------------

    @property
    def _first_number(self) -> int:
        return self.turns[0][0] + 1 if self.turns else 1

    @property
    def _last_number(self) -> int:
        return self.turns[-1][0] + 1 if self.turns else 1

    def _index_of(self, number: int) -> int:
        """Convert a turn counted from 1 into an index into the turns (the nearest one there is)."""
        found = [i for i, (turn, _) in enumerate(self.turns) if turn + 1 <= number]
        return found[-1] if found else 0

    def _tell(self, index: int) -> None:
        self.told = index
        if self.turns:
            for event in self.turns[index][1]:
                self._say(self.past.narrate(event))
        self._prompt()

    def _prompt(self) -> None:
        if not self.turns:
            self._say(_("The game has no turn yet. Type {commands}.", commands=_(COMMANDS)))
            return
        number = self.turns[self.told][0] + 1
        values = {"turn": number, "last": self._last_number, "commands": _(COMMANDS)}
        if self.told < len(self.turns) - 1:
            self._say(_("End of turn {turn} of {last}. Type {commands}.", **values))
        elif self.past.over:
            self._say(_("End of turn {turn} of {last}; the game is over. Type {commands}.", **values))
        else:
            self._say(
                _("End of turn {turn} of {last}; the game goes on from here. Type {commands}.", **values)
            )

    # --- questions at the moment told -----------------------------------------------------------

    def _view(self) -> GameView:
        """Return the table at the end of the turn shown (where the game stands, after the last)."""
        past = self.past
        if self.told + 1 < len(self.turns):
            move = past.turn_start(self.turns[self.told + 1][0])
        else:
            move = past.moves
        return past.position(move).view

    def _answer(self, word: str, rest: str) -> list[str]:
        past = self.past
        view, names, board = self._view(), past.names, past.board
        if word in ("help", "?"):
            return [
                _(
                    "next: the next turn; back: the turn before; turn 12: that turn; again: this turn again; "
                    "quit: leave."
                ),
                _(
                    "status (or status and a player's name), who, board and where Boardwalk: the table as it "
                    "stood at the end of the turn told."
                ),
            ]

        if word in ("status", "me"):
            player = view.current if not rest.strip() else player_named(rest, names)
            if isinstance(player, Miss):
                return [player.sentence]
            return [table_words.player_line(view, player, names, board, None)]
        if word in ("who", "players"):
            return table_words.who(view, names, board, None)
        if word == "board":
            return table_words.board_lines(view, names, board)
        space = space_named(rest, board)
        if isinstance(space, Miss):
            return [space.sentence]
        return [table_words.where(view, space, names, board)]


def _by_turn(events: list[Event]) -> list[tuple[int, list[Event]]]:
    """Split the game's events where each turn starts: (the turn, from 0; its events). What came before the
    first turn (the deal) is included with it."""
    turns: list[tuple[int, list[Event]]] = []
    before: list[Event] = []
    for event in events:
        if event.kind == "turn_started":
            turns.append((event.turn, [*before, event]))
            before = []
        elif turns:
            turns[-1][1].append(event)
        else:
            before.append(event)
    if before:
        turns.append((0, before))
    return turns
