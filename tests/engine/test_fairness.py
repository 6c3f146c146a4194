"""The seed's fingerprint: the SHA-256 of the seed in decimal ASCII, which anyone can work out again."""

from __future__ import annotations

import hashlib

from engine.core.fairness import SHORT_LENGTH, fingerprint, short_fingerprint


def test_the_fingerprint_is_the_sha256_of_the_seed_in_decimal() -> None:
    assert fingerprint(1) == "6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b"
    seed = 2**63 - 25
    assert fingerprint(seed) == hashlib.sha256(str(seed).encode("ascii")).hexdigest()
    assert fingerprint(seed) != fingerprint(seed + 1)


def test_screens_show_the_start_of_it() -> None:
    full = fingerprint(42)
    assert short_fingerprint(full) == full[:16]
    assert len(short_fingerprint(full)) == SHORT_LENGTH == 16
