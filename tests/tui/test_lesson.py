"""The first game that teaches: started from the app, its first throw lands on a deed nobody owns and the
purchase is explained; taken up again, the lesson goes on where it was, nothing explained twice. And the
lesson itself: each explanation once, the first time its event happens, never again after a resume."""

from __future__ import annotations

from pathlib import Path

from engine import Game, RuleOptions, new_game
from engine.chances import chances
from engine.core.commands import RollDice
from engine.core.events import CardDrawn, PropertyOffered, RentPaid, SentToJail
from room import Persistence, lesson_setup
from room.lesson import EXPLANATIONS, Lesson
from tui.app import AppOptions, LandlordsApp, Opening
from tui.dialogs.buy import BuyDialog
from tui.screens.advice import AdviceScreen
from tui.widgets.lesson_note import LessonNote

from playtable import game_screen, settle


def _lesson_app(saves: Path) -> LandlordsApp:
    options = AppOptions(theme="dark", ascii=False, speed="instant", name="Vera")
    return LandlordsApp(options, Opening(kind="learn"), Persistence(saves))


def _titles(app: LandlordsApp) -> list[str]:
    return [n.title for n in app._notifications]


async def test_the_lesson_welcomes_then_explains_the_purchase_on_the_first_throw(tmp_path: Path) -> None:
    app = _lesson_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.client.lesson
        assert [s.level for s in screen.client.seats] == [None, "easy", "easy"]
        assert _titles(app) == ["Lesson: " + EXPLANATIONS["welcome"].title]
        await pilot.press("r")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, BuyDialog)
        # at 80 x 24 a notice over the dialog hid its rent table: the purchase is explained at its foot
        notes = list(dialog.query(LessonNote))
        assert [n.explanation for n in notes] == [EXPLANATIONS["purchase"]]
        assert not any("b buys it" in n.message for n in app._notifications)
        box = dialog.query_one("#dialog")
        assert box.region.right <= 80 and box.region.bottom <= 23  # drawn whole, above the footer
        assert notes[0].region.bottom <= box.region.bottom and notes[0].region.height >= 3
        assert not app.screen.query("Toast")
        await pilot.press("z")  # the advisor says why, over the dialog, the lesson at its foot
        await settle(pilot)
        advice = app.screen
        assert isinstance(advice, AdviceScreen)
        assert [n.explanation for n in advice.query(LessonNote)] == [EXPLANATIONS["purchase"]]


async def test_learn_again_takes_up_the_lesson_without_explaining_again(tmp_path: Path) -> None:
    app = _lesson_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("ctrl+q")
    assert "`landlords learn` takes it up" in app.farewell(saved=True, over=False, lesson=True)
    again = _lesson_app(tmp_path)
    async with again.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = game_screen(again)
        assert screen.client.lesson and screen.client.version > 1  # the same game, not a new one
        assert screen.lesson is not None and {"welcome", "purchase"} <= screen.lesson.given
        assert _titles(again) == ["Lesson: The lesson goes on"]


def _table() -> tuple[Game, Lesson]:
    game = new_game("classic", ["Vera", "Ada", "Grace"], seed=3, rules=RuleOptions(short_game=True))
    return game, Lesson(0, game.board)


def test_each_explanation_is_given_once_the_first_time_its_event_happens() -> None:
    game, lesson = _table()
    view = game.view(None)
    assert lesson.opening() is EXPLANATIONS["welcome"]
    assert lesson.take([PropertyOffered(player=1, space=6, price=100)], view) == []  # a bot's is not
    offered = [PropertyOffered(player=0, space=6, price=100)]
    assert lesson.take(offered, view) == [EXPLANATIONS["purchase"]]
    assert lesson.take(offered, view) == []
    rent = RentPaid(payer=1, owner=0, space=6, amount=6)
    jail = SentToJail(player=2, reason="go_to_jail", space=30)
    assert lesson.take([rent, jail, rent], view) == [EXPLANATIONS["rent"], EXPLANATIONS["jail"]]
    assert lesson.take([jail, rent], view) == []
    assert lesson.opening().topic == "welcome_back"


def test_a_whole_colour_group_is_explained_when_the_person_comes_to_own_one() -> None:
    game, lesson = _table()
    assert lesson.take([], game.view(None)) == []
    for space in game.board.street_groups[0]:
        game.state.deeds[space].owner = 0
    assert lesson.take([], game.view(None)) == [EXPLANATIONS["group"]]
    assert lesson.take([], game.view(None)) == []


def test_a_lesson_taken_up_again_does_not_explain_what_already_happened() -> None:
    game, _ = _table()
    history = [*game.opening, *game.apply(RollDice(player=0))]
    lesson = Lesson.resumed(0, game.board, history, game.view(None))
    assert {"welcome", "purchase"} <= lesson.given
    assert lesson.opening().topic == "welcome_back"
    assert lesson.take([PropertyOffered(player=0, space=8, price=100)], game.view(None)) == []
    assert lesson.take([CardDrawn(player=1, deck="chance", card="x", text="x")], game.view(None)) == [
        EXPLANATIONS["card"]
    ]
    fresh = Lesson.resumed(0, game.board, list(game.opening), game.view(None))
    assert not fresh.started and fresh.opening() is EXPLANATIONS["welcome"]


async def test_the_bots_wait_while_an_explanation_is_read_and_space_lets_them_go_on(tmp_path: Path) -> None:
    app = _lesson_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        for key in ("r", "b", "e"):  # buy Oriental Avenue and end the turn
            await pilot.press(key)
            await settle(pilot)

        async def held(title: str) -> int:
            """The bots wait on the explanation just given (over the board, or at a dialog's foot); space lets
            them go on."""
            given = screen.lesson_now()
            assert given is not None and given.title == title
            version = screen.client.version
            await pilot.pause(0.5)
            assert screen.client.version == version
            await pilot.press("space")
            await settle(pilot)
            assert screen.client.version > version
            return version

        await held(EXPLANATIONS["purchase"].title)  # still fresh when the turn was ended
        await held(EXPLANATIONS["rent"].title)  # a bot lands on a deed the deal gave another
        assert _titles(app)[-1] == "Lesson: " + EXPLANATIONS["rent"].title  # told over the board


def test_the_lessons_deal_is_fair_and_its_first_throw_lands_on_a_deed_for_sale() -> None:
    """A first game is fair: nobody is dealt a whole colour group, and from the deal alone (every seat
    played alike) each player's chance at the start is about a third."""
    setup = lesson_setup("Vera")
    game = new_game(setup.edition, [s.name for s in setup.seats], seed=setup.seed, rules=setup.rules)
    board, deeds = game.board, game.state.deeds
    for group in {board.group_of[s] for s in deeds} - {None}:
        owners = {deeds[s].owner for s in deeds if board.group_of[s] == group}
        assert len(owners) > 1 or owners == {None}, group
    figures = chances(game.view(None), 400, seed=1)
    assert all(abs(c.win - 1 / 3) < 0.05 for c in figures.players), figures
    game.apply(RollDice(player=0))
    assert game.state.pending is not None and game.state.pending.kind == "buy"
