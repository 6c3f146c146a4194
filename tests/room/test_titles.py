"""A save's title reads in the reader's language, whichever language the game was started in: the saves
list of the full screen and of the lines (`Persistence.saved_games`) and a past game make it again from
the save's edition and players. A title those parts do not make is shown as it was written."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine import RuleOptions
from room import Persistence, Seat, TableSetup, open_room
from room.past_game import from_save
from room.setup import lesson_setup
from saves import SaveStore
from translation import ENGLISH, Language, language, use

SEATS = (Seat(name="Vera", kind="human"), Seat(name="Ada", kind="bot", level="easy"))


def _spanish() -> Language:
    spanish = language("es")
    assert spanish is not None
    return spanish


def _saved(root: Path, setup: TableSetup) -> str:
    room = open_room(setup, Persistence(root))
    room.save_now()
    save_id = room.save_id
    room.close()
    assert save_id is not None
    return save_id


def test_a_title_made_in_spanish_reads_in_english_and_back(tmp_path: Path) -> None:
    with use(_spanish()):
        save_id = _saved(tmp_path, TableSetup("classic", SEATS, RuleOptions(short_game=True), seed=1))
    assert SaveStore(tmp_path).list()[0].title == "Clásico, partida corta: Vera, Ada"  # as written
    with use(ENGLISH):
        assert [g.title for g in Persistence(tmp_path).saved_games()] == ["Classic short game: Vera, Ada"]
        assert from_save(SaveStore(tmp_path), save_id).title == "Classic short game: Vera, Ada"
    with use(_spanish()):
        assert [g.title for g in Persistence(tmp_path).saved_games()] == ["Clásico, partida corta: Vera, Ada"]


def test_a_lesson_and_a_full_game_made_in_english_read_in_spanish(tmp_path: Path) -> None:
    with use(ENGLISH):
        _saved(tmp_path / "lesson", lesson_setup("Vera"))
        _saved(tmp_path / "full", TableSetup("classic", SEATS, seed=1))
    with use(_spanish()):
        [lesson] = Persistence(tmp_path / "lesson").saved_games()
        [full] = Persistence(tmp_path / "full").saved_games()
    assert lesson.title.startswith("Clásico, lección: Vera, ") and full.title == "Clásico: Vera, Ada"


def test_a_title_its_parts_do_not_make_is_shown_as_written(tmp_path: Path) -> None:
    golden = Path(__file__).parents[1] / "saves" / "golden" / "v4" / "classic-bot-reasons-0000000a.json"
    shutil.copy(golden, tmp_path / golden.name)
    with use(_spanish()):
        assert [g.title for g in Persistence(tmp_path).saved_games()] == ["The bots say why"]
