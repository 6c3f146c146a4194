"""The full screen in Spanish at 80x24: the main screens speak Spanish, and nothing on them is cut.

Each scene is read as a person sees it, from the strips drawn on the terminal: no English word of the
screen's own (a short list of the words its keys, titles and dialogs use) and no text cut short with an
ellipsis; every footer key keeps its words wherever the English one does. The game's narration and the
names of deeds, printed on them in English, are not the screen's words, so the list holds none of theirs;
an edition's name and a tax's are.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, DataTable, Static

from engine import Game
from room import Persistence
from room.lesson import EXPLANATIONS
from room.review import ReviewJob
from saves import SaveStore
from translation import ENGLISH, language, use
from tui.app import AppOptions, LandlordsApp, Opening
from tui.dialogs.auction import AuctionDialog
from tui.dialogs.buy import BuyDialog
from tui.dialogs.debt import DebtDialog
from tui.dialogs.trade import TradeScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.help import HelpScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.review import ReviewScreen
from tui.screens.start import StartScreen
from tui.widgets.steady_footer import SteadyFooter, bare_keys

from playtable import (
    ADA,
    VERA,
    app_for,
    client_for,
    game_screen,
    scripted_game,
    settle,
    showcase_client,
    trade_dialog_over_table,
)
from reviewed import steady_review
from saved_games import GAMES, finished, seats_of

ENGLISH_WORDS = (
    "Quick game", "New game", "Resume", "Quit", "Edition", "Variant", "Seats", "Starting cash", "Add seat",
    "Roll", "End turn", "Build", "Trade", "Holdings", "Chances", "Help", "Close", "Back",
    "your move", "waiting for", "autosave", "bot pace", "No dice", "Price", "Owner", "A visitor pays",
    "Your cash", "Buy for", "Auction it", "No bid yet", "Still in", "printed price", "High bid", "Bid",
    "Pass", "You give", "You get", "Trade with", "Send", "Put something", "Keys", "roll the dice",
    "The board", "Chance to win", "Net worth", "Who paid whom", "Turning points", "Lesson", "for sale",
    "Rent", "With the full group", "With a hotel", "Houses cost", "Mortgage value", "Lift the mortgage",
    "Classic", "Income Tax", "Luxury Tax", "Inc.Tax", "Lux.Tax",
)  # fmt: skip
"""Words the full screen itself writes in English: none may be left on a Spanish screen. (The narration,
the edition's own texts and the review's sentences are translated where they are written, and checked
there.)"""
_ENGLISH = re.compile(r"\b(" + "|".join(re.escape(w) for w in ENGLISH_WORDS) + r")\b")

SPANISH = language("es")


@contextmanager
def spanish() -> Iterator[None]:
    assert SPANISH is not None
    with use(SPANISH):
        yield


def screen_text(app: LandlordsApp) -> list[str]:
    """The lines the terminal shows now, as text."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def problems(app: LandlordsApp) -> list[str]:
    """What is wrong with the Spanish screen on top: English left on it, text cut short, a button whose
    words do not fit it, a footer key that lost its words where the English one keeps them."""
    found = []
    for y, line in enumerate(screen_text(app)):
        found += [f"English on line {y}: {m!r} in {line.strip()!r}" for m in _ENGLISH.findall(line)]
        if "…" in line:
            found.append(f"cut on line {y}: {line.strip()!r}")
    for button in app.screen.query(Button):
        label = str(button.label)
        room = button.parent.content_region if isinstance(button.parent, Widget) else button.region
        if button.display and cell_len(label) > button.content_region.width:
            found.append(f"button cut: {label!r} in {button.content_region.width} cells")
        elif button.display and button.region.right > room.right:
            found.append(f"button cut by its row: {label!r}")
    for footer in app.screen.query(SteadyFooter):
        found += footer_problems(footer)
    return found


def footer_problems(footer: SteadyFooter) -> list[str]:
    """The footer's keys left in English, and those that lose their words in Spanish while the English
    ones keep theirs."""
    width = footer.size.width
    shown = footer.shown()
    with use(ENGLISH):
        english = footer.shown()
    return [
        f"footer key {key.display!r} in English: {key.description!r}"
        for key, words in zip(shown, english, strict=True)
        if key.description and key.description == words.description and re.search("[A-Za-z]", key.description)
    ] + [
        f"footer key {key.display!r} loses its words {key.description!r}"
        for i, key in enumerate(shown)
        if key.description and _bare(shown, width, i) and not _bare(english, width, i)
    ]


def _bare(keys: tuple, width: int, index: int) -> bool:  # type: ignore[type-arg]
    """Whether the footer draws key `index` without its words at this width."""
    return index in bare_keys(keys, width)


def review_app(job: ReviewJob) -> LandlordsApp:
    return LandlordsApp(AppOptions(theme="dark"), Opening(kind="review", review=job), Persistence.off())


async def reviewed(pilot: Pilot[int], timeout: float = 60.0) -> ReviewScreen:
    """Wait until the review on screen is worked out and drawn."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        await pilot.pause(0.02)
        screen = pilot.app.screen
        if isinstance(screen, ReviewScreen) and screen.job.review.done and screen._drawn is screen.job.review:
            await pilot.pause()
            return screen
    raise AssertionError("the review was not worked out")


def test_the_checks_find_english_and_cut_text() -> None:
    assert _ENGLISH.findall("Vera, your move: [r] Roll") == ["your move", "Roll"]
    assert not _ENGLISH.findall("Vera, te toca: [r] Tirar  Baltic Avenue")


async def test_the_start_screen_and_the_new_game_form_speak_spanish(tmp_path: Path) -> None:
    with spanish():
        app = LandlordsApp(
            AppOptions(theme="dark", speed="instant", name="Vera"), Opening(), Persistence(tmp_path)
        )
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            text = "\n".join(screen_text(app))
            assert "Partida rápida" in text and "Nueva partida" in text
            assert problems(app) == []
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            assert "Edición" in "\n".join(screen_text(app))
            assert problems(app) == []


def _landing_on_baltic() -> LandlordsApp:
    """Vera (a person) and Ada (a bot); Vera's first throw lands on Baltic Avenue, for sale."""
    seats = [VERA, ADA]
    return app_for(client_for(scripted_game(seats, [(1, 2)]), seats))


async def test_the_table_the_buy_dialog_the_auction_and_the_help_speak_spanish() -> None:
    with spanish():
        app = _landing_on_baltic()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert "Tirar" in screen_text(app)[-1]  # the footer
            assert problems(app) == []
            await pilot.press("r")
            await settle(pilot)
            assert isinstance(app.screen, BuyDialog)
            assert "Comprar por 60 $ (b)" in "\n".join(screen_text(app))
            assert problems(app) == []
            await pilot.press("a")
            await settle(pilot)
            assert isinstance(app.screen, AuctionDialog)
            assert "Subasta: Baltic Avenue" in "\n".join(screen_text(app))
            assert problems(app) == []
            await pilot.press("p")
            await settle(pilot)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            assert "Teclas" in "\n".join(screen_text(app))
            assert problems(app) == []
            app.pop_screen()
            await pilot.pause()
            game_screen(app)  # back at the table, after the auction: still Spanish, still whole
            assert problems(app) == []


async def test_the_trade_negotiator_speaks_spanish() -> None:
    with spanish():
        seats = [VERA, ADA]
        app = app_for(client_for(scripted_game(seats), seats))
        async with app.run_test(size=(80, 24)) as pilot:
            _table, dialog = await trade_dialog_over_table(app, pilot)
            assert isinstance(app.screen, TradeScreen)
            assert "Vera negocia con Ada" in "\n".join(screen_text(app))
            assert problems(app) == []
            await pilot.press("p")  # the partner chosen: the offer, both sides and the values
            await _choose_first(pilot)
            assert dialog.draft.partner is not None
            assert problems(app) == []


async def _choose_first(pilot: Pilot[int]) -> None:
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


async def test_the_lessons_first_page_speaks_spanish(tmp_path: Path) -> None:
    with spanish():
        options = AppOptions(theme="dark", ascii=False, speed="instant", name="Vera")
        app = LandlordsApp(options, Opening(kind="learn"), Persistence(tmp_path))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            notices = list(app._notifications)
            assert [n.title for n in notices] == ["Lección: Tu primera partida"]
            assert notices[0].message.startswith("Una partida corta contra dos bots fáciles")
            assert EXPLANATIONS["welcome"].title == "Your first game"  # the id stays English
            assert problems(app) == []


async def test_the_review_speaks_spanish() -> None:
    with spanish():
        app = review_app(steady_review())
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await reviewed(pilot)
            assert isinstance(screen, ReviewScreen)
            assert "Probabilidad de ganar" in "\n".join(screen_text(app))
            assert problems(app) == []


async def test_the_results_speak_spanish() -> None:
    with spanish():
        app = app_for(showcase_client())
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.push_screen(GameOverScreen(game_screen(app).client))  # the results, as `o` shows them
            await pilot.pause()
            results = app.screen
            assert isinstance(results, GameOverScreen)
            standings = results.query_one("#standings", DataTable)
            standings.focus()
            await pilot.press("right")
            await pilot.pause()
            assert str(results.query_one("#key", Static).render()).startswith(
                "Jugador: Quién se sentó en cada lugar"
            )
            assert problems(app) == []


async def test_the_debt_dialog_speaks_spanish_with_every_button_whole() -> None:
    def in_debt(game: Game) -> None:  # Vera, with $100 and Baltic Avenue, about to land on a hotel
        st = game.state
        st.deeds[39].owner, st.deeds[39].level = 1, game.ruleset.max_level
        st.bank.hotels -= 1
        st.deeds[3].owner = 0
        st.players[0].cash, st.players[0].position = 100, 35

    with spanish():
        seats = [VERA, ADA]
        app = app_for(client_for(scripted_game(seats, [(1, 3)], arrange=in_debt), seats))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("r")
            await settle(pilot)
            assert isinstance(app.screen, DebtDialog)
            assert "Declarar bancarrota (x)" in "\n".join(screen_text(app))
            assert problems(app) == []


async def test_the_replay_speaks_spanish(tmp_path: Path) -> None:
    game, _events = finished(GAMES["classic, 2 players"])
    with SaveStore(tmp_path).create(game, seats_of(game), "Two of us") as session:
        save_id = session.id
    with spanish():
        past = Persistence(tmp_path).past_game(save_id)
        app = LandlordsApp(AppOptions(theme="dark"), Opening(kind="replay", past=past), Persistence(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("t", "4", "0", "enter")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            assert "turno 40 de" in screen_text(app)[0]
            assert problems(app) == []
