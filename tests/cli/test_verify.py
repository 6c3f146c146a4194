"""`landlords verify`: a finished game whose throws and cards all came from its seed is accepted; one whose
seed, start or end was altered is refused with the first thing that does not hold; a game in play and a
damaged file get one line and no verdict."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli.main import main
from engine.core.fairness import fingerprint
from saves import SaveStore

from saved_games import GAMES, finished, play, seats_of


@pytest.fixture(scope="module")
def fair_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A classic game played to the end, saved as the game itself saves it."""
    root = tmp_path_factory.mktemp("saves")
    game, _ = finished(GAMES["classic, 2 players"])
    with SaveStore(root).create(game, seats_of(game), "Fair game"):
        pass
    return next(root.glob("*.json"))


def verify(capsys: pytest.CaptureFixture[str], target: Path | str, *more: str) -> tuple[int, str, str]:
    code = main(["verify", str(target), *more])
    out, err = capsys.readouterr()
    return code, out, err


def altered(source: Path, folder: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    document = json.loads(source.read_text(encoding="utf-8"))
    change(document)
    path = folder / "altered.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_a_real_finished_game_is_fair(fair_game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = verify(capsys, fair_game)
    assert (code, err) == (0, "")
    assert f"Fair game: seed 1\nSHA-256 of the seed: {fingerprint(1)} (on screen: 6b86b273ff34fce1)" in out
    assert "The seed matches the fingerprint shown at the start." in out
    assert "Fair: all " in out and " throws and " in out and " cards of the " in out


def test_a_game_is_found_by_its_id_as_resume_finds_it(
    fair_game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save_id = fair_game.stem.rsplit("-", 1)[1]
    code, out, _ = verify(capsys, save_id, "--saves-dir", str(fair_game.parent))
    assert code == 0 and "Fair: all " in out


def test_a_seed_changed_after_the_game_does_not_match_its_fingerprint(
    fair_game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def another_seed(document: dict[str, Any]) -> None:
        for part in (document, document["initial"], document["snapshot"]):
            part["seed"] = 2

    code, out, err = verify(capsys, altered(fair_game, tmp_path, another_seed))
    assert (code, err) == (1, "")
    assert "Not fair: the seed 2 does not match the fingerprint shown at the start" in out
    assert f"the save records {fingerprint(1)}" in out


@pytest.mark.parametrize("where", ["header", "initial"])
def test_a_seed_changed_in_one_place_of_the_file_is_not_fair(
    fair_game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    """docs/saves.md: a seed that does not match is status 1, not fair; not 2, a file that cannot be read."""

    def another_seed(document: dict[str, Any]) -> None:
        (document if where == "header" else document["initial"])["seed"] = 2

    code, out, err = verify(capsys, altered(fair_game, tmp_path, another_seed))
    assert (code, err) == (1, "")
    assert "Not fair: the seed in the header does not match the game" in out


def test_a_start_not_dealt_from_the_seed_is_caught_at_its_first_different_throw(
    fair_game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def other_dice(document: dict[str, Any]) -> None:
        document["initial"]["rng_state"] ^= 1 << 62

    code, out, _ = verify(capsys, altered(fair_game, tmp_path, other_dice))
    assert code == 1
    assert "Not fair: turn 1, throw 1 of the game (Ada): the record has " in out


def test_an_altered_last_throw_is_refused(
    fair_game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recorded = json.loads(fair_game.read_text(encoding="utf-8"))["snapshot"]["last_dice"]
    forged = [6, 6] if recorded != [6, 6] else [1, 1]

    def other_throw(document: dict[str, Any]) -> None:
        document["snapshot"]["last_dice"] = forged

    code, out, _ = verify(capsys, altered(fair_game, tmp_path, other_throw))
    assert code == 1
    shown = f"{forged[0]}+{forged[1]}"
    assert f"Not fair: the last throw recorded, {shown} on turn " in out
    assert f"is not the seed's: it throws {recorded[0]}+{recorded[1]}." in out


def test_an_altered_deck_is_caught_at_the_first_card_it_changes(
    fair_game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def other_order(document: dict[str, Any]) -> None:
        for deck in document["initial"]["decks"].values():
            deck.reverse()

    code, out, _ = verify(capsys, altered(fair_game, tmp_path, other_order))
    assert code == 1
    assert "card drawn 1 of the game" in out


def test_a_game_in_play_keeps_its_seed_secret(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = GAMES["classic, 2 players"].start()
    play(game, stop=lambda g: g.state.turn >= 6)
    with SaveStore(tmp_path).create(game, seats_of(game), "Under way"):
        pass
    code, out, err = verify(capsys, next(tmp_path.glob("*.json")))
    assert (code, out) == (2, "")
    assert err == "landlords: Under way: the game is still in play: its seed is not revealed until it ends\n"
    assert str(game.state.seed) not in err


def test_a_damaged_file_gets_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"format_version": 4, "title": ', encoding="utf-8")
    code, out, err = verify(capsys, damaged)
    assert (code, out) == (2, "")
    assert err == f"landlords: {damaged}: the file is cut short: it ends in the middle of the game\n"
    code, _, err = verify(capsys, tmp_path / "missing.json")
    assert code == 2 and err.count("\n") == 1
