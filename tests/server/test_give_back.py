"""Memory that starting freed goes back to the system: what a server holds while it only waits."""

from __future__ import annotations

import platform
import sys
from pathlib import Path

import pytest

from server.base.memory import give_back

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc", reason="glibc's heap on Linux"
)


def anonymous_mb() -> float:
    """This process's resident memory that is not a file's (its heaps), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("RssAnon:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no RssAnon in /proc/self/status")


def test_memory_freed_in_the_middle_of_the_heap_goes_back() -> None:
    blocks = [bytes(1024) + bytes([n % 256]) for n in range(50_000)]  # past pymalloc: the C heap's
    kept = bytes(2048)  # made after them, it keeps the heap's top in use, as a server's later objects do
    held = anonymous_mb()
    del blocks
    freed = anonymous_mb()
    assert freed > held - 10, "the allocator keeps the pages freed below what is still in use"
    assert give_back()
    assert anonymous_mb() < freed - 30, "they go back to the system"
    assert len(kept) == 2048
