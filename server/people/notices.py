"""Word by e-mail when a room waits on a person: their address, confirmed with a code sent to it, and the
notices themselves, a message a move or a daily digest.

What the pace of the rooms calls (`Notices.your_move`, and `send_digests` once in a while: the front runs
`run_digests`), and what a person asks from the lobby (`give_address`, `confirm`, `turn_off`, `choose`,
`state`), all on the front, which alone holds the store. An e-mail goes through `server.people.mail.Mailer`,
never waiting on the loop. An address is never shown to anyone but its person, nor written to the log:
the log says "a notice for NAME".

Keys cost nothing, so what one key may ask is bounded (`CODES_AN_HOUR`, `CODES_A_DAY`), and so is what the
whole server sends to be confirmed (`SERVER_CODES_AN_HOUR`) and what one address is sent (`ADDRESS_CODES`):
a flood of addresses from a key, or from many, is refused with a sentence saying so.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.core.phrases import Phrase
from server.people.addresses import AddressError, check_address, code_fits, code_hash, new_code
from server.people.mail import Email, Mailer
from server.people.players import Players
from server.people.store import MailRow, Store, StoreFailure
from translation import ENGLISH, N_, Language, _, language, ngettext, say, use

log = logging.getLogger(__name__)

CODE_LIFE = 30 * 60.0  # seconds a code holds
TRIES = 5  # wrong codes typed before a new one is needed
CODES_AN_HOUR = 3  # codes one key may ask for in an hour ...
CODES_A_DAY = 6  # ... and in a day
ADDRESS_CODES = 3  # codes one address is sent in a day
SERVER_CODES_AN_HOUR = 100  # codes the whole server sends in an hour
HOUR, DAY = 3600.0, 86400.0
DIGEST_EVERY = 600.0  # seconds between looks for digests due
FORGOTTEN_AFTER = 30 * DAY  # a move noted this long ago is forgotten (told again at the room's next)
CHOICES = ("each", "digest")

WaitingOn = Callable[[str], list[tuple[str, str]]]
"""The rooms that wait on a person (their key) now: (the room's name, what is asked of them, in the
language in use). `ssh host mine` lists them, and a digest tells only rooms still waiting."""

NO_MAIL = N_("This server sends no e-mail: its operator has not set it up.")


@dataclass(frozen=True)
class MailState:
    """What a person's own mail dialog shows: their confirmed address, the one waiting for its code, and
    their choice ("each" or "digest")."""

    on: bool
    address: str = ""
    pending: str = ""
    choice: str = "each"

    def to_json(self) -> dict[str, object]:
        return {"on": self.on, "address": self.address, "pending": self.pending, "choice": self.choice}

    @classmethod
    def from_json(cls, raw: object) -> MailState:
        if not isinstance(raw, dict):
            return cls(False)
        choice = str(raw.get("choice", "each"))
        return cls(
            raw.get("on") is True,
            str(raw.get("address", ""))[:254],
            str(raw.get("pending", ""))[:254],
            choice if choice in CHOICES else "each",
        )


CONFIRM_HOW = {
    "lines": N_("Type confirm and the code."),
    "screen": N_("Enter the code in the field below and press Confirm."),
}
"""How a person confirms an address with its code, by front end: a command in lines, the mail dialog's
field and button at the full screen."""


def confirm_how(ui_mode: str) -> str:
    """Say how to confirm an address with its code at this front end (`server.people.players.UI_MODES`)."""
    return _(CONFIRM_HOW.get(ui_mode, CONFIRM_HOW["lines"]))


def mail_state_words(state: MailState, ui_mode: str = "lines") -> str:
    """Say what a person gets by e-mail: their address (theirs alone to hear), and their choice; a code
    waiting, with how to confirm it at this front end."""
    if state.address:
        if state.choice == "digest":
            line = _(
                "Your letters go to {address}, one a day with the rooms that wait on you.",
                address=state.address,
            )
        else:
            line = _(
                "Your letters go to {address}, one each time a room waits on you.", address=state.address
            )
    else:
        line = _("You get no letters. Type mail and your address for a letter when a room waits on you.")
    if state.pending:
        line += " " + _("A code was sent to {address}.", address=state.pending) + " " + confirm_how(ui_mode)
    return line


class Notices:
    """The notices by e-mail, on the front: the addresses, the codes, and the e-mails."""

    def __init__(
        self,
        store: Store | None,
        mailer: Mailer | None,
        players: Players,
        waiting: WaitingOn | None = None,
        now: Callable[[], float] = time.time,
        connect: str = "ssh landlords",
    ) -> None:
        """`connect`: how people reach the server (`ssh -p 2222 play.example.org`), for the e-mails."""
        self.store = store
        self.mailer = mailer
        self.players = players
        self.waiting = waiting
        self.now = now
        self.connect = connect
        self._sent_codes: deque[float] = deque()  # when the server sent each code, the last hour
        self._to_address: dict[str, list[float]] = {}  # an address's hash: when it was sent codes, a day
        self._digests: asyncio.Task[None] | None = None

    @property
    def on(self) -> bool:
        """Whether the server sends mail: an SMTP server was named, and there is a store to keep addresses."""
        return self.mailer is not None and self.store is not None

    # --- what a person asks -------------------------------------------------------------------

    def state(self, key: str) -> MailState:
        """Return what the person's own mail dialog shows."""
        row = self._row(key) if self.on else None
        if row is None:
            return MailState(self.on)
        return MailState(True, row.address, row.pending, row.choice)

    def give_address(self, key: str, text: str, ui_mode: str = "lines") -> str:
        """Take an address a person gives: send it a code to confirm it. The sentence for the person, told
        how to confirm it at his front end (`ui_mode`)."""
        if not self.on:
            return _(NO_MAIL)
        try:
            address = check_address(text)
        except AddressError as exc:
            return str(exc)
        row = self._row(key) or MailRow(key)
        now = self.now()
        asked = [t for t in _times(row.asked) if t > now - DAY]
        if len([t for t in asked if t > now - HOUR]) >= CODES_AN_HOUR or len(asked) >= CODES_A_DAY:
            log.warning("a code for %s refused: too many asked from one key", self._name(key))
            return _("Too many addresses asked for from your key: try again in an hour or so.")
        while self._sent_codes and self._sent_codes[0] <= now - HOUR:
            self._sent_codes.popleft()
        token = hashlib.sha256(address.casefold().encode()).hexdigest()
        sent_to = [t for t in self._to_address.get(token, []) if t > now - DAY]
        if len(self._sent_codes) >= SERVER_CODES_AN_HOUR or len(sent_to) >= ADDRESS_CODES:
            log.warning("a code for %s refused: the server sends no more codes for now", self._name(key))
            return _("The server sends no more codes to that address for now: try again later.")
        code = new_code()
        row = replace(
            row,
            pending=address,
            code_hash=code_hash(key, code),
            code_until=now + CODE_LIFE,
            tries=0,
            asked=" ".join(f"{t:.0f}" for t in [*asked, now]),
        )
        if not self._keep(row):
            return _("Your address could not be kept just now: try again later.")
        self._sent_codes.append(now)
        self._to_address[token] = [*sent_to, now]
        with use(self._language(key)):
            outgoing = Email(
                address,
                _("landlords: your code is {code}", code=code),
                _(
                    "Your code to confirm this address for landlords is {code}. Type it in the lobby "
                    "(confirm {code} in lines, or in the mail dialog, m) within 30 minutes.\n\n"
                    "If you did not ask for it, do nothing: without the code, nothing is sent here again.",
                    code=code,
                ),
                self._name(key),
                "code",
            )
        assert self.mailer is not None
        self.mailer.send(outgoing)  # the mailer logs it once, as it goes: "a code for NAME sent"
        sent = _("A code is on its way to {address}; it holds for 30 minutes.", address=address)
        return f"{sent} {confirm_how(ui_mode)}"

    def confirm(self, key: str, typed: str, ui_mode: str = "lines") -> str:
        """Take the code a person types back: right and in time, their address is confirmed (`ui_mode`: his
        front end, for how to try again)."""
        if not self.on:
            return _(NO_MAIL)
        row = self._row(key)
        if row is None or not row.pending or not row.code_hash:
            return _("No code is waiting: give your address first (mail you@example.org).")
        if self.now() > row.code_until:
            self._keep(replace(row, code_hash="", tries=0))
            return _("That code is too old: give your address again for a new one.")
        if not code_fits(key, typed, row.code_hash):
            tries = row.tries + 1
            if tries >= TRIES:
                self._keep(replace(row, code_hash="", tries=0))
                return _("That code is wrong, and too many were: give your address again for a new one.")
            self._keep(replace(row, tries=tries))
            return _("That code is wrong: look again at the letter.") + " " + confirm_how(ui_mode)
        due = self.now()
        if not self._keep(
            replace(row, address=row.pending, pending="", code_hash="", tries=0, digest_due=due)
        ):
            return _("Your address could not be kept just now: try again later.")
        log.info("the address of %s confirmed", self._name(key))
        if row.choice == "digest":
            return _(
                "Your address is confirmed: you will get one letter a day with the rooms that wait on you."
            )
        return _("Your address is confirmed: you will get a letter when a room waits on you.")

    def turn_off(self, key: str) -> str:
        """Forget a person's address: no more e-mails."""
        if not self.on:
            return _(NO_MAIL)
        row = self._row(key)
        if row is None:
            return _("You get no letters from this server.")
        try:
            assert self.store is not None
            self.store.drop_mail(key)
        except StoreFailure as exc:
            log.error("the address of %s could not be forgotten: %s", self._name(key), exc)
            return _("Your address could not be forgotten just now: try again later.")
        log.info("the address of %s forgotten", self._name(key))
        return _("Your address is forgotten: no more letters.")

    def choose(self, key: str, choice: str) -> str:
        """Take a person's choice: an e-mail for each move ("each"), or one a day ("digest")."""
        if not self.on:
            return _(NO_MAIL)
        if choice not in CHOICES:
            return _("Choose mail each (a letter a move) or mail digest (one a day).")
        row = self._row(key) or MailRow(key)
        if not self._keep(replace(row, choice=choice, digest_due=self.now())):
            return _("Your choice could not be kept just now: try again later.")
        if choice == "digest":
            return _("From now on: one letter a day with the rooms that wait on you.")
        return _("From now on: a letter each time a room waits on you, one a move.")

    # --- what the pace of the rooms calls -----------------------------------------------------

    def your_move(self, key: str, room: str, asked: Phrase | str | Callable[[str], str], move: str) -> None:
        """Tell a person that `room` waits on them for `asked` (a phrase, put in their language here; or
        a function saying it in the language in use, given the person's time zone, "" for UTC): at once
        by an e-mail, or in their next digest, as they chose. `move` names the move (the turn and the
        decision, say): a move already told is not told again, so calling this again for it is free."""
        if not self.on:
            return
        row = self._row(key)
        if row is None or not row.address:
            return
        with use(self._language(key)):
            if callable(asked):
                words = asked(self.players.zone_of(key))
            else:
                words = say(asked) if isinstance(asked, Phrase) else _(asked)
            held = row.choice == "digest"
            try:
                assert self.store is not None
                if not self.store.note_move(key, room, move, words, self.now(), held):
                    return
            except StoreFailure as exc:
                log.error("a notice for %s could not be noted: %s", self._name(key), exc)
                return
            if held:
                return
            outgoing = Email(
                row.address,
                _("landlords: your move at {room}", room=room),
                _("{room} waits on you: {asked}.", room=room, asked=words) + "\n\n" + self._footer(),
                self._name(key),
            )
        assert self.mailer is not None
        self.mailer.send(outgoing)

    def send_digests(self) -> int:
        """Send the digests due: to each person who chose them, one e-mail with the rooms that wait on
        them (those still waiting, where the server can tell), at most once a day. How many were sent."""
        if not self.on:
            return 0
        assert self.store is not None and self.mailer is not None
        now, sent = self.now(), 0
        try:
            self.store.forget_notices(now - FORGOTTEN_AFTER)
            due = self.store.digests_due(now)
        except StoreFailure as exc:
            log.error("the digests due could not be read: %s", exc)
            return 0
        for key in due:
            try:
                if not self.store.claim_digest(key, now, now + DAY):
                    continue  # another host of the server sends it
                row, held = self._row(key), self.store.held_notices(key)
            except StoreFailure as exc:
                log.error("the digest of %s could not be read: %s", self._name(key), exc)
                continue
            if row is None or not row.address:
                continue
            with use(self._language(key)):
                still = {name for name, _asked in self.waiting(key)} if self.waiting is not None else None
                told = [(room, asked) for room, asked, _at in held if still is None or room in still]
                if told:
                    lines = [_("{room}: {asked}.", room=room, asked=asked) for room, asked in told]
                    self.mailer.send(
                        Email(
                            row.address,
                            ngettext(
                                "landlords: {n} room waits on you",
                                "landlords: {n} rooms wait on you",
                                len(told),
                            ),
                            ngettext("This room waits on you:", "These rooms wait on you:", len(told))
                            + "\n\n"
                            + "\n".join(lines)
                            + "\n\n"
                            + self._footer(),
                            self._name(key),
                            "digest",
                        )
                    )
                    sent += 1
            try:
                self.store.digest_sent(key, [room for room, _asked, _at in held], now + DAY)
            except StoreFailure as exc:
                log.error("the digest of %s could not be marked sent: %s", self._name(key), exc)
        return sent

    async def run_digests(self, every: float = DIGEST_EVERY) -> None:
        """Look for the digests due every `every` seconds, as long as the server runs."""
        while True:
            await asyncio.sleep(every)
            self.send_digests()

    def start(self) -> None:
        if self.on and self.mailer is not None:
            self.mailer.start()
            self._digests = asyncio.get_running_loop().create_task(self.run_digests())

    async def stop(self) -> None:
        if self._digests is not None:
            self._digests.cancel()
            self._digests = None
        if self.mailer is not None:
            await self.mailer.stop()

    # --- helpers ------------------------------------------------------------------------------

    def _row(self, key: str) -> MailRow | None:
        assert self.store is not None
        try:
            return self.store.mail_of(key)
        except StoreFailure as exc:
            log.error("the address of %s could not be read: %s", self._name(key), exc)
            return None

    def _keep(self, row: MailRow) -> bool:
        assert self.store is not None
        try:
            self.store.keep_mail(row)
        except StoreFailure as exc:
            log.error("the address of %s could not be kept: %s", self._name(row.key), exc)
            return False
        return True

    def _footer(self) -> str:
        return _(FOOTER, connect=self.connect)

    def _name(self, key: str) -> str:
        return self.players.name_of(key) or "a key with no name"

    def _language(self, key: str) -> Language:
        code = self.players.language_of(key)
        return (language(code) if code else None) or ENGLISH


FOOTER = N_(
    "To play: {connect}. You get this letter because you asked for word when a room waits on you: mail off "
    "in the lobby stops them (m in the full screen), and {connect} mine lists the rooms that wait on you."
)


def _times(text: str) -> list[float]:
    """Read the times of the codes asked, as the store keeps them (numbers between spaces)."""
    out = []
    for word in text.split()[-CODES_A_DAY * 2 :]:
        try:
            out.append(float(word))
        except ValueError:
            continue
    return out
