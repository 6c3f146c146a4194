"""Shared test helpers (`scenario`, `invariants`, `saved_games`, ...) live beside the tests that use them."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).parent
_FOLDERS = sorted(p for p in _HERE.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
for folder in (_HERE, *_FOLDERS):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
