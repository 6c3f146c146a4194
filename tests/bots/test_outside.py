"""Bots from outside: the published interface, seating one by `module:Class` or by an installed package's
entry point, in tournaments, rooms and saved games, and the example bot `docs/bots.md` points to."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cli.main import main
from engine import Game, new_game
from engine.bots import check_level, make_bot
from engine.bots.outside import ENTRY_POINTS, OutsideBot, installed_bots
from engine.tools.simulate import BotPlayer, play_game
from engine.tools.tournament import check_lineup, run_tournament
from room import Persistence, PersistenceError, Seat, TableSetup, open_room, resume_room
from room.seats import bot_choices, bot_problem

from outside_fixtures import Listener

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "examples.prudent_bot:PrudentBot"
LISTENER = "outside_fixtures:Listener"


@pytest.fixture(autouse=True)
def _examples_on_the_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """As the command line does from the project's folder: `examples` can be imported."""
    monkeypatch.syspath_prepend(str(ROOT))


def test_the_example_uses_only_the_published_interface() -> None:
    source = (ROOT / "examples" / "prudent_bot.py").read_text(encoding="utf-8")
    imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert {line.split()[1] for line in imports} <= {
        "__future__",
        "collections.abc",
        "engine",
        "engine.queries",
    }


@pytest.mark.parametrize("seed", [4, 5])
def test_the_example_bot_plays_whole_games_by_the_rules(seed: int) -> None:
    from invariants import check_ledger, check_state

    levels = ["hard", EXAMPLE, "normal", EXAMPLE]
    bots = [make_bot(level, seed, seat) for seat, level in enumerate(levels)]
    game = new_game("classic", ["A", "B", "C", "D"], seed=seed)
    players = [BotPlayer(b) for b in bots]
    st = game.state
    while st.winner is None and st.turn < 300:
        p = st.pending.player  # type: ignore[union-attr]
        cmd = players[p].decide(game, p)
        before = st.copy()
        events = game.apply(cmd)
        for player in players:
            player.observe(cmd, events)
        check_ledger(before, st, events)
        check_state(game)
    outside = [b for b in bots if isinstance(b, OutsideBot)]
    assert len(outside) == 2 and all(b.refused == 0 for b in outside)
    assert outside[0].level == EXAMPLE


def test_an_outside_bot_is_made_from_the_seed_and_its_seat_and_shown_every_event() -> None:
    Listener.made.clear()
    game = new_game("classic", ["A", "B"], seed=3)
    bot = make_bot(LISTENER, 3, 1)
    assert isinstance(bot, OutsideBot) and bot.level == LISTENER
    play_game(game, [BotPlayer(make_bot("easy", 3, 0)), BotPlayer(bot)], max_turns=30)
    listener = Listener.made[-1]
    assert (listener.seed, listener.seat) == (3, 1)
    assert listener.asked > 0
    # every event of the game since it began, in order, its own moves and the other seat's
    assert list(listener.heard) == _events_of(game)


def _events_of(game: Game) -> list[object]:
    again = Game.from_state(game.initial)
    out: list[object] = []
    for cmd in game.log:
        out.extend(again.apply(cmd))
    return out


def test_an_answer_the_rules_refuse_is_replaced_and_counted() -> None:
    game = new_game("classic", ["A", "B"], seed=2)
    bot = make_bot("outside_fixtures:OutOfTurn", 2, 0)
    assert isinstance(bot, OutsideBot)
    cmd = bot.choose(game.view(0), game.legal_commands(0))
    assert game.check(cmd) is None and cmd.player == 0
    assert bot.refused == 1


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("no_such_module_here:Bot", "cannot import 'no_such_module_here'"),
        ("examples.prudent_bot:Nobody", "has no 'Nobody'"),
        ("outside_fixtures:NotABot", "not a bot class"),
        ("wizard", "unknown bot level 'wizard'"),
    ],
)
def test_a_name_that_seats_no_bot_is_refused_in_words(name: str, words: str) -> None:
    problem = check_level(name)
    assert problem is not None and words in problem
    assert bot_problem(name) == problem
    with pytest.raises(ValueError, match=r"unknown bot level|cannot import|has no|not a bot"):
        check_lineup(["hard", name])


def test_a_tournament_seats_outside_bots_beside_ours() -> None:
    result = run_tournament(["hard", EXAMPLE, EXAMPLE], games=3, seed=6, max_turns=300)
    assert result.games == 3 and set(result.wins_by_level) == {"hard", EXAMPLE}
    assert EXAMPLE in result.as_dict()["figures"]  # type: ignore[operator]


def test_the_command_line_seats_a_bot_from_the_current_folder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if Path(p or ".").resolve() != ROOT])
    args = ["simulate", "--bots", f"Hard,{EXAMPLE}", "--games", "2", "--seed", "1", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lineup"] == ["hard", EXAMPLE] and data["games"] == 2


def test_the_command_line_says_why_a_bot_cannot_be_seated(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "hard,nowhere_at_all:Bot", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "cannot import 'nowhere_at_all'" in err and "Traceback" not in err


def _install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A package installed the way pip would leave it: a module and its entry point in `landlords.bots`."""
    (tmp_path / "tinybots.py").write_text(
        "from outside_fixtures import Listener\n\nclass Tiny(Listener):\n    pass\n", encoding="utf-8"
    )
    info = tmp_path / "tinybots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tinybots\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINTS}]\ntiny = tinybots:Tiny\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))


def test_an_installed_package_offers_its_bot_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install(tmp_path, monkeypatch)
    assert "tiny" in installed_bots()
    assert bot_choices()[:5] == ["easy", "normal", "hard", "expert", "random"] and "tiny" in bot_choices()
    bot = make_bot("tiny", 1, 0)
    assert isinstance(bot, OutsideBot) and type(bot.inner).__name__ == "Tiny"
    result = run_tournament(["easy", "tiny"], games=1, seed=2, max_turns=100)
    assert result.games == 1


def test_a_room_seats_an_outside_bot_and_a_saved_game_seats_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = (Seat(name="Ada", kind="human"), Seat(name="Bob", kind="bot", level=LISTENER))
    persistence = Persistence(tmp_path / "saves")
    Listener.made.clear()
    room = open_room(TableSetup("classic", seats, seed=4), persistence)
    assert room.is_bot(1)
    room.submit(0, room.legal(0)[0], room.version)
    while room.bot_due() is not None:
        room.play_bot()
    heard = list(Listener.made[-1].heard)
    assert heard and heard == list(room.history())[len(room.history()) - len(heard) :]
    assert room.save_now() is None
    room.close()
    again = resume_room(persistence, None)
    assert again.is_bot(1) and Listener.made[-1].heard == heard  # caught up on the same events
    again.close()


def test_a_saved_game_whose_bot_is_gone_is_refused_in_words(tmp_path: Path) -> None:
    seats = (Seat(name="Ada", kind="human"), Seat(name="Bob", kind="bot", level=LISTENER))
    persistence = Persistence(tmp_path / "saves")
    room = open_room(TableSetup("classic", seats, seed=4), persistence)
    room.close()
    save = next((tmp_path / "saves").rglob("*.json"))
    save.write_text(save.read_text(encoding="utf-8").replace(LISTENER, "gone_away:Bot"), encoding="utf-8")
    with pytest.raises(
        PersistenceError,
        match=r"^This game cannot be played on: cannot import 'gone_away'.*\(the bot at Bob's seat\)$",
    ):
        resume_room(persistence, None)
