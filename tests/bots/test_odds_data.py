"""Each edition's landing odds are packaged, and they are exactly the odds worked out from its board; a
rule option that changes the track has its odds worked out.

    python tests/bots/test_odds_data.py --write    # packages them again, after a board or deck changed
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from engine.core.catalogue import EDITIONS
from engine.core.options import RuleOptions
from engine.play import odds

PACKAGED = Path(odds.__file__).resolve().parents[1] / "data" / "odds.json"


def worked_out_table() -> dict[str, dict[str, Any]]:
    return {name: odds.to_json(name, odds.worked_out(name)) for name in sorted(EDITIONS)}


def test_the_packaged_odds_are_those_worked_out_from_every_edition() -> None:
    packaged = json.loads(PACKAGED.read_text(encoding="utf-8"))
    assert packaged == worked_out_table(), "a board or deck changed: run this file with --write"


@pytest.mark.parametrize("name", EDITIONS)
def test_a_new_process_reads_its_odds_instead_of_working_them_out(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> odds.Odds:
        raise AssertionError("worked out")

    monkeypatch.setattr(odds, "_ON_TRACK", {})
    monkeypatch.setattr(odds, "_odds", refuse)
    begin = time.process_time()
    got = odds.odds_for(name, RuleOptions(starting_cash=2000))  # a rule that leaves the track alone
    assert time.process_time() - begin < 0.010
    assert got == odds.from_json(json.loads(PACKAGED.read_text(encoding="utf-8"))[name])


def test_a_rule_that_changes_the_track_works_its_odds_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(odds, "_ON_TRACK", {})
    by_step = RuleOptions(edition_rules=(("step_parity", 1),))  # the add-on's elevators taken by the step
    got = odds.odds_for("addon", by_step)
    assert got == odds.worked_out("addon", by_step)
    assert got.land != odds.odds_for("addon").land


if __name__ == "__main__" and "--write" in sys.argv:
    PACKAGED.write_text(json.dumps(worked_out_table(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {PACKAGED}")
