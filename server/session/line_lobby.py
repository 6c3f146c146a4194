"""The line mode's lobby: the rooms, the lobby's chat, the ratings and past games, a new room, the person's
language, mail and days away."""

from __future__ import annotations

import asyncio
import logging

from engine.core.text import TextError
from lines import verbs
from lines.replay_lines import ReplayLines
from room import PersistenceError
from server.people.notices import NO_MAIL, mail_state_words
from server.people.players import RENAMED
from server.session.line_base import LineBase, _about_chat
from server.session.line_words import (
    LOBBY_HELP,
    MAIL_HELP,
    TURN_WORDS,
    new_room_request,
    past_game_of,
    past_lines,
    ratings_lines,
    room_lines,
)
from server.tables.plans import TableError
from server.tables.turn_pace import away_words
from server.tables.your_move import your_move_line
from translation import N_, Choice, _, choose, ngettext, use

log = logging.getLogger(__name__)


class LobbyLines(LineBase):
    """The lobby's commands of a line-mode session (`line_player.LinePlayer`)."""

    def to_lobby(self, first: bool = False) -> None:
        self._watch_rooms()
        listed = self.worker_rooms.listed(self.fingerprint)
        count = len(listed.rooms) + listed.more
        if count:
            self.say(
                ngettext(
                    "You are in the lobby. {n} room open. Type rooms to hear them, or help.",
                    "You are in the lobby. {n} rooms open. Type rooms to hear them, or help.",
                    count,
                )
            )
        else:
            self.say(_("You are in the lobby. No room is open yet. Type rooms to hear them, or help."))
        mine = your_move_line(self.worker_rooms.your_move(self.fingerprint), self.zone)
        if mine:
            self.say(mine + ".")
        away = self.worker_rooms.away_until(self.fingerprint)
        if away:
            self.say(away_words(away))
        for number, table in enumerate(listed.rooms, start=1):
            if not table.finished and table.line(self.fingerprint).mine:
                self.say(
                    _(
                        "Your seat at {name} waits for you: type join {number}.",
                        name=table.name,
                        number=number,
                    )
                )
        wanted, self.wanted = self.wanted, None
        if first and wanted:
            self.enter(wanted, self.wanted_watch)

    def _in_lobby(self, verb: str, rest: str, typed: str = "") -> None:
        """Handle a line typed in the lobby: `verb` is its first word in English (`typed`, as the person typed
        it)."""
        if verb in ("rooms", "list", "look", "r"):
            self.say(*room_lines(self.worker_rooms, self.fingerprint, self.zone))
        elif verb in ("join", "sit", "play", "go", "enter") and rest:
            self.enter(rest, watch=False)
        elif verb == "watch" and rest:
            self.enter(rest, watch=True)
        elif verb == "new":
            asyncio.get_running_loop().create_task(self._new_room(_named_room(rest)))
        elif verb in ("say", "chat", "/") and rest:
            self._talk(rest, lambda: self.worker_rooms.lobby_say(self.fingerprint, rest))
        elif verb == "history" and _about_chat(rest):
            self._chat_history(rest)
        elif verb in ("ratings", "players", "ranking"):
            turns = bool(rest.split()) and verbs.fold(rest.split()[0]) in TURN_WORDS
            self.say(*ratings_lines(self.worker_rooms, self.fingerprint, turns))
        elif verb in ("past", "games"):
            self.say(*past_lines(self.worker_rooms, self.fingerprint))
        elif verb in ("replay", "review") and rest:
            self._replay(rest)
        elif verb in ("language", "lang", "idioma"):
            self._choose_language(rest)
        elif verb in ("name", "nombre", "rename"):
            self._rename(rest)
        elif verb == "mail":
            self._mail(rest)
        elif verb == "confirm":
            self._ask_mail("confirm", rest)
        elif verb in ("away", "ausente"):
            self._away_everywhere(rest)
        elif verb in ("help", "?", "commands", ""):
            self.say(*map(_, LOBBY_HELP))
            self.say(_(MAIL_HELP) if self.worker_rooms.mail_on else _(NO_MAIL))
        elif verb:
            said = typed[:30] or verb  # as typed: "quién", never the English word it stands for
            self.say(_("{verb} is not a lobby command. Type help for the commands here.", verb=said))
        else:
            self.say(_("That is not a lobby command. Type help for the commands here."))

    def _choose_language(self, code: str) -> None:
        """Handle `language es`: switch to it from now on (the server stores it for the key); `language` alone
        shows the current one."""
        if not code.strip():
            self.say(
                _(
                    "You play in {language}. Type language and a code to change it: language es.",
                    language=self.language.name,
                )
            )
            return
        chosen: Choice = choose(code.strip(), {})
        if chosen.note:
            self.say(chosen.note)
            return
        self.language = chosen.language
        self.worker_rooms.keep_language(self.fingerprint, chosen.language.code)
        if self._rooms_watch is not None:  # the lobby's news, told in the new language from now on
            self._rooms_watch()
            self._rooms_watch = None
        with use(self.language):
            self._watch_rooms()
            self.say(_("From now on you play in {language}.", language=self.language.name))

    def _rename(self, text: str) -> None:
        """Handle `name NEW NAME`: change the person's name on the rules of choosing one; `name` alone says
        it."""
        if not text.strip():
            self.say(_("You are {name}. Type name and a new name to change it: name Ada.", name=self.name))
        elif self._naming is not None and not self._naming.done():
            self.say(_("A moment: your name is being checked."))
        else:
            self._naming = asyncio.get_running_loop().create_task(self._renamed(text))

    async def _renamed(self, text: str) -> None:
        try:
            name = await self.worker_rooms.choose_name(self.fingerprint, text, rename=True)
        except TextError as exc:
            self.say(_("{reason} Your name stays {name}.", reason=exc, name=self.name))
            return
        self.name = name
        self.say(_(RENAMED, name=name))

    def _mail(self, rest: str) -> None:
        """Handle `mail`: alone, what the person gets; `mail ADDRESS` (a code is sent to it), `mail off`,
        `mail each` or `mail digest`."""
        word = verbs.inner(rest.strip()).casefold()
        if not rest.strip():
            self._ask_mail("state", "")
        elif word in ("off", "none", "stop"):
            self._ask_mail("off", "")
        elif word in ("each", "digest"):
            self._ask_mail("choice", word)
        else:
            self._ask_mail("address", rest.strip())

    def _ask_mail(self, do: str, value: str) -> None:
        if not self.worker_rooms.mail_on:
            self.say(_(NO_MAIL))
            return
        asyncio.get_running_loop().create_task(self._mail_answer(do, value))

    async def _mail_answer(self, do: str, value: str) -> None:
        """Ask the front and say its answer (with the person's state, for `mail` alone)."""
        line, state = await self.worker_rooms.mail(self.fingerprint, do, value)
        if do == "state":
            line = mail_state_words(state)
        if line and not self.over:
            self.say(line)

    def _away_everywhere(self, rest: str) -> None:
        """Handle `away 3` in the lobby: away for three days in all one's turn-based rooms (`away 0`: back);
        `away` alone says until when one is away."""
        typed = rest.strip()
        if not typed:
            away = self.worker_rooms.away_until(self.fingerprint)
            self.say(away_words(away) if away else _(AWAY_HELP))
        elif not typed.isdigit():
            self.say(_(AWAY_HELP))
        else:
            asyncio.get_running_loop().create_task(self._away_answer(int(typed)))

    async def _away_answer(self, days: int) -> None:
        line = await self.worker_rooms.away(self.fingerprint, days)
        if not self.over:
            self.say(line)

    def _replay(self, which: str) -> None:
        """Replay a past game of the person's, a turn at a time (`lines.replay_lines`), from its save."""
        plan = past_game_of(self.worker_rooms, self.fingerprint, which)
        if isinstance(plan, str):
            self.say(plan)
            return
        try:
            past = self.worker_rooms.persistence.past_game(plan.save_id or "")
        except PersistenceError as exc:  # the details name the server's files: for its log only
            log.warning("past game of room %s not told: %s", plan.id, exc)
            self.say(_("The game of {name} cannot be told: its save cannot be read.", name=plan.name))
            return
        past.title = plan.name
        self.replay = ReplayLines(past, self.write)
        self.replay.start()

    def _replaying(self, line: str) -> None:
        replay = self.replay
        assert replay is not None
        replay.feed(line)
        if replay.quitting:
            self.replay = None
            self.say(_("Back in the lobby. Type help for the commands here."))

    async def _new_room(self, words: str) -> None:
        try:
            asked = new_room_request(words, self.fingerprint, self.name)
            table_id = await self.worker_rooms.create(asked)
        except TableError as exc:
            self.say(str(exc))
            return
        if self.over or self.table is not None or self.waiting is not None:
            return
        if table_id in self.worker_rooms.tables:
            self.enter(table_id, watch=False)
        else:  # made in another worker (the one with the fewest sessions): the person goes there
            self.moving = (table_id, False)
            self.finish()

    def _rooms_changed(self) -> None:
        """Handle a change in the worker's rooms: new lobby chat lines, a gathering room that starts."""
        lines = self.worker_rooms.lobby_talk.lines
        new = lines[self._lobby_heard :] if len(lines) >= self._lobby_heard else lines[-1:]
        self._lobby_heard = len(lines)
        if self.table is None and self.waiting is None and self.name:
            for said in new:
                self._chatted(said)
        waiting = self.waiting
        if waiting is not None and waiting.started:
            self.worker_rooms.stop_waiting(waiting)
            self.waiting = None
            self.say(_("{name} is full: the game begins.", name=waiting.name))
            self.enter(waiting.id, watch=False)


AWAY_HELP = N_(
    "Type away and the days you will be away (away 3) in all your turn-based rooms, or away 0 when you "
    "are back."
)


def _named_room(rest: str) -> str:
    """Translate `nueva Viernes clásico 2 personas`: the keywords after the room's name translated to English
    (the name is the person's, left as typed)."""
    name, _space, words = rest.partition(" ")
    return f"{name} {verbs.inner(words)}".strip()
