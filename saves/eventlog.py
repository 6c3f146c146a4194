"""The open event log: a game as JSON Lines, for reading outside landlords (`docs/research.md`).

One JSON object a line, told apart by `type`:

- `game`, first: the format and its `version`, the edition, the rule options, the seed, the seats, and the
  sources of every rule the game's events name (`sources`, with the documents they cite in `documents`);
  `start` holds the state before the first command only for a game that did not begin as a new game
  of that edition, seed and seats begins;
- `event`: one event, as the engine made it (`engine.core.events`), with `index`, the place in the game of the
  command that caused it (null for what setting the game up did), and `source`, where its rule comes
  from in this edition (the document and the place in it);
- `command`: one command (`engine.core.commands`), at its `index`, with the `reason` a bot gave for it;
- `end`, last: how many commands and events there were, the turn, the winner and the standings.

The lines come in the order they happened: the setting up's events, then each command followed by its
events. `saves/schema/events-v1.json` describes a line (each is one of its `oneOf`). `read_event_log`
parses a log and `replay` turns it back into the game, applying its commands and checking that every
event is the one recorded. The log holds the seed: written while a game goes on, it tells the dice to
come.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from engine import Game, GameState, RuleOptions, new_game
from engine.core.commands import Command
from engine.core.events import Event
from engine.core.rule_ids import TITLES, RuleId
from engine.play.sources import documents, sources_of
from saves.atomic import write_atomic
from saves.codec import program_version
from saves.errors import SaveError
from saves.model import Seat

FORMAT = "landlords-events"
EVENTS_VERSION = 1
"""The version of the log's format. Raise it whenever a log of the old format would no longer read."""

_STRICT = ConfigDict(frozen=True, extra="forbid")


class Citation(BaseModel):
    """Where a rule comes from: a document (its key in the header's `documents`) and the place in it."""

    model_config = _STRICT
    doc: str
    at: str


class Quoted(BaseModel):
    """A source of a rule, with a quotation from the document."""

    model_config = _STRICT
    doc: str
    at: str
    quote: str = ""


class RuleText(BaseModel):
    """A rule as the edition plays it: its name, how it is played, its sources, and where the sources are
    silent, how landlords plays it and why (`played`)."""

    model_config = _STRICT
    title: str
    rule: str
    sources: tuple[Quoted, ...] = ()
    played: str = ""


class DocumentName(BaseModel):
    model_config = _STRICT
    title: str
    short: str


class Player(BaseModel):
    """Who sits at a place of a logged game: a person, a bot and its level, or a learning agent (a seat
    of the learning environment, `landlords_env`)."""

    model_config = _STRICT
    name: str = Field(min_length=1)
    kind: Literal["human", "bot", "agent"]
    level: str | None = None  # a bot's level; None for people and agents


class GameLine(BaseModel):
    model_config = _STRICT
    type: Literal["game"]
    format: Literal["landlords-events"]
    version: Literal[1]
    program_version: str
    edition: str
    rules: RuleOptions
    seed: int
    players: list[Player]
    start: GameState | None = None
    sources: dict[RuleId, RuleText]
    documents: dict[str, DocumentName]


class CommandLine(BaseModel):
    model_config = _STRICT
    type: Literal["command"]
    index: int = Field(ge=0)
    command: Command
    reason: str = ""


class EventLine(BaseModel):
    model_config = _STRICT
    type: Literal["event"]
    index: int | None = Field(ge=0)
    event: Event
    source: tuple[Citation, ...] = ()


class EndLine(BaseModel):
    model_config = _STRICT
    type: Literal["end"]
    commands: int = Field(ge=0)
    events: int = Field(ge=0)
    turn: int = Field(ge=0)
    winner: int | None
    standings: tuple[tuple[int, int], ...]


Line = Annotated[GameLine | CommandLine | EventLine | EndLine, Field(discriminator="type")]


@cache
def line_adapter() -> TypeAdapter[Line]:
    return TypeAdapter(Line)


class EventLogError(ValueError):
    """Raised for a log that cannot be read, or that does not replay to the events it records."""


# --- writing ----------------------------------------------------------------------------------------


def event_lines(
    game: Game, seats: Sequence[Seat | Player], reasons: Mapping[int, str] | None = None
) -> Iterator[str]:
    """Yield the log of `game` (its start and its commands so far) a line at a time, without the newlines.
    The events are those the game's commands make when played again from its start."""
    first = game.initial
    names = [p.name for p in first.players]
    fresh = new_game(first.edition, names, seed=first.seed, rules=first.rules)
    start: GameState | None = None
    opening = fresh.opening
    if fresh.initial != first:
        start, opening = first, []
    again = Game.from_state(first)
    caused = [again.apply(cmd) for cmd in game.log]
    if again.state != game.state:
        raise EventLogError("the game's commands do not lead from its start to where it stands")
    cited = {e.rule for e in opening} | {e.rule for events in caused for e in events}
    edition = first.edition
    header = GameLine(
        type="game",
        format=FORMAT,
        version=EVENTS_VERSION,
        program_version=program_version(),
        edition=edition,
        rules=first.rules,
        seed=first.seed,
        players=[s if isinstance(s, Player) else Player(**s.as_dict()) for s in seats],
        start=start,
        sources=_rule_texts(edition, cited),
        documents=_documents(edition, cited),
    )
    yield header.model_dump_json()
    source = _sources_json(edition)
    for event in opening:
        yield _event_line("null", event, source)
    said = reasons or {}
    count = len(opening)
    for i, (cmd, events) in enumerate(zip(game.log, caused, strict=True)):
        reason = said.get(i, "")
        text = cmd.model_dump_json()
        yield (
            f'{{"type":"command","index":{i},"command":{text}'
            + (f',"reason":{json.dumps(reason)}' if reason else "")
            + "}"
        )
        for event in events:
            yield _event_line(str(i), event, source)
        count += len(events)
    st = game.state
    end = EndLine(
        type="end",
        commands=len(game.log),
        events=count,
        turn=st.turn,
        winner=st.winner,
        standings=game.ruleset.ending.standings(game),
    )
    yield end.model_dump_json()


def _event_line(index: str, event: Event, source: Mapping[str, str]) -> str:
    return (
        f'{{"type":"event","index":{index},"event":{event.model_dump_json()},'
        f'"source":{source.get(event.rule, "[]")}}}'
    )


@cache
def _sources_json(edition: str) -> dict[str, str]:
    """Return each rule's citations in this edition, as the JSON an event line carries."""
    found = sources_of(edition)
    return {
        rule: json.dumps([{"doc": s.doc, "at": s.at} for s in entry.sources], separators=(",", ":"))
        for rule, entry in found.rules.items()
    }


def _rule_texts(edition: str, cited: Iterable[RuleId]) -> dict[RuleId, RuleText]:
    found = sources_of(edition)
    out: dict[RuleId, RuleText] = {}
    for rule in sorted(cited):
        entry = found.rules.get(rule)
        if entry is None:
            out[rule] = RuleText(title=TITLES[rule], rule="", played=found.absent.get(rule, ""))
            continue
        quoted = tuple(Quoted(doc=s.doc, at=s.at, quote=s.quote) for s in entry.sources)
        out[rule] = RuleText(title=TITLES[rule], rule=entry.rule, sources=quoted, played=entry.played)
    return out


def _documents(edition: str, cited: Iterable[RuleId]) -> dict[str, DocumentName]:
    found = sources_of(edition)
    keys = sorted({s.doc for rule in cited if rule in found.rules for s in found.rules[rule].sources})
    known = documents()
    return {key: DocumentName(title=known[key].title, short=known[key].short) for key in keys}


def write_event_log(
    path: Path, game: Game, seats: Sequence[Seat | Player], reasons: Mapping[int, str] | None = None
) -> None:
    """Write the log of `game` to `path` (replacing any file there), whole or not at all."""
    text = "".join(line + "\n" for line in event_lines(game, seats, reasons))
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise SaveError(path, f"the event log could not be written: {exc.strerror or exc}") from exc


# --- reading ----------------------------------------------------------------------------------------


@dataclass
class EventLog:
    """A log read back: its header, its commands, its events (in order), and its end line if it has one
    (a log cut short has none)."""

    header: GameLine
    commands: list[CommandLine]
    events: list[EventLine]
    end: EndLine | None


def read_event_log(lines: Iterable[str | bytes]) -> EventLog:
    """Parse a log; `EventLogError` names the first line that does not match the format."""
    adapter = line_adapter()
    header: GameLine | None = None
    commands: list[CommandLine] = []
    events: list[EventLine] = []
    end: EndLine | None = None
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            line = adapter.validate_json(raw)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise EventLogError(f"line {number}: {where}: {first['msg']}") from None
        if header is None and not isinstance(line, GameLine):
            raise EventLogError(f"line {number}: the log must open with its `game` line")
        if end is not None:
            raise EventLogError(f"line {number}: a line after the `end` line")
        if isinstance(line, GameLine):
            if header is not None:
                raise EventLogError(f"line {number}: a second `game` line")
            header = line
        elif isinstance(line, CommandLine):
            if line.index != len(commands):
                raise EventLogError(f"line {number}: command {line.index} where {len(commands)} was due")
            commands.append(line)
        elif isinstance(line, EventLine):
            due = len(commands) - 1 if commands else None
            if line.index != due:
                raise EventLogError(f"line {number}: an event of command {line.index} after command {due}")
            events.append(line)
        else:
            end = line
    if header is None:
        raise EventLogError("the log is empty")
    return EventLog(header, commands, events, end)


def load_event_log(path: Path) -> EventLog:
    try:
        with path.open("rb") as f:
            return read_event_log(f)
    except OSError as exc:
        raise EventLogError(f"{path}: {exc.strerror or exc}") from None
    except EventLogError as exc:
        raise EventLogError(f"{path}: {exc}") from None


def replay(log: EventLog) -> Game:
    """Replay the game the log records from its start: `EventLogError` names the first event
    the game does not make again as recorded (a log edited, damaged, or of another engine). A log cut
    short (no `end` line: a game still being written) replays as far as it goes."""
    head = log.header
    recorded: dict[int | None, list[Event]] = {}
    for told in log.events:
        recorded.setdefault(told.index, []).append(told.event)
    if head.start is not None:
        game = Game.from_state(head.start)
        _compare([], recorded.pop(None, []), None)
    else:
        names = [seat.name for seat in head.players]
        game = new_game(head.edition, names, seed=head.seed, rules=head.rules)
        _compare(game.opening, recorded.pop(None, []), None)
    last = len(log.commands) - 1
    for given in log.commands:
        try:
            made = game.apply(given.command)
        except ValueError as exc:
            raise EventLogError(f"command {given.index} is refused on replay: {exc}") from None
        if log.end is None and given.index == last:  # a log cut short: its last command's events so far
            made = made[: len(recorded.get(given.index, []))]
        _compare(made, recorded.pop(given.index, []), given.index)
    end = log.end
    if end is not None:
        st = game.state
        found = (len(game.log), len(log.events), st.turn, st.winner, game.ruleset.ending.standings(game))
        if (end.commands, end.events, end.turn, end.winner, end.standings) != found:
            raise EventLogError("the game replayed does not end as the log's `end` line says")
    return game


def _compare(made: Sequence[Event], recorded: Sequence[Event], index: int | None) -> None:
    where = "setting up" if index is None else f"command {index}"
    for k, (mine, theirs) in enumerate(zip(made, recorded, strict=False)):
        if mine != theirs:
            raise EventLogError(
                f"{where}, event {k + 1}: the log records {theirs.kind}, the replay makes {mine.kind}"
                + (" (with other figures)" if mine.kind == theirs.kind else "")
            )
    if len(made) != len(recorded):
        raise EventLogError(f"{where}: the log records {len(recorded)} events, the replay makes {len(made)}")
