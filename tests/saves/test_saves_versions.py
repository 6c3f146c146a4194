"""The format's versions: the committed schema matches the models, and the golden files of every released
format keep loading, exactly as they were saved."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from engine import Game, RejectTrade
from engine.core.events import TradeRejected
from saves import FORMAT_VERSION, SaveFile, SaveStore
from saves.migrations import FIRST_VERSION, STEPS, upgrade
from saves.restore import same_but_unnamed_rules
from saves.schema_file import current_schema, render, schema_path

GOLDEN = Path(__file__).parent / "golden"
EXPECTED = "expected.json"


def _golden_files() -> list[Path]:
    return sorted(p for p in GOLDEN.glob("v*/*.json") if p.name != EXPECTED)


def test_the_committed_schema_matches_the_models() -> None:
    committed = schema_path().read_text(encoding="utf-8")
    assert committed == render(current_schema()), (
        "The save models (or the engine's state or commands in them) no longer match "
        f"{schema_path().name}. If the change is deliberate, rewrite it with `python -m saves.schema_file`; "
        "if files saved before the change no longer load, raise FORMAT_VERSION and add a migration."
    )


def test_the_schema_describes_a_saved_file() -> None:
    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    assert schema["additionalProperties"] is False
    assert schema["properties"]["format_version"]["const"] == FORMAT_VERSION
    assert set(schema["required"]) == set(SaveFile.model_fields)
    assert schema["$defs"]["Seat"]["additionalProperties"] is False


def test_every_released_format_has_golden_files_and_a_way_up() -> None:
    for version in range(FIRST_VERSION, FORMAT_VERSION + 1):
        assert (GOLDEN / f"v{version}" / EXPECTED).is_file(), f"no golden saves for format {version}"
    assert sorted(STEPS) == list(range(FIRST_VERSION, FORMAT_VERSION))


@pytest.mark.parametrize("path", _golden_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_golden_saves_keep_loading(path: Path) -> None:
    expected = json.loads((path.parent / EXPECTED).read_text(encoding="utf-8"))[path.name]
    version = int(path.parent.name.removeprefix("v"))
    assert json.loads(path.read_bytes())["format_version"] == version
    before = path.read_bytes()
    loaded = SaveStore(path.parent).load(str(path))
    st = loaded.game.state
    assert loaded.summary.title == expected["title"]
    assert st.edition == expected["edition"]
    assert len(loaded.game.log) == expected["commands"]
    assert loaded.summary.turn == expected["turn"]
    assert (st.pending.kind if st.pending else None) == expected["waiting_for"]
    assert st.winner == expected["winner"]
    assert [p.cash for p in st.players] == expected["cash"]
    assert len(loaded.reasons) == expected.get("reasons", 0)
    assert path.read_bytes() == before


def test_the_current_format_needs_no_upgrade() -> None:
    current = [p for p in _golden_files() if p.parent.name == f"v{FORMAT_VERSION}"]
    document = json.loads(current[0].read_bytes())
    assert upgrade(dict(document), FORMAT_VERSION) == document


@pytest.mark.parametrize(
    ("name", "levels"),
    [
        ("classic-finished-00000001.json", {11: 5, 26: 4, 37: 1, 1: 0}),  # a hotel is level 5 here
        ("modern-short-debt-00000004.json", {1: 4, 18: 3, 5: 0}),  # in the Short Game, level 4
    ],
)
def test_format_1_buildings_become_levels(name: str, levels: dict[int, int]) -> None:
    """Houses and a hotel flag (format 1) become one building level, a hotel above the most houses."""
    loaded = SaveStore(GOLDEN / "v1").load(str(GOLDEN / "v1" / name))
    deeds = loaded.game.state.deeds
    assert {space: deeds[space].level for space in levels} == levels
    rules = loaded.game.ruleset
    assert sum(rules.hotels_at(d.level) for d in deeds.values()) + loaded.game.state.bank.hotels == 12


def test_format_2_refusals_carry_the_price_their_words_named() -> None:
    """A refused trade saved in format 2 named its price in words only; loaded now, its refusal carries
    the figure, as the same game saved in format 3 does, and replays to an event that carries it."""
    name = "classic-price-named-00000009.json"
    old = SaveStore(GOLDEN / "v2").load(str(GOLDEN / "v2" / name))
    new = SaveStore(GOLDEN / "v3").load(str(GOLDEN / "v3" / name))
    refusals = [c for c in old.game.log if isinstance(c, RejectTrade)]
    assert [(c.reason, c.asking) for c in refusals] == [
        ("that is worth less to me than what I would give; I would pay $180 for it", -180)
    ]
    assert old.game.log == new.game.log
    replayed = Game.from_state(old.game.initial)
    events = [e for cmd in old.game.log for e in replayed.apply(cmd)]
    assert [e.asking for e in events if isinstance(e, TradeRejected)] == [-180]
    assert replayed.state == old.game.state


def test_a_format_2_refusal_without_a_price_names_none() -> None:
    document = {"log": [{"kind": "reject_trade", "player": 1, "trade_id": 4, "reason": "not for that"}]}
    assert STEPS[2](document)["log"] == [
        {"kind": "reject_trade", "player": 1, "trade_id": 4, "reason": "not for that", "asking": None}
    ]


def test_a_format_3_debt_loads_though_its_charge_names_no_rule() -> None:
    """A game saved in format 3 while a player owed rent: its charge names no rule, the replay's does.
    It loads, marked as never taken back and no lesson, and goes on charging under the rule it names now;
    the check still refuses a state that differs anywhere else."""
    name = "modern-short-debt-00000004.json"
    loaded = SaveStore(GOLDEN / "v3").load(str(GOLDEN / "v3" / name))
    assert loaded.summary.takebacks == 0 and loaded.summary.lesson is False
    pend = loaded.game.state.pending
    assert pend is not None and pend.kind == "debt" and pend.charge.rule is not None
    saved = loaded.game.state.copy()
    assert saved.pending is not None and saved.pending.kind == "debt"
    saved.pending = dataclasses.replace(
        saved.pending, charge=dataclasses.replace(saved.pending.charge, rule=None)
    )
    assert same_but_unnamed_rules(loaded.game.state, saved)
    saved.players[0].cash += 1
    assert not same_but_unnamed_rules(loaded.game.state, saved)
    assert STEPS[3]({"title": "x"}) == {"title": "x", "takebacks": 0, "lesson": False, "reasons": {}}


def test_format_4_keeps_the_bots_reasons_and_tells_them_after_their_moves() -> None:
    """A game of the bots saved in format 4 keeps each reason by the place of its move; loading tells it
    again right after that move, unless the same player said the same a few turns before
    (`saves.telling.REPEAT_AFTER`). A format 3 file has none, and loads all the same."""
    from engine.core.events import ReasonGiven
    from saves.history import Story

    name = "classic-bot-reasons-0000000a.json"
    story = Story()
    loaded = SaveStore(GOLDEN / "v4").load(str(GOLDEN / "v4" / name), story)
    assert len(loaded.reasons) > 20
    told = [(e.player, e.reason) for e in story.events if isinstance(e, ReasonGiven)]
    kept = [(loaded.game.log[i].player, loaded.reasons[i]) for i in sorted(loaded.reasons)]
    heard: list[tuple[int, str]] = []
    for said in kept:  # in order, each either told or a repeat of what its player told already
        if heard != told and told[len(heard)] == said:
            heard.append(said)
        else:
            assert said in heard, said
    assert heard == told and len(told) > 20
    assert any("$" in reason for _, reason in told)
    old = SaveStore(GOLDEN / "v3").load(str(GOLDEN / "v3" / "classic-price-named-00000009.json"))
    assert old.reasons == {}


def test_a_reason_for_a_move_the_log_does_not_have_is_refused(tmp_path: Path) -> None:
    from saves.errors import SaveError

    source = GOLDEN / "v4" / "classic-built-00000007.json"
    document = json.loads(source.read_bytes())
    document["reasons"] = {str(len(document["log"])): "it pays"}
    target = tmp_path / source.name
    target.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SaveError, match="reason"):
        SaveStore(tmp_path).load(str(target))
