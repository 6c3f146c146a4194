"""How a table stands travels between the server's processes as a record, checked on arrival, and is put
in words only by the lobby that shows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.text import NAME_MAX
from server.screens.lobby import fit
from server.screens.room import RoomScreen
from server.tables.lobby_line import TableStatus, line_of
from server.tables.plans import Plan, SeatPlan
from tui.widgets.steady_footer import SteadyFooter, footer_words

from sshplay import Person, ada_and_bob, seated, start_server


def _plan(save_id: str | None = None, finished: bool = False) -> Plan:
    seats = [SeatPlan("person", name="Ada", owner="key-a"), SeatPlan("person"), SeatPlan("bot", "hard")]
    return Plan("t1", "Friday", "classic", {}, seats, save_id=save_id, finished=finished)


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (TableStatus("gathering", free=2), "waiting for 2 more"),
        (TableStatus("playing", turn=5, waiting_on="Ann"), "turn 5: Ann"),
        (TableStatus("playing", turn=5, waiting_on="Ann", present=False), "turn 5: Ann, resting"),
        (
            TableStatus(
                "playing", turn=5, waiting_on="Ann", seat=1, asked="trade_answer", seen=True, about="Bo"
            ),
            "turn 5: Ann",
        ),
        (TableStatus("resting"), "resting"),
        (TableStatus("over", winner="Ann"), "over: Ann won"),
        (TableStatus("over"), "over"),
    ],
)
def test_the_lobby_says_how_a_table_stands(status: TableStatus, words: str) -> None:
    assert status.words() == words
    assert TableStatus.from_json(json.loads(json.dumps(status.to_json()))) == status  # across the processes


def test_the_plan_alone_tells_how_a_table_stands_before_its_worker_says_more() -> None:
    assert TableStatus.of_plan(_plan()) == TableStatus("gathering", free=1)
    assert TableStatus.of_plan(_plan(save_id="s")) == TableStatus("resting")
    assert TableStatus.of_plan(_plan(save_id="s", finished=True)) == TableStatus("over")


def test_the_lobby_line_puts_the_status_in_words() -> None:
    line = line_of(_plan(save_id="s"), TableStatus("playing", turn=3, waiting_on="Ada"), "key-a")
    assert (line.status, line.mine, line.taken, line.free) == ("turn 3: Ada", True, 2, 1)


@pytest.mark.parametrize(
    "raw",
    [
        "turn 5: Ann",  # a ready-made sentence is not a status
        None,
        {"stage": "dancing"},
        {"stage": "gathering", "free": "2"},
        {"stage": "gathering", "free": -1},
        {"stage": "playing", "turn": True},
        {"stage": "playing", "turn": 2.0},
        {"stage": "playing", "waiting_on": 7},
        {"stage": "playing", "present": "yes"},
        {"stage": "playing", "seen": 1},
        {"stage": "playing", "about": 7},
        {"stage": "playing", "about": "x" * 81},
    ],
    ids=repr,
)
def test_a_status_that_is_not_one_is_refused(raw: object) -> None:
    with pytest.raises(ValueError):
        TableStatus.from_json(raw)


def test_names_in_a_status_arrive_as_plain_text_of_a_name_s_length() -> None:
    status = TableStatus.from_json({"stage": "over", "winner": "\x1b]0;pwned\x07" + "x" * 100})
    assert "\x1b" not in status.winner and "\x07" not in status.winner
    assert len(status.winner) == NAME_MAX


@pytest.mark.slow
async def test_at_80_columns_a_rooms_line_wraps_its_longest_cells_and_cuts_none(tmp_path: Path) -> None:
    running = await start_server(tmp_path, workers=1)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", bank=180, bank_added=15)
        await ada.connect(size=(80, 24))  # in the lobby: nobody at the table, which pauses
        await ada.wait_for("Friday")
        line = table.line(ada.fingerprint)
        assert line.status.endswith(", resting") and line.clock
        shown = ada.text()
        assert max(len(row.rstrip()) for row in shown.splitlines()) <= 80
        row = [f"* {line.name}", line.edition_words, f"{line.taken} taken, 0 free", line.people, line.status]
        cells, heights, _ = fit([row], 79)
        assert heights[0] > 1  # it had to wrap
        for cell in cells[0]:
            for part in cell.split("\n"):
                assert part in shown, (part, shown)  # each line of each cell drawn whole
        await ada.leave()
    finally:
        await running.stop()


def test_the_widest_cells_wrap_between_words_until_the_columns_fit() -> None:
    rows = [
        [
            "* Friday",
            "Classic, bank 0:30 +15s",
            "4 taken, 0 free",
            "Alice, Bob + 2 bots",
            "turn 13: Alice, resting",
        ]
    ]
    cells, heights, _ = fit(rows, 79)
    widths = [max(len(part) for part in cell.split("\n")) for cell in cells[0]]
    assert sum(widths) + 2 * len(widths) <= 79 and heights == [max(c.count("\n") + 1 for c in cells[0])]
    assert [" ".join(c.split()) for c in cells[0]] == rows[0]  # every word kept, none cut


def test_wide_names_in_the_lobby_wrap_by_the_cells_they_take() -> None:
    from rich.cells import cell_len

    from server.screens.lobby import fit

    playing = "李小龙 (3 houses), 山田太郎 🐉🐉, Núria, Ada, 王小明"
    rows = [["Friday", "Classic short game", "4/4", playing, "turn 12"]]
    cells, heights, widths = fit(rows, 60)
    lines = cells[0][3].split("\n")
    assert all(cell_len(line) <= widths[3] for line in lines), (lines, widths[3])
    assert " ".join(lines) == playing and heights[0] == len(lines) > 1
    assert sum(widths) + 2 * len(widths) <= 60


def _footer_keys_all_have_words(person: Person) -> list[str]:
    """The footer's keys drawn without a word beside them (none, when every key says what it does)."""
    footer = person.app().screen.query_one(SteadyFooter)
    keys = footer.shown()
    words = footer_words(keys, footer.size.width)
    drawn = person.text().splitlines()[-1]
    missing = [k.display for k, w in zip(keys, words, strict=True) if k.description and not w]
    pairs = [f"{k.display} {w}" for k, w in zip(keys, words, strict=True) if w]
    return missing + [pair for pair in pairs if pair not in drawn]


@pytest.mark.slow
async def test_at_80_columns_every_footer_key_keeps_a_word(tmp_path: Path) -> None:
    """At 80 columns the lobby's `/` and `^q` and the table's vote key `a` were drawn bare; and the lobby
    showed two Quit keys, `q` and `^q`, cutting other words short for the second: one is shown."""
    running = await start_server(tmp_path, workers=1)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        await seated(running, [ada, bob], "Friday")
        await bob.connect(size=(80, 24))
        await bob.wait_for("Friday")
        await bob.wait_for(lambda: not _footer_keys_all_have_words(bob))
        footer = bob.text().splitlines()[-1]
        assert "/ Chat" in footer and " q Quit" in footer and "^q" not in footer and "Ratings" in footer
        await ada.connect(size=(80, 24))
        await ada.press("enter")  # to her seat at Friday
        await ada.wait_for(lambda: isinstance(ada.app().screen, RoomScreen))
        await ada.wait_for(lambda: not _footer_keys_all_have_words(ada))
        for p in (ada, bob):
            await p.leave()
    finally:
        await running.stop()
