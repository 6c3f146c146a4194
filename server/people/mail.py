"""Sending the notices by e-mail: a queue of e-mails, each handed to the operator's SMTP server
(`landlords serve --smtp HOST:PORT`) off the event loop, by the standard library's `smtplib` in a thread.

An e-mail the server refuses for now (a 4xx answer) or that cannot be handed over (the server down, a
connection cut) is tried again later, after each wait in `RETRIES`; one refused for good (a 5xx answer: no
such mailbox, say), or still not sent after the last wait, is dropped with one WARNING line. The game never
waits for an e-mail. No log line names an address: an e-mail is "a notice for NAME".
"""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import logging
import smtplib
import socket
import ssl
from collections.abc import Sequence
from dataclasses import dataclass, field
from email.message import EmailMessage

from server.base.config import ServerConfig

log = logging.getLogger(__name__)

RETRIES = (30.0, 120.0, 600.0)
"""Seconds to wait before each new try of an e-mail not sent (then it is dropped)."""
QUEUED_MOST = 1000
"""E-mails waiting at most (an e-mail beyond is dropped, with a line in the log)."""
TIMEOUT = 20.0  # seconds to reach the SMTP server, and for each of its answers


@dataclass(frozen=True)
class MailSettings:
    """The operator's SMTP server: where (`host`, `port`), the sender's address, STARTTLS or not, and the
    login (the password read from the environment or a file, never from the command line)."""

    host: str
    port: int
    sender: str
    starttls: bool = False
    user: str | None = None
    password: str | None = field(default=None, repr=False)


@dataclass
class Email:
    """An e-mail to send: its address, subject and text; `who` names its person in the log (never the
    address), and `kind` the e-mail there ("code", "notice", "digest")."""

    to: str = field(repr=False)
    subject: str
    body: str
    who: str
    kind: str = "notice"
    tries: int = 0


class Refused(Exception):
    """The SMTP server refused the e-mail for good (a 5xx answer): trying again would not help."""


class Mailer:
    """The e-mails waiting to be sent, and the task that sends them one at a time."""

    def __init__(
        self, settings: MailSettings, retries: Sequence[float] = RETRIES, most: int = QUEUED_MOST
    ) -> None:
        self.settings = settings
        self.retries = tuple(retries)
        self._queue: asyncio.Queue[Email] = asyncio.Queue(most)
        self._task: asyncio.Task[None] | None = None
        self._later: set[asyncio.TimerHandle] = set()
        self.sent = 0
        self.dropped = 0

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    def send(self, outgoing: Email) -> None:
        """Queue an e-mail (sent as soon as those before it are); dropped, with a line, when too many wait."""
        try:
            self._queue.put_nowait(outgoing)
        except asyncio.QueueFull:
            self.dropped += 1
            log.warning(
                "a notice for %s dropped: %d letters are waiting already", outgoing.who, self._queue.qsize()
            )

    async def stop(self) -> None:
        """Stop sending: the e-mails still waiting are dropped (a notice is worth little once late)."""
        for handle in self._later:
            handle.cancel()
        self._later.clear()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            outgoing = await self._queue.get()
            try:
                await asyncio.to_thread(self._deliver, outgoing)
            except Refused as exc:
                self.dropped += 1
                log.warning(
                    "a %s for %s dropped: the mail server refused it (%s)", outgoing.kind, outgoing.who, exc
                )
            except (OSError, smtplib.SMTPException) as exc:
                self._again(outgoing, _why(exc))
            else:
                self.sent += 1
                log.info("a %s for %s sent", outgoing.kind, outgoing.who)

    def _again(self, outgoing: Email, why: str) -> None:
        """Try an e-mail again after the next wait, or drop it after the last."""
        if outgoing.tries >= len(self.retries):
            self.dropped += 1
            tries = outgoing.tries + 1
            log.warning("a %s for %s dropped after %d tries: %s", outgoing.kind, outgoing.who, tries, why)
            return
        wait = self.retries[outgoing.tries]
        outgoing.tries += 1
        log.info("a %s for %s not sent (%s); trying again in %g s", outgoing.kind, outgoing.who, why, wait)
        loop = asyncio.get_running_loop()

        def back() -> None:
            self._later.discard(handle)
            self.send(outgoing)

        handle = loop.call_later(wait, back)
        self._later.add(handle)

    def _deliver(self, outgoing: Email) -> None:
        """Hand one e-mail to the SMTP server (in a thread: it blocks). `Refused` when refused for good;
        `OSError` or `smtplib.SMTPException` when it may go through later."""
        settings = self.settings
        message = EmailMessage()
        message["From"] = settings.sender
        message["To"] = outgoing.to
        message["Subject"] = outgoing.subject
        message["Date"] = email.utils.formatdate(localtime=False)
        message["Message-ID"] = email.utils.make_msgid(domain=settings.sender.rpartition("@")[2] or None)
        message["Auto-Submitted"] = "auto-generated"
        message.set_content(outgoing.body)
        try:
            with smtplib.SMTP(settings.host, settings.port, timeout=TIMEOUT) as smtp:
                smtp.ehlo()
                if settings.starttls:
                    smtp.starttls(context=ssl.create_default_context())
                    smtp.ehlo()
                if settings.user:
                    smtp.login(settings.user, settings.password or "")
                smtp.send_message(message)
        except smtplib.SMTPRecipientsRefused as exc:
            codes = [code for code, _said in exc.recipients.values()]
            code = codes[0] if codes else 550
            if 400 <= code < 500:
                raise smtplib.SMTPException(f"refused for now ({code})") from None
            raise Refused(str(code)) from None
        except smtplib.SMTPNotSupportedError:
            raise Refused("it does not offer STARTTLS") from None
        except smtplib.SMTPResponseException as exc:
            if 500 <= exc.smtp_code < 600:
                raise Refused(str(exc.smtp_code)) from None
            raise smtplib.SMTPException(f"refused for now ({exc.smtp_code})") from None


def _why(exc: BaseException) -> str:
    """Say why an e-mail did not go, without the server's own words (they may name the address)."""
    if isinstance(exc, smtplib.SMTPServerDisconnected):
        return "the mail server closed the connection"
    if isinstance(exc, smtplib.SMTPException):
        return f"the mail server {exc}" if str(exc).startswith("refused") else "the mail server failed"
    return f"the mail server could not be reached ({type(exc).__name__})"


def mailer_of(config: ServerConfig) -> Mailer | None:
    """Return the sender of the e-mails through the operator's SMTP server (`--smtp`); None without one."""
    if config.smtp is None:
        return None
    host, _colon, port = config.smtp.rpartition(":")
    settings = MailSettings(
        host,
        int(port),
        config.smtp_from or f"landlords@{socket.getfqdn()}",
        config.smtp_starttls,
        config.smtp_user,
        config.smtp_password,
    )
    return Mailer(settings)


def connect_words(config: ServerConfig) -> str:
    """Return how people reach the server, for the e-mails: `ssh -p 2222 play.example.org`."""
    host = config.host if config.host not in ("0.0.0.0", "::", "") else socket.getfqdn()
    return f"ssh -p {config.port} {host}" if config.port != 22 else f"ssh {host}"
