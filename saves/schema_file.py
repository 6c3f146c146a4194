"""The committed JSON Schemas of the save format, `saves/schema/save-v<N>.json`, and of a line of the
open event log, `saves/schema/events-v<N>.json` (`saves.eventlog`), and how they are made.

A test compares the schemas the models give now with the committed ones, so that no change to the models
(the engine's state, commands and events included) slips into a file format unnoticed. After a deliberate
change, rewrite them with `python -m saves.schema_file`; if older saves no longer load, raise
`FORMAT_VERSION` and add a migration, and if older event logs no longer read, raise `EVENTS_VERSION`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from engine.core.rule_ids import RULE_IDS
from saves.eventlog import EVENTS_VERSION, line_adapter
from saves.model import FORMAT_VERSION, SaveFile

SCHEMA_DIR = Path(__file__).parent / "schema"


def schema_path(version: int = FORMAT_VERSION) -> Path:
    return SCHEMA_DIR / f"save-v{version}.json"


_PROSE = frozenset({"description", "title"})


def current_schema() -> dict[str, Any]:
    """Return the schema of the current save format, from the models.

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
    """Return `node` without descriptions; under `properties` and `$defs` the keys are names, not keywords."""
    if isinstance(node, dict):
        return {
            key: _structure(value, key in ("properties", "$defs") and not keys_are_names)
            for key, value in node.items()
            if keys_are_names or key not in _PROSE
        }
    if isinstance(node, list):
        return [_structure(item) for item in node]
    return node


def events_schema_path(version: int = EVENTS_VERSION) -> Path:
    return SCHEMA_DIR / f"events-v{version}.json"


def current_events_schema() -> dict[str, Any]:
    """Return the schema of one line of the event log, from the current models (no descriptions, as above)."""
    schema = _dispatched(_rule_ids_once(_structure(line_adapter().json_schema())))
    schema["$defs"]["RuleId"] = {"enum": list(RULE_IDS), "type": "string"}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"landlords event log, format {EVENTS_VERSION}: one line",
        **schema,
    }


def _dispatched(node: Any) -> Any:
    """Return `node` with every union discriminated by a field (pydantic's `oneOf` with a `discriminator`,
    which is not a JSON Schema keyword) written so that a standard validator finds the branch from that field:
    the field's values listed, then `if` (the field is one of the first half of the values) `then` (that half)
    `else` (the other half), halving down to the one branch. A `oneOf` has a validator try every branch in
    full, a hundred for an event; this, seven checks of the field. The `discriminator` stays, for the tools
    that read it."""
    if isinstance(node, dict):
        out = {key: _dispatched(value) for key, value in node.items()}
        told = out.get("discriminator")
        if isinstance(told, dict) and "oneOf" in out and "mapping" in told:
            field = told["propertyName"]
            mapping: dict[str, str] = told["mapping"]
            if sorted(mapping.values()) != sorted(branch["$ref"] for branch in out["oneOf"]):
                raise ValueError(f"a discriminated union whose mapping is not its branches: {told}")
            del out["oneOf"]
            out["type"] = "object"
            out["required"] = [field]
            out["properties"] = {field: {"enum": list(mapping)}}
            out.update(_halves(field, list(mapping.items()), last=True))
        return out
    if isinstance(node, list):
        return [_dispatched(item) for item in node]
    return node


def _halves(field: str, branches: list[tuple[str, str]], last: bool = False) -> dict[str, Any]:
    """Return the branch whose value `field` has, found by bisecting `branches` (value, reference).

    A value of none of the branches fails every `if` and so comes to the last branch: that one is taken
    only for its own value (`last`), so that a misspelt value is refused by the list of values alone,
    not as the last branch missing its fields."""
    if len(branches) == 1:
        value, reference = branches[0]
        if last:
            return {"if": {"properties": {field: {"const": value}}}, "then": {"$ref": reference}}
        return {"$ref": reference}
    half = len(branches) // 2
    first, rest = branches[:half], branches[half:]
    return {
        "if": {"properties": {field: {"enum": [value for value, _ in first]}}},
        "then": _halves(field, first),
        "else": _halves(field, rest, last),
    }


def _rule_ids_once(node: Any) -> Any:
    """Return `node` with every list of the rule ids (each event's `rule`) replaced by a reference to one."""
    if isinstance(node, dict):
        if node.get("enum") == list(RULE_IDS):
            rest = {k: v for k, v in node.items() if k not in ("enum", "type")}
            return {"$ref": "#/$defs/RuleId", **rest}
        return {key: _rule_ids_once(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_rule_ids_once(item) for item in node]
    return node


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> int:
    for path, schema in ((schema_path(), current_schema()), (events_schema_path(), current_events_schema())):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(schema), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
