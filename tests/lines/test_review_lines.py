"""The review in lines: the same review the full screen shows (`room.review`), said as sentences a page at
a time, at the end of a game and for a saved game (`landlords review --plain`)."""

from __future__ import annotations

import asyncio
import io
import shutil
from concurrent.futures import Future
from functools import partial
from pathlib import Path

import pytest

from cli.main import main
from lines.local import reviewed
from lines.review_lines import review_done, review_lines, work_out
from lines.session import LineSession
from room import Room
from room.chances import ChancesPool
from room.opponents import make_opponents
from room.review import Review, ReviewJob, Source
from saves import SaveStore

from linetable import line_table
from reviewed import FINISHED, GOLDEN, steady_review, worth_appraiser, worth_judge


def test_a_finished_review_is_said_in_sentences_with_the_screens_words() -> None:
    said = review_lines(work_out(steady_review(), lambda line: None))
    text = "\n".join(said)
    assert said[0] == "Review: Short game, over (Grace won after 25 turns)."
    assert "At turn 1: Ada 33%, Grace 33%, Linus 33%." in said
    assert "At the end: Ada $0, Grace $4,409, Linus $2,945." in said
    assert "Ada paid Grace $1,417, Linus $50 and $200 in taxes and fees." in said
    assert (
        "Turn 2, Linus (bot, normal): Trade done: Grace gave $800 and got Boardwalk from Linus. Grace now"
        " holds the whole dark blue group. Against refusing: Grace 34% to 28%, Linus 34% to 40%" in text
    )
    assert "Turn 25, Ada: Ada owes Grace $1,400 for rent on Boardwalk and must raise the cash. Ada is" in text
    turning = said[said.index("Turning points:") + 1 :]
    assert not any("rolled" in line or "drew" in line for line in turning)  # decisions, never luck
    assert "No decision of Ada's cost a point or more beyond its error." in said
    assert all(line and "\x1b" not in line and "\n" not in line for line in said)


def test_review_at_the_end_of_a_game_comes_a_page_at_a_time() -> None:
    lt = line_table("classic", 1, bots=1)
    assert lt.type("review")[0] == "The review is told once the game is over."
    assert lt.type("more")[0] == "There is no more to hear."
    loaded = SaveStore(GOLDEN).load(str(GOLDEN / FINISHED))  # a game that is over: Grace won
    room = Room(loaded.game, loaded.seats, make_opponents(loaded.seats, 5))
    out: list[str] = []

    def reviewer() -> Future[Review]:
        return reviewed(
            ReviewJob(Source.of_room(room), ChancesPool(0), judge=worth_judge, appraise=worth_appraiser)
        )

    lines = LineSession(room.join({0}), out.append, reviewer=reviewer)
    lines.start()
    assert out[-1].startswith("The game is over. Type review")
    lines.feed("review")
    assert out[-2] == "The review is being worked out; it follows when it is ready.\n"
    for asked in lines.awaiting:
        asked.result(timeout=30)
    before = len(out)
    lines.poll()
    page = [line.rstrip("\n") for line in out[before:]]
    assert page[0] == "Review: Modern: Ada, Grace, Linus (Grace won after 25 turns)."
    assert page[-2] == "Type more for the next 12 of 14 lines left."
    assert page[-1].startswith("The game is over")
    lines.feed("next")
    lines.feed("more")
    told = "".join(out[before:])
    assert "Turning points:\nTurn 2, Linus (bot, normal): Trade done: Grace gave $800" in told
    lines.feed("more")
    assert out[-2] == "There is no more to hear.\n"
    lines.close()


def test_review_plain_tells_a_saved_game_and_pages_on_more(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shutil.copy(GOLDEN / FINISHED, tmp_path / FINISHED)
    monkeypatch.setattr("cli.review.shared_pool", lambda: ChancesPool(0))
    monkeypatch.setattr(
        "cli.review.ReviewJob", partial(ReviewJob, judge=worth_judge, appraise=worth_appraiser)
    )
    monkeypatch.setattr("sys.stdin", io.StringIO("what\nmore\nmore\nmore\nquit\n"))
    assert main(["review", "--plain", "--saves-dir", str(tmp_path), "modern-short-finished"]) == 0
    out = capsys.readouterr().out
    assert "Playing the game again.\n" in out and "Review: Short game, over (Grace won" in out
    assert "Type more to go on, again to hear it from the start, or quit." in out  # the bad line
    assert "No decision of Grace's cost a point or more beyond its error." in out
    assert out.rstrip().endswith("That is the whole review. Type again to hear it from the start, or quit.")
    assert "\x1b" not in out and not any(0x2500 <= ord(c) <= 0x259F for c in out)


async def test_on_a_servers_loop_the_review_is_a_future_set_once_it_is_finished() -> None:
    done = review_done(steady_review())
    while not done.done():
        await asyncio.sleep(0.01)
    assert done.result().stage == "done" and done.result().moves
