"""Hostile names and titles in the interface: from a crafted save (resume list, board, holdings, trade
dialog), from `--name`, `$LANDLORDS_NAME` and `$USER`, and pasted into the new-game form. What reaches
the screen holds no control or bidirectional character, and markup in a name is shown as typed."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console
from textual import events
from textual.widgets import Input

from cli.launch import options_from
from cli.main import build_parser
from engine.core.text import NAME_MAX, TITLE_MAX, plain
from room import Persistence, TableSetup, open_room, player_name
from saves import SaveStore, Seat
from tui.app import AppOptions, LandlordsApp, Opening
from tui.screens.game import GameScreen
from tui.screens.new_game import NewGameScreen, SeatRow
from tui.screens.resume import ResumeScreen

from hostile import EVERY_CHARACTER, SEQUENCES, crafted_save, sample, unsafe
from playtable import game_screen, settle


def screen_text(app: LandlordsApp) -> str:
    """The text of every cell on the screen, as the terminal would be sent it (styles aside)."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), force_terminal=True, record=True, legacy_windows=False
    )
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)


def _cases() -> list[tuple[str, list[str]]]:
    rng = random.Random(2024)
    every = "".join(EVERY_CHARACTER)
    cases = [("T" + every[:60], ["[red]Ve" + every, "[/]Ada" + every[::-1]])]
    for _ in range(2):
        cases.append(("T" + sample(rng, 10)[:60], ["Ve" + sample(rng, 12), "Ada" + sample(rng, 12)]))
    return cases


@pytest.mark.parametrize(("title", "names"), _cases())
async def test_a_crafted_save_shows_safely_in_the_resume_list_board_holdings_and_trades(
    title: str, names: list[str], saves_root: Path
) -> None:
    crafted_save(saves_root, title, names)
    options = AppOptions(theme="dark", speed="instant", saves_dir=saves_root)
    app = LandlordsApp(options, Opening(), Persistence(saves_root))
    seen: list[str] = []
    async with app.run_test(size=(140, 44), notifications=True) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        seen.append(screen_text(app))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert list(game_screen(app).client.names) == [plain(n) for n in names]
        seen.append(screen_text(app))  # the board with the holdings and the log beside it
        await pilot.press("t")
        await pilot.pause()
        seen.append(screen_text(app))  # the trade dialog, naming both players
        seen.extend(n.message for n in app._notifications)
    shown = "\n".join(seen)
    assert unsafe(shown) == []
    assert "Ve" in seen[1] and "Ada" in seen[1] and "T" in seen[0]
    if names[0].startswith("[red]"):
        assert "[red]Ve" in seen[1] and "[/]Ada" in seen[2]  # markup shown as typed


async def test_a_crafted_bot_level_is_refused_in_a_sentence(saves_root: Path) -> None:
    crafted_save(saves_root, "odd level", ["Ada", "Grace"], level="wizard\x1b]0;PWNED\x07")
    options = AppOptions(theme="dark", speed="instant", saves_dir=saves_root)
    app = LandlordsApp(options, Opening(kind="resume"), Persistence(saves_root))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        [note] = [n.message for n in app._notifications]
        assert note.startswith("This game cannot be played on: unknown bot level 'wizard")
        assert unsafe(note) == []
    assert not list(saves_root.glob("*.lock"))  # the game was let go


@pytest.mark.parametrize("sequence", SEQUENCES)
async def test_a_name_from_the_command_line_or_the_environment_is_cleaned(
    sequence: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sequence = sequence.replace("\x00", "\x01")  # the environment and the arguments cannot hold NUL
    monkeypatch.delenv("LANDLORDS_NAME", raising=False)
    monkeypatch.setenv("USER", f"vera{sequence}")
    assert unsafe(player_name()) == [] and player_name().startswith("Vera")
    monkeypatch.setenv("LANDLORDS_NAME", f"{sequence}")
    assert unsafe(player_name()) == []
    args = build_parser().parse_args(["--name", f"[b]Zoe{sequence}", "new", "--quick", "--seed", "4"])
    options = options_from(args)
    assert options.name is not None and unsafe(options.name) == [] and options.name.startswith("[b]Zoe")
    app = LandlordsApp(options, Opening(kind="quick", seed=4), Persistence.off())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert game_screen(app).client.seats[0].name == options.name
        text = screen_text(app)
    assert unsafe(text) == [] and "[b]Zoe" in text


def test_nothing_usable_in_the_environment_falls_back_to_player(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANDLORDS_NAME", "USER", "LOGNAME"):
        monkeypatch.setenv(var, "\x1b\x07\u202e")
    monkeypatch.setattr("getpass.getuser", lambda: "\x1b")
    assert player_name() == "Player"


async def test_a_pasted_escape_sequence_in_the_form_is_refused_with_the_reason() -> None:
    options = AppOptions(theme="dark", speed="instant", name="Vera")
    app = LandlordsApp(options, Opening(kind="new", seed=3), Persistence.off())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        field = form.query(SeatRow)[1].query_one(".name", Input)
        field.value = ""
        field.focus()
        await pilot.pause()
        field.post_message(events.Paste("Eve\x1b]0;PWNED\x07"))  # as a terminal delivers a paste
        await pilot.pause()
        assert field.value.startswith("Eve")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        error = str(form.query_one("#error").render())
        assert error == "Seat 2: A name may not contain control characters (U+001B)."
        field.value = "[/]Eve"  # markup is a name like any other, shown as typed
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert game_screen(app).client.seats[1].name == "[/]Eve"
        assert "[/]Eve" in screen_text(app)


def test_eight_names_of_the_longest_still_make_a_title_that_saves(tmp_path: Path) -> None:
    names = [f"{chr(65 + i)}" * NAME_MAX for i in range(8)]
    seats = tuple(
        [Seat(name=names[0], kind="human")] + [Seat(name=n, kind="bot", level="easy") for n in names[1:]]
    )
    setup = TableSetup("classic", seats)
    assert len(setup.title) == TITLE_MAX and setup.title.endswith("...")
    room = open_room(setup, Persistence(tmp_path))
    room.close()
    [saved] = SaveStore(tmp_path).list()
    assert saved.title == setup.title and [s.name for s in saved.seats] == names
