"""`landlords merge SHARD...`: the shards of a run played apart (`landlords simulate --shard I/N`, on as many
machines as there are shards) put back together, reported exactly as the run played in one go reports:
tables, or with `--json` the same JSON object.

Each shard's record names its run (games, seed, edition, turn cap, seats, line-up) and its share of it;
every shard of that one run must be given once, in any order, and nothing else."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cli import commands
from cli.saved_games import fail
from cli.simulate import SHARD_FORMAT, SHARD_VERSION, Run, show
from engine.tools.shards import share, simulation_from, tournament_from
from engine.tools.simulate import Simulation
from engine.tools.tournament import Tournament
from translation import _, ngettext

LARGEST = 256 * 1024 * 1024
"""The largest record read (a shard of a million games keeps every game's length: a few megabytes)."""


def register(sub: Any) -> None:
    p = commands.parser(sub, "merge")
    p.add_argument("shards", metavar=_("SHARD"), nargs="+", help=_("the files the shards printed"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object instead of tables"))
    p.set_defaults(run=run)


class ShardError(ValueError):
    pass


def run(args: argparse.Namespace) -> int:
    try:
        whole, result = merged([_read(Path(name)) for name in args.shards])
    except ShardError as exc:
        return fail(exc)
    show(whole, result, args.json)
    return 0


def _read(path: Path) -> tuple[str, dict[str, Any]]:
    try:
        if path.stat().st_size > LARGEST:
            raise ShardError(_("{path}: larger than any shard's record", path=path))
        record = json.loads(path.read_bytes())
    except OSError as exc:
        raise ShardError(f"{path}: {exc.strerror or exc}") from None
    except ValueError:
        raise ShardError(
            _("{path}: not a shard's record (landlords simulate --shard I/N prints one)", path=path)
        ) from None
    if not isinstance(record, dict) or record.get("format") != SHARD_FORMAT:
        raise ShardError(
            _("{path}: not a shard's record (landlords simulate --shard I/N prints one)", path=path)
        )

    if record.get("version") != SHARD_VERSION:
        raise ShardError(
            _(
                "{path}: a shard's record of version {version!r}, not {expected}",
                path=path,
                version=record.get("version"),
                expected=SHARD_VERSION,
            )
        )
    return str(path), record


def merged(records: list[tuple[str, dict[str, Any]]]) -> tuple[Run, Simulation | Tournament]:
    """Merge shards: return the run they belong to, and its results: every shard checked to be of it, once
    each."""
    try:
        first_name, first = records[0]
        kept = first["run"]
        bots = kept["bots"]
        whole = Run(
            kept["kind"], kept["games"], kept["seed"], kept["edition"], kept["max_turns"], kept["players"],
            None if bots is None else tuple(bots),
        )  # fmt: skip
        count = first["shard"]["of"]
        by_index: dict[int, tuple[str, dict[str, Any]]] = {}
        for name, record in records:
            if record["run"] != kept:
                raise ShardError(
                    _("{name} is a shard of another run than {first}", name=name, first=first_name)
                )
            index, of = record["shard"]["index"], record["shard"]["of"]
            if of != count:
                raise ShardError(
                    _(
                        "{name} is a shard of {of}, {first} one of {count}",
                        name=name,
                        of=of,
                        first=first_name,
                        count=count,
                    )
                )
            if index in by_index:
                raise ShardError(
                    _(
                        "{name} and {other} are both shard {index} of {count}",
                        name=name,
                        other=by_index[index][0],
                        index=index,
                        count=count,
                    )
                )
            if (record["shard"]["first"], record["shard"]["games"]) != share(whole.games, index, count):
                raise ShardError(
                    _(
                        "{name} did not play the games of shard {index} of {count}",
                        name=name,
                        index=index,
                        count=count,
                    )
                )
            by_index[index] = (name, record)
        missing = [str(i) for i in range(1, count + 1) if i not in by_index]
        if missing:
            raise ShardError(
                ngettext(
                    "shard {missing} of {count} missing",
                    "shards {missing} of {count} missing",
                    len(missing),
                    missing=", ".join(missing),
                    count=count,
                )
            )
        ordered = [by_index[i][1]["result"] for i in range(1, count + 1)]
        read = tournament_from if whole.kind == "tournament" else simulation_from
        result: Simulation | Tournament = read(ordered[0])
        for part in ordered[1:]:
            result.merge(read(part))  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, ShardError):
            raise
        raise ShardError(
            _("a shard's record is damaged ({kind}: {reason})", kind=type(exc).__name__, reason=exc)
        ) from None

    return whole, result
