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
sys.path[:0] = [str(HERE.parents[1] / "helpers")]

from engine import ChooseRoute, Game, RollDice, new_game, register_edition  # noqa: E402
from saves import FORMAT_VERSION, SaveStore  # noqa: E402

from saved_games import GAMES, finished, play, seats_of  # noqa: E402

for _edition in sorted((HERE.parent.parent / "editions").glob("*.json")):  # the tests' own boards
    register_edition(json.loads(_edition.read_text(encoding="utf-8")))


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
    rings = new_game("two-rings", ["Ada", "Grace"], seed=2, dice=[(2, 3)])
    rings.state.players[0].position = 10
    rings.initial = rings.state.copy()
    rings.apply(RollDice(player=0))  # 11, the gate (12) with 3 steps to go: Ada must choose the way on
    assert ChooseRoute(player=0, space=38) in rings.legal_commands(0)
    built = ("classic-built", "A hotel and houses", _built())
    priced = ("classic-price-named", "A price named", _price_named())
    reasoned = ("classic-bot-reasons", "The bots say why", _bots_say_why())
    return {
        "classic-finished": ("Ada and Grace, to the end", done),
        "classic-trade-open": ("An offer on the table", trading),
        "darrow-auction": ("Darrow: under the hammer", auction),
        "modern-short-debt": ("Short game, in debt", debt),
        "modern-short-finished": ("Short game, over", short),
        "classic-scripted-dice": ("Loaded dice", scripted),
        built[0]: built[1:],
        "two-rings-route": ("Two rings: which way on?", rings),
        priced[0]: priced[1:],
        reasoned[0]: reasoned[1:],
    }


REASONS: dict[int, dict[int, str]] = {}
"""The bots' reasons of a golden game, by the id of its game object: saved with it."""


def _bots_say_why() -> Game:
    """A classic game of the built-in bots at a table, played until its first building: every kind of
    bot says why it bought, declined, bid and built."""
    from room.opponents import make_opponents
    from room.room import Room
    from room.seats import Seat as TableSeat

    game = new_game("classic", ["Ada", "Grace", "Linus", "Ken"], seed=3)
    seats = [
        TableSeat(name=n, kind="bot", level=lv)
        for n, lv in zip(("Ada", "Grace", "Linus", "Ken"), ("easy", "normal", "hard", "random"), strict=True)
    ]
    room = Room(game, seats, make_opponents(seats, game.state.seed))
    while not any(d.level for d in game.state.deeds.values()):
        assert room.play_bot().ok and game.state.winner is None
    REASONS[id(game)] = dict(room.reasons())
    return game


def _built() -> Game:
    """A classic game whose players have built: houses on one group, a hotel on another."""
    from engine import Build, EndTurn

    game = new_game("classic", ["Ada", "Grace"], seed=11, dice=[(1, 2), (1, 1)])
    st = game.state
    for space in (1, 3):
        st.deeds[space].owner = 0
    for space in (37, 39):
        st.deeds[space].owner = 1
    st.players[0].cash = st.players[1].cash = 3000
    game.initial = st.copy()
    for cmd in [Build(player=0, space=1), Build(player=0, space=3), Build(player=0, space=1)]:
        game.apply(cmd)
    for _ in range(5):
        game.apply(Build(player=1, space=37))
        game.apply(Build(player=1, space=39))
    game.apply(RollDice(player=0))
    game.apply(EndTurn(player=0))
    return game


def _price_named() -> Game:
    """A classic game of the built-in bots, stopped at the first refusal that names its price."""
    from engine.bots import make_bot

    game = new_game("classic", ["Ada", "Grace", "Linus", "Ken"], seed=5)
    bots = [make_bot(level, 5, i) for i, level in enumerate(("normal", "hard", "easy", "normal"))]
    while True:
        pend = game.state.pending
        assert pend is not None and game.state.winner is None
        seat = pend.player
        events = game.apply(bots[seat].choose(game.view(seat), game.legal_commands(seat)))
        for bot in bots:
            bot.observe(events)
        if any(e.kind == "trade_rejected" and e.asking is not None for e in events):
            return game


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
                if id(game) in REASONS:
                    session.save(game, REASONS[id(game)])
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
                **({"reasons": len(REASONS[id(game)])} if id(game) in REASONS else {}),
            }
    (folder / "expected.json").write_text(json.dumps(expected, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {len(expected)} golden saves to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
