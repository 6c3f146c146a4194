"""The wheel's build step of our own: each translation catalogue compiled to the `.mo` gettext reads.

Compiled when the wheel is built rather than committed as binaries, so that a catalogue's source and what
players run can never differ; `.ci/check_wheel.py` checks every catalogue is in the built wheel and loads.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).resolve().parent


class CataloguesHook(BuildHookInterface):  # type: ignore[misc,type-arg,unused-ignore]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        sys.path.insert(0, str(ROOT))
        from translation.catalogues import FOLDER, available, catalogue_files, compiled

        out = Path(tempfile.mkdtemp(prefix="landlords-mo-"))
        for code in available():
            mo, po = catalogue_files(code)
            if not po.is_file():
                continue
            built = out / mo.relative_to(FOLDER)
            built.parent.mkdir(parents=True, exist_ok=True)
            built.write_bytes(compiled(po))
            build_data["force_include"][str(built)] = mo.relative_to(ROOT).as_posix()
