"""How the server's processes log: to standard error, each line saying which process wrote it (the front,
or `worker N`), with asyncssh's own chatter kept to its warnings."""

from __future__ import annotations

import logging
import sys


def configure_logging(level: int = logging.INFO, prefix: str = "") -> None:
    """Log to standard error, each line prefixed with `prefix`."""
    logging.basicConfig(
        stream=sys.stderr, level=level, format=f"%(asctime)s {prefix}%(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
