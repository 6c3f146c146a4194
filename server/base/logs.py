"""Logging setup for the server's processes: to standard error, each line naming the process that wrote it
(the front, or `worker N`), with asyncssh's own logging limited to warnings."""

from __future__ import annotations

import logging
import sys


def configure_logging(level: int = logging.INFO, prefix: str = "") -> None:
    """Log to standard error, each line prefixed with `prefix`."""
    logging.basicConfig(
        stream=sys.stderr, level=level, format=f"%(asctime)s {prefix}%(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
