"""Bringing files of older formats up to the current one, a step at a time, before they are validated.

`STEPS[v]` turns a format-v document (parsed JSON) into a format-(v+1) one. When the format changes:
raise `FORMAT_VERSION`, add the step here, commit the new schema, and add golden files of the new
version next to the old ones, which must keep loading through the steps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from saves.model import FORMAT_VERSION

Document = dict[str, Any]

FIRST_VERSION = 1
"""The oldest format ever released."""

STEPS: dict[int, Callable[[Document], Document]] = {}


def upgrade(document: Document, version: int) -> Document:
    """The document in the current format. `version` is known to be in [FIRST_VERSION, FORMAT_VERSION]."""
    for v in range(version, FORMAT_VERSION):
        document = STEPS[v](document)
        document["format_version"] = v + 1
    return document
