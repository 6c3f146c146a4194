"""The rooms' plans on disk: one small JSON file a room in the server's `rooms/` folder, and the rooms' saves
moved in from the user's saves folder where an older server kept them."""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path

from engine import load_edition
from saves import saves_dir
from server.base.config import ServerConfig
from server.base.state import read_json
from server.tables.plans import Plan
from server.tables.room_summary import Planned

log = logging.getLogger(__name__)

ROOMS = "rooms"
"""The folder of the rooms' plans, in the server's data folder."""


def plans_in(folder: Path) -> list[Plan]:
    """Read the plans of every table saved in the server's folder (a file that cannot be read is logged)."""
    return list(plans_each(folder))


def plans_each(folder: Path) -> Iterator[Plan]:
    """Read the plans of every table saved in the server's folder one at a time, in the order of their
    files (a file that cannot be read is logged): what the reader keeps of each is all that stays."""
    rooms = folder / ROOMS
    if not rooms.is_dir():
        return
    for path in sorted(rooms.glob("*.json")):
        try:
            plan = Plan.from_json(read_json(path))
            load_edition(plan.edition)
        except Exception as exc:
            log.warning("room file %s not used: %s", path.name, exc)
            continue
        yield plan


def gather_saves(plans: Iterable[Planned], config: ServerConfig) -> int:
    """Move saves from the user's saves folder: rooms created before the server saved its games in its own
    folder have their saves among those of the user it runs as: they are moved to the server's folder (with
    their backups), where it looks for them now. Nothing is moved where the saves folder was chosen
    (`--saves-dir`). How many were moved."""
    moved = sum(gather_save(plan, config) for plan in plans) if config.saves_dir is None else 0
    told_gathered(moved, config)
    return moved


def gather_save(plan: Planned, config: ServerConfig) -> int:
    """Move one room's save from the user's saves folder (`gather_saves`), not told in the log: how many
    were moved (0 or 1)."""
    if config.saves_dir is not None or not plan.save_id:
        return 0
    old, new = saves_dir(), config.saves
    if any(new.glob(f"*-{plan.save_id}.json")):
        return 0
    moved = 0
    for path in sorted(old.glob(f"*-{plan.save_id}.json*")):
        if path.name.endswith((".json", ".json.bak")):
            new.mkdir(parents=True, exist_ok=True)
            try:
                shutil.move(path, new / path.name)
            except OSError as exc:
                log.warning("the game of room %s stays in %s: %s", plan.id, old, exc)
                continue
            moved += path.name.endswith(".json")
    return moved


def told_gathered(moved: int, config: ServerConfig) -> None:
    """Say in the log how many rooms' games were moved into the server's own folder, if any."""
    if moved:
        old, new = saves_dir(), config.saves
        log.info("%d rooms' games moved from %s to the server's own folder %s", moved, old, new)


def plan_of(folder: Path, table_id: str) -> Plan | None:
    """Read one table's plan as last saved, or None."""
    try:
        return Plan.from_json(read_json(folder / ROOMS / f"{table_id}.json"))
    except Exception as exc:
        log.warning("room %s not read: %s", table_id, exc)
        return None
