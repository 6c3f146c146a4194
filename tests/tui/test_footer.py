"""The footer: the keys the rules allow now, in one line; a click presses a key; on a narrow terminal every
key stays on show, the last ones without their words."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.dialogs.mortgage import MortgageDialog
from tui.widgets.steady_footer import ShownKey, SteadyFooter, footer_words

from playtable import app_for, settle, showcase_client


def footer_line(app: App[int]) -> str:
    return app.screen.query_one(SteadyFooter).render().plain


async def test_the_footer_shows_what_the_rules_allow_and_follows_each_move() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        line = footer_line(app)
        assert line.startswith("r Roll ") and "e End turn" not in line  # Vera's turn: she has not rolled
        await pilot.press("r")
        await settle(pilot)
        assert "r Roll" not in footer_line(app)  # rolled: no second throw is offered


async def test_a_click_on_a_footer_key_presses_it() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(SteadyFooter)
        line = footer.render().plain
        await pilot.click(SteadyFooter, offset=(line.index("Mortgage"), 0))
        await settle(pilot)
        assert isinstance(app.screen, MortgageDialog)


async def test_on_a_narrow_terminal_every_key_stays_on_show() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        wide = app.screen.query_one(SteadyFooter).shown()
        app.screen.query_one(SteadyFooter).styles.width = 30
        await settle(pilot)
        line = footer_line(app)
        assert len(line) <= 30
        assert all(f" {k.display} " in f" {line} " for k in wide)  # each key, if not its words
        assert line.startswith("r Roll")  # the first keys keep their words


async def test_at_80_columns_help_keeps_its_word_while_others_lose_theirs() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = footer_line(app)
        assert line.rstrip().endswith("f1 Help") and line.startswith("r Roll"), line


def test_at_80_columns_a_tables_keys_with_a_vote_each_keep_a_word() -> None:
    """The vote key was drawn as a bare `a`, and `^q` with no word: their words are cut short first."""
    table = [
        ("r", "Roll"),
        ("m", "Mortgage"),
        ("t", "Trade"),
        ("h", "Holdings"),
        ("d", "Deed"),
        ("l", "Log"),
        ("s", "Chances"),
        ("a", "Vote: seat to a bot"),
        ("/", "Chat"),
        ("^q", "Quit"),
        ("f1", "Help"),
    ]
    keys = tuple(ShownKey(key, key, words, True, "", "help" if key == "f1" else key) for key, words in table)
    words = footer_words(keys, 80)
    assert all(words), words
    assert words[7] == "Vote" and words[-1] == "Help" and words[0] == "Roll"
    line = " ".join(f"{k.display} {w}" for k, w in zip(keys, words, strict=True))
    assert len(line) <= 80, line


async def test_a_screens_quit_key_and_the_apps_show_one_quit() -> None:
    """The server's lobby offered `q Quit` and the app's `^q Quit` side by side, and cut other words short
    at 80 columns for the second: one key a label, the first bound (both keys still work)."""
    from textual.binding import Binding
    from textual.screen import Screen

    class Lobby(Screen[None]):
        BINDINGS = [Binding("n", "bell", "New room"), Binding("q", "app.quit", "Quit")]

        def compose(self) -> ComposeResult:
            yield SteadyFooter()

    class Session(App[None]):
        BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

        def on_mount(self) -> None:
            self.push_screen(Lobby())

    app = Session()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = app.screen.query_one(SteadyFooter).shown()
        assert [(k.key, k.description) for k in shown] == [("n", "New room"), ("q", "Quit")]
