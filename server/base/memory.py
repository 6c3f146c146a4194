"""Give the memory that starting freed back to the system.

Taking up thousands of rooms on starting makes and drops many objects; the C library's allocator keeps the
pages they were freed from for later, so a server that then only waits would hold them for as long as it
runs. glibc's `malloc_trim` returns them; on a C library without it, nothing is done.
"""

from __future__ import annotations

import ctypes
import gc
import sys


def give_back() -> bool:
    """Collect the garbage, then return the C heap's free pages to the system; whether any were."""
    gc.collect()
    if not sys.platform.startswith("linux"):
        return False
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):  # a C library without it (musl has it as a stub that does nothing)
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return bool(trim(0))
