"""Write the golden save files of the current format, once, when a format version is released.

    python tests/saves/golden/make_golden.py

The files go to `tests/saves/golden/v<FORMAT_VERSION>/` with `expected.json`, what each must load as.
A released version's folder is never rewritten: the tests load every folder, so that files written by
every released format keep opening (through the migrations) in every later version.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent)]

from engine import Game, new_game  # noqa: E402
from saves import FORMAT_VERSION, SaveStore  # noqa: E402

from saved_games import GAMES, finished, play, seats_of  # noqa: E402


def _stop_at(kind: str) -> object:
    return lambda g: g.state.pending is not None and g.state.pending.kind == kind


def games() -> dict[str, tuple[str, Game]]:
    """name -> (title, game): finished games and games paused at each kind of awkward moment."""
    done, _ = finished(GAMES["classic, 2 players"])
    trading = GAMES["classic, house rules"].start()
    play(trading, stop=_stop_at("trade_answer"))  # type: ignore[arg-type]
    auction = GAMES["darrow-1935, Time Limit"].start()
    play(auction, stop=_stop_at("auction"))  # type: ignore[arg-type]
    debt = GAMES["modern, Short Game"].start()
    play(debt, stop=_stop_at("debt"))  # type: ignore[arg-type]
    short, _ = finished(GAMES["modern, Short Game"])
    scripted = new_game("classic", ["Ada", "Grace", "Linus"], seed=5, dice=[(6, 6), (3, 4), (1, 2)])
    play(scripted, stop=lambda g: g.state.turn >= 1 and g.state.pending is not None)
    return {
        "classic-finished": ("Ada and Grace, to the end", done),
        "classic-trade-open": ("An offer on the table", trading),
        "darrow-auction": ("Darrow: under the hammer", auction),
        "modern-short-debt": ("Short game, in debt", debt),
        "modern-short-finished": ("Short game, over", short),
        "classic-scripted-dice": ("Loaded dice", scripted),
    }


def main() -> int:
    folder = HERE / f"v{FORMAT_VERSION}"
    if folder.exists():
        print(f"{folder} exists: the golden files of a released format are never rewritten.")
        return 1
    folder.mkdir()
    expected: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        store = SaveStore(Path(tmp))
        for n, (name, (title, game)) in enumerate(games().items(), start=1):
            with store.create(game, seats_of(game), title) as session:
                target = folder / f"{name}-{n:08x}.json"
                shutil.copyfile(session.path, target)
            st = game.state
            expected[target.name] = {
                "title": title,
                "edition": st.edition,
                "commands": len(game.log),
                "turn": st.turn + 1,
                "waiting_for": st.pending.kind if st.pending is not None else None,
                "winner": st.winner,
                "cash": [p.cash for p in st.players],
            }
    (folder / "expected.json").write_text(json.dumps(expected, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {len(expected)} golden saves to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
