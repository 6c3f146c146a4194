"""Small JSON state files: written atomically, read back with a size limit, so that a file
edited by hand or cut short by a crash costs a warning, never the server."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from saves.atomic import write_atomic

log = logging.getLogger(__name__)

MAX_BYTES = 4 * 1024 * 1024


def read_json(path: Path) -> Any:
    """Read the JSON in `path`; None when it is missing, too big or not JSON (logged)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
        return None
    if len(data) > MAX_BYTES:
        log.warning("%s is larger than %d bytes; not read", path, MAX_BYTES)
        return None
    try:
        return json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        log.warning("%s is not JSON: %s", path, exc)
        return None


def write_json(path: Path, value: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(value, indent=1, ensure_ascii=False).encode("utf-8"))
