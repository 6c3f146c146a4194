"""Shared test helpers (`scenario`, `invariants`, `saved_games`, ...) live beside the tests that use them.

The editions made for tests (`tests/editions/*.json`, such as a board of two rings) are registered with
the engine before any test runs, as a player's own edition would be.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from engine import register_edition

_HERE = Path(__file__).parent
_FOLDERS = sorted(p for p in _HERE.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
for folder in (_HERE, *_FOLDERS):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

TEST_EDITIONS = sorted((_HERE / "editions").glob("*.json"))
for _path in TEST_EDITIONS:
    register_edition(json.loads(_path.read_text(encoding="utf-8")))
