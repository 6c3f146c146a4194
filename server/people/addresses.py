"""E-mail addresses and their confirmation codes: whether a text is an address one can write to, a short
random code, and its salted hash (the store keeps only the hash)."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from translation import _

ADDRESS_MOST = 254  # characters in an address (RFC 5321's limit on a path)
LOCAL_MOST = 64  # characters before the @
CODE_DIGITS = 6

_LOCAL = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
_LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


class AddressError(ValueError):
    """The text is not an address to write to; the message says why, for the person who typed it."""


def check_address(text: str) -> str:
    """Return the address a person typed, trimmed (its domain in lower case and ASCII); `AddressError`
    saying why when it is not one: a mailbox, an @, and a domain with a dot, as a mail server takes them."""
    address = text.strip()
    if not address:
        raise AddressError(_("Give an e-mail address, such as you@example.org."))
    if len(address) > ADDRESS_MOST or any(ch.isspace() or not ch.isprintable() for ch in address):
        raise AddressError(_("That is not an e-mail address: it has spaces or is too long."))
    local, at, domain = address.rpartition("@")
    if not at or not local or not domain:
        raise AddressError(_("That is not an e-mail address: it needs a name, an @ and a domain."))
    if len(local) > LOCAL_MOST or not _LOCAL.fullmatch(local):
        raise AddressError(_("That is not an e-mail address: the part before the @ cannot be written to."))
    try:
        ascii_domain = domain.encode("idna").decode("ascii").lower()
    except UnicodeError:
        raise AddressError(_("That is not an e-mail address: its domain cannot be written.")) from None
    labels = ascii_domain.split(".")
    if len(labels) < 2 or not all(_LABEL.fullmatch(label) for label in labels) or labels[-1].isdigit():
        raise AddressError(
            _("That is not an e-mail address: its domain needs a name and a dot, as example.org.")
        )
    return f"{local}@{ascii_domain}"


def new_code() -> str:
    """Return a short random code, six digits (a person types it back)."""
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


def code_hash(key: str, code: str) -> str:
    """Return a code's salted hash for one key, as the store keeps it: "salt$digest"."""
    salt = secrets.token_hex(8)
    return f"{salt}${_digest(salt, key, code)}"


def code_fits(key: str, code: str, kept: str) -> bool:
    """Whether a code typed is the one whose hash is kept for the key."""
    salt, _dollar, digest = kept.partition("$")
    typed = "".join(code.split())
    return bool(salt and digest) and hmac.compare_digest(_digest(salt, key, typed), digest)


def _digest(salt: str, key: str, code: str) -> str:
    return hashlib.sha256(f"{salt}\n{key}\n{code}".encode()).hexdigest()
