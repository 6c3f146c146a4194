"""How fast the open event log's lines are checked against its published JSON Schema by a standard
validator (`jsonschema`, draft 2020-12), in lines per CPU second, beside the game's own reader
(`saves.eventlog.read_event_log`, pydantic) on the same lines, measured in the same sitting.

The lines are those of a few games between the engine's simple players (every kind of line: the header,
commands, events, the end). `--schema FILE` checks them against another schema file instead (an older
one, to compare).

    python bench/eventlog.py [--games 3] [--repeats 3] [--schema saves/schema/events-v1.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# Run as a script, this file's folder comes first on the path and would hide the packages of the same names.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

import jsonschema  # noqa: E402

from engine import new_game  # noqa: E402
from engine.lookahead.players import SimplePlayer  # noqa: E402
from saves import Seat  # noqa: E402
from saves.eventlog import event_lines, read_event_log  # noqa: E402
from saves.schema_file import events_schema_path  # noqa: E402


def logs(games: int, seed: int) -> list[list[str]]:
    """The event logs of `games` games between four simple players (at most 3,000 commands each)."""
    out = []
    player = SimplePlayer()
    seats = [Seat(name=f"Player {k + 1}", kind="bot", level="simple") for k in range(4)]
    for g in range(games):
        game = new_game("classic", [s.name for s in seats], seed=seed + g)
        st = game.state
        while st.winner is None and st.pending is not None and len(game.log) < 3000:
            game.apply(player.decide(game, st.pending.player))
        out.append(list(event_lines(game, seats)))
    return out


def validated(validator: Any, lines: list[dict[str, Any]]) -> float:
    """CPU seconds to check every line against the schema."""
    start = time.process_time()
    for line in lines:
        validator.validate(line)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--schema", type=Path, default=events_schema_path())
    args = parser.parse_args()
    schema = json.loads(args.schema.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    played = logs(args.games, args.seed)
    texts = [line for log in played for line in log]
    parsed = [json.loads(line) for line in texts]
    best_schema = best_reader = float("inf")
    for _ in range(args.repeats):
        best_schema = min(best_schema, validated(validator, parsed))
        start = time.process_time()
        for log in played:
            read_event_log(log)
        best_reader = min(best_reader, time.process_time() - start)
    events = sum(1 for line in parsed if line["type"] == "event")
    print(f"schema               {args.schema.name}, {len(parsed):,} lines ({events:,} events)")
    print(
        f"jsonschema lines / CPU s  {len(parsed) / best_schema:,.0f}   "
        f"(Draft 2020-12, best of {args.repeats})"
    )
    print(f"reader lines / CPU s      {len(parsed) / best_reader:,.0f}   (read_event_log, pydantic)")
    print(f"reader / jsonschema       {best_schema / best_reader:,.1f}")


if __name__ == "__main__":
    main()
