"""The open event log: each line of a real game valid under the committed JSON Schema, every event with
its rule's source, and the log read back into the same game, replay-checked; a log changed anywhere is
caught; `landlords events` and `landlords simulate --events` write logs that check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cli.main import main
from engine import Game, new_game
from engine.tools.simulate import simulate
from saves.eventlog import EVENTS_VERSION, EventLogError, event_lines, read_event_log, replay
from saves.export import export
from saves.model import Seat
from saves.schema_file import current_events_schema, events_schema_path, render

from scenario import ADA, BOARDWALK, own, settle


@pytest.fixture(scope="module")
def played() -> Game:
    kept: list[Game] = []
    simulate(1, players=3, seed=6, max_turns=40, keep=lambda _i, game, _levels: kept.append(game))
    return kept[0]


def seats(game: Game) -> list[Seat]:
    return [Seat(name=p.name, kind="bot", level="normal") for p in game.state.players]


def test_the_committed_schema_matches_the_models() -> None:
    committed = events_schema_path().read_text(encoding="utf-8")
    assert committed == render(current_events_schema()), (
        "the event log's models changed: if that is meant, rewrite the schema with "
        "`python -m saves.schema_file` (and raise EVENTS_VERSION if older logs no longer read)"
    )


def test_every_line_of_a_game_is_valid_under_the_committed_schema(played: Game) -> None:
    schema = json.loads(events_schema_path().read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    lines = [json.loads(line) for line in event_lines(played, seats(played))]
    for line in lines:
        validator.validate(line)
    head, end = lines[0], lines[-1]
    assert head["type"] == "game" and head["version"] == EVENTS_VERSION and head["seed"] == played.state.seed
    assert end["type"] == "end" and end["commands"] == len(played.log)
    events = [line for line in lines if line["type"] == "event"]
    assert len(events) == end["events"] > len(played.log)
    # each event's rule is explained in the header, with the documents it cites
    for line in events:
        rule = line["event"]["rule"]
        assert rule in head["sources"]
        assert [s["doc"] for s in line["source"]] == [s["doc"] for s in head["sources"][rule]["sources"]]
        assert all(s["doc"] in head["documents"] for s in line["source"])
    assert any(line["source"] for line in events)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({**lines[1], "index": "first"})


def test_a_log_reads_back_into_the_same_game(played: Game) -> None:
    log = read_event_log(event_lines(played, seats(played)))
    game = replay(log)
    assert game.state == played.state and game.log == played.log
    assert [p.model_dump() for p in log.header.players] == [s.as_dict() for s in seats(played)]
    assert log.end is not None


def test_a_log_changed_anywhere_does_not_replay(played: Game) -> None:
    lines = list(event_lines(played, seats(played)))
    thrown = [i for i, line in enumerate(lines) if '"kind":"dice_rolled"' in line][3]
    tampered = json.loads(lines[thrown])
    k = tampered["index"]
    tampered["event"]["dice"] = [6, 6] if tampered["event"]["dice"] != [6, 6] else [1, 2]
    changed = [*lines[:thrown], json.dumps(tampered), *lines[thrown + 1 :]]
    with pytest.raises(EventLogError, match=f"command {k}, event 1: .* dice_rolled .*other figures"):
        replay(read_event_log(changed))
    with pytest.raises(EventLogError, match=f"command {k}, event 1: the log records"):
        replay(read_event_log([*lines[:thrown], *lines[thrown + 1 :]]))
    with pytest.raises(EventLogError, match="line 2"):
        read_event_log([lines[0], '{"type": "event"}'])
    cut = replay(read_event_log(lines[: len(lines) // 2]))  # cut short: what there is still replays
    assert 0 < len(cut.log) < len(played.log)


def test_a_game_that_did_not_begin_as_new_games_do_carries_its_start() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=3)
    own(game, ADA, BOARDWALK)
    settle(game)
    game.apply(game.legal_commands(0)[0])
    lines = list(event_lines(game, seats(game)))
    head = json.loads(lines[0])
    assert head["start"]["deeds"][str(BOARDWALK)]["owner"] == ADA
    assert replay(read_event_log(lines)).state == game.state


def test_the_events_command_writes_a_saved_games_log_with_the_bots_reasons(
    played: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    export(played, seats(played), "A game", save, reasons={0: "a fine roll"})
    out = tmp_path / "game.jsonl"
    assert main(["events", str(save), "-o", str(out)]) == 0
    commands = [
        json.loads(x) for x in out.read_text(encoding="utf-8").splitlines() if '"type":"command"' in x
    ]
    assert commands[0]["reason"] == "a fine roll" and "reason" not in commands[1]
    assert main(["events", str(save)]) == 0
    assert capsys.readouterr().out == out.read_text(encoding="utf-8")
    assert main(["events", "--check", str(out)]) == 0
    assert "replayed" in capsys.readouterr().out
    out.write_text(out.read_text(encoding="utf-8").replace('"dice":[', '"dice":[7,', 1), encoding="utf-8")
    assert main(["events", "--check", str(out)]) == 1
    assert "game.jsonl" in capsys.readouterr().err


def test_simulate_writes_one_log_per_game_and_each_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "logs"
    assert (
        main(["simulate", "--games", "3", "--players", "2", "--max-turns", "40", "--events", str(folder)])
        == 0
    )
    capsys.readouterr()
    logs = sorted(folder.iterdir())
    assert [p.name for p in logs] == ["game-00000.jsonl", "game-00001.jsonl", "game-00002.jsonl"]
    assert main(["events", "--check", *map(str, logs)]) == 0
    assert capsys.readouterr().out.count("replayed") == 3


def test_the_schema_finds_a_lines_branch_by_its_type_and_kind(played: Game) -> None:
    """A standard validator checks an event's line against that event's branch alone, found in a few
    checks of `type` and `kind` (halving the branches), not against every branch of a `oneOf`."""
    from jsonschema import validators

    schema = json.loads(events_schema_path().read_text(encoding="utf-8"))
    asked = 0
    if_ = jsonschema.Draft202012Validator.VALIDATORS["if"]  # the draft's own `if`, counted

    def counted(validator: object, condition: object, instance: object, node: object) -> object:
        nonlocal asked
        asked += 1
        return if_(validator, condition, instance, node)

    counting = validators.extend(jsonschema.Draft202012Validator, {"if": counted})(schema)
    kinds = len(schema["$defs"]["EventLine"]["properties"]["event"]["properties"]["kind"]["enum"])
    assert kinds > 80 and "oneOf" not in json.dumps(schema["$defs"]["EventLine"])
    for text in event_lines(played, seats(played)):
        line = json.loads(text)
        if line["type"] != "event":
            continue
        asked = 0
        counting.validate(line)
        assert 0 < asked <= 2 + kinds.bit_length(), (line["event"]["kind"], asked)


def test_the_schema_takes_the_readers_decisions_on_lines_changed_every_way(played: Game) -> None:
    """Lines of a real game, each with its kind swapped for every other kind, a field taken away or one
    added: valid under the schema exactly when the game's own reader takes them."""
    from pydantic import ValidationError

    from saves.eventlog import line_adapter

    schema = json.loads(events_schema_path().read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    adapter = line_adapter()
    lines = [json.loads(text) for text in event_lines(played, seats(played))]
    event_kinds = schema["$defs"]["EventLine"]["properties"]["event"]["properties"]["kind"]["enum"]
    command_kinds = schema["$defs"]["CommandLine"]["properties"]["command"]["properties"]["kind"]["enum"]
    changed: list[dict[str, object]] = []
    firsts: dict[tuple[str, str | None], dict[str, Any]] = {}
    for line in lines:
        firsts.setdefault((line["type"], line.get("event", line.get("command", {})).get("kind")), line)
    for (kind, _), line in firsts.items():
        inner = "event" if kind == "event" else "command" if kind == "command" else None
        if inner is None:
            changed.append({**line, "surplus": 1})
            continue
        for other in event_kinds if inner == "event" else command_kinds:
            changed.append({**line, inner: {**line[inner], "kind": other}})
        fields = [f for f in line[inner] if f != "kind"]
        for field in fields:
            changed.append({**line, inner: {k: v for k, v in line[inner].items() if k != field}})
        changed.append({**line, inner: {**line[inner], "surplus": 1}})
    changed.append({**lines[1], "type": "comment"})
    takes = {True: 0, False: 0}
    for line in changed:
        valid = validator.is_valid(line)
        try:
            adapter.validate_json(json.dumps(line))  # as the reader reads a line
            read = True
        except ValidationError:
            read = False
        assert read == valid, (read, line)
        takes[valid] += 1
    assert takes[True] >= 5 and takes[False] >= 500


def test_a_misspelt_kind_or_an_unknown_field_is_named_by_the_schema_and_by_the_reader(played: Game) -> None:
    """A misspelt kind of event or command, or type of line, is refused by the schema for that alone (not
    as some other kind missing its fields) and by the reader, each naming it; so is a field an event does
    not have."""
    validator = jsonschema.Draft202012Validator(json.loads(events_schema_path().read_text(encoding="utf-8")))
    texts = list(event_lines(played, seats(played)))
    lines = [json.loads(text) for text in texts]
    event = next(line for line in lines if line["type"] == "event" and line["event"]["kind"] == "dice_rolled")
    command = next(line for line in lines if line["type"] == "command")
    misspelt = [
        ({**event, "event": {**event["event"], "kind": "dice_roled"}}, "dice_roled"),
        ({**command, "command": {**command["command"], "kind": "rol_dice"}}, "rol_dice"),
        ({**event, "type": "evnt"}, "evnt"),
    ]
    for line, name in misspelt:
        said = [error.message for error in validator.iter_errors(line)]
        assert len(said) == 1 and said[0].startswith(f"'{name}' is not one of ["), said
        with pytest.raises(EventLogError, match=f"line 2: .*'{name}'"):
            read_event_log([texts[0], json.dumps(line)])
    surplus = {**event, "event": {**event["event"], "total": 7}}
    said = [error.message for error in validator.iter_errors(surplus)]
    assert said == ["Additional properties are not allowed ('total' was unexpected)"]
    with pytest.raises(
        EventLogError, match=r"line 2: event\.event\.dice_rolled\.total: Extra inputs are not permitted"
    ):
        read_event_log([texts[0], json.dumps(surplus)])
