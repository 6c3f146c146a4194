"""The seed's fingerprint in a save: written when the game is first saved, kept as it was when the game is
taken up again, and missing, without harm, from a file of format 4 written before it was kept."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from saves import SaveStore

from saved_games import GAMES, play, seats_of


def _fingerprint_in(path: Path) -> object:
    return json.loads(path.read_text(encoding="utf-8")).get("fingerprint", "absent")


def test_a_new_save_keeps_the_seeds_fingerprint_and_a_resumed_one_keeps_its_files(tmp_path: Path) -> None:
    game = GAMES["classic, 2 players"].start()
    store = SaveStore(tmp_path)
    with store.create(game, seats_of(game), "Kept") as session:
        path = session.path
    assert _fingerprint_in(path) == hashlib.sha256(b"1").hexdigest()

    document = json.loads(path.read_text(encoding="utf-8"))
    document["fingerprint"] = "0" * 64  # what the file says was shown at the start stays what it says
    path.write_text(json.dumps(document), encoding="utf-8")
    loaded, session = store.open(str(path))
    with session:
        play(loaded.game, stop=lambda g: g.state.turn >= 3)
        session.save(loaded.game)
    assert _fingerprint_in(path) == "0" * 64


def test_a_file_without_one_loads_and_gains_the_seeds_when_saved_again(tmp_path: Path) -> None:
    game = GAMES["classic, 2 players"].start()
    store = SaveStore(tmp_path)
    with store.create(game, seats_of(game), "Older") as session:
        path = session.path
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["fingerprint"]
    path.write_text(json.dumps(document), encoding="utf-8")
    loaded, session = store.open(str(path))
    assert loaded.fingerprint is None
    with session:
        session.save(loaded.game)
    assert _fingerprint_in(path) == hashlib.sha256(b"1").hexdigest()
