"""A real SMTP server for the tests of the notices by e-mail: aiosmtpd's, on 127.0.0.1 in the test's own
event loop, keeping every e-mail it accepts; a recipient may be refused with the answer given."""

from __future__ import annotations

import asyncio
import email
import email.policy
import re
from email.message import EmailMessage
from typing import Any

from aiosmtpd.smtp import SMTP


class Inbox:
    """aiosmtpd's handler: the e-mails accepted, and the recipients to refuse (address: answer)."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.refuse: dict[str, str] = {}
        self.refused = 0

    async def handle_RCPT(  # noqa: N802 - aiosmtpd's name
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        if address in self.refuse:
            self.refused += 1
            return self.refuse[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.messages.append(message)
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[EmailMessage]:
        return [message for message in self.messages if message["To"] == address]

    async def wait_for(self, count: int, timeout: float = 10.0) -> None:
        """Wait until `count` e-mails have come in all."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while len(self.messages) < count:
            if loop.time() > end:
                raise AssertionError(f"{len(self.messages)} e-mails came, not {count}")
            await asyncio.sleep(0.02)


def code_in(message: EmailMessage) -> str:
    """Return the six-digit code a confirmation e-mail carries."""
    found = re.search(r"\b(\d{6})\b", str(message["Subject"]))
    assert found is not None, message["Subject"]
    return found.group(1)


def text_of(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


async def start_inbox() -> tuple[Inbox, asyncio.AbstractServer, int]:
    """Start the SMTP server on a free port of 127.0.0.1: its inbox, the server (to close) and the port."""
    inbox = Inbox()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(inbox, hostname="localhost"), "127.0.0.1", 0)
    port = int(server.sockets[0].getsockname()[1])
    return inbox, server, port


def free_port() -> int:
    """Return a port of 127.0.0.1 nothing listens on (a mail server that is down)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
