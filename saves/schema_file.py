"""The committed JSON Schema of the save format, `saves/schema/save-v<N>.json`, and how it is made.

A test compares the schema the models give now with the committed one, so that no change to the models
(the engine's state and commands included) slips into the file format unnoticed. After a deliberate
change, rewrite it with `python -m saves.schema_file`, and if older files no longer load, raise
`FORMAT_VERSION` and add a migration.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from saves.model import FORMAT_VERSION, SaveFile

SCHEMA_DIR = Path(__file__).parent / "schema"


def schema_path(version: int = FORMAT_VERSION) -> Path:
    return SCHEMA_DIR / f"save-v{version}.json"


_PROSE = frozenset({"description", "title"})


def current_schema() -> dict[str, Any]:
    """The schema of the format the models describe now.

    Descriptions and titles, which pydantic takes from docstrings and field names, are left out: editing
    a docstring does not change the format, and should not fail the drift test.
    """
    schema = _structure(SaveFile.model_json_schema())
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"landlords saved game, format {FORMAT_VERSION}",
        **schema,
    }


def _structure(node: Any, keys_are_names: bool = False) -> Any:
    """`node` without prose; under `properties` and `$defs` the keys are names, not keywords."""
    if isinstance(node, dict):
        return {
            key: _structure(value, key in ("properties", "$defs") and not keys_are_names)
            for key, value in node.items()
            if keys_are_names or key not in _PROSE
        }
    if isinstance(node, list):
        return [_structure(item) for item in node]
    return node


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> int:
    path = schema_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(current_schema()), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
