"""The engine's words in the player's language: the narration of events, a refused command's reason,
the cards of an edition, said through `translation.say` from the phrases the engine gives, while the
English stays as it was (`describe`, `IllegalCommand.reason`)."""

from __future__ import annotations

import pytest

from engine import BuyProperty, IllegalCommand, RollDice, new_game
from engine.core.events import BuildingSold, CardDrawn, CircuitCompleted, RentPaid, TurnStarted
from engine.core.narration import describe, narrate
from engine.core.phrases import Money, Phrase, Plural
from translation import language, money, say, use
from translation.catalogues import Language


@pytest.fixture(scope="module")
def spanish() -> Language:
    found = language("es")
    assert found is not None and found.code == "es"
    return found


NAMES = ["Ada", "Grace"]


def test_events_are_told_in_the_players_language_and_in_english_as_before(spanish: Language) -> None:
    board = new_game("classic", NAMES, seed=1).board
    rent = RentPaid(payer=1, owner=0, space=39, amount=1500)
    turn = TurnStarted(player=0, turn=4)
    assert describe(rent, NAMES, board) == "Grace paid Ada $1,500 rent for Boardwalk."
    with use(spanish):
        said = say(narrate(rent, NAMES, board))
        assert said == f"Grace pagó a Ada {money(1500)} de alquiler por Boardwalk." and "1.500" in said
        assert say(narrate(turn, NAMES, board)) == "Turno 5: juega Ada."
    assert say(narrate(turn, NAMES, board)) == describe(turn, NAMES, board) == "Turn 5: Ada to play."


def test_counts_take_each_languages_plural(spanish: Language) -> None:
    board = new_game("classic", NAMES, seed=1).board
    sold = [BuildingSold(player=0, space=39, amount=100, hotel_sold=False, houses_left=n) for n in (1, 3)]
    assert [describe(e, NAMES, board) for e in sold] == [
        "Ada sold a house on Boardwalk for $100 (1 house left).",
        "Ada sold a house on Boardwalk for $100 (3 houses left).",
    ]
    with use(spanish):
        assert [say(narrate(e, NAMES, board)) for e in sold] == [
            f"Ada vendió una casa en Boardwalk por {money(100)} (queda 1 casa).",
            f"Ada vendió una casa en Boardwalk por {money(100)} (quedan 3 casas).",
        ]
        circuits = CircuitCompleted(player=1, circuits=3, paid=True)
        assert say(narrate(circuits, NAMES, board)) == "Grace ha dado 3 vueltas al tablero."
    phrase = Plural("{n} house", "{n} houses", 2)
    assert str(phrase) == "2 houses" and phrase != Plural("{n} house", "{n} houses", 1)


def test_a_card_drawn_is_read_in_the_players_language(spanish: Language) -> None:
    board = new_game("classic", NAMES, seed=1).board
    drawn = CardDrawn(player=0, deck="chance", card="advance_go", text="Advance to Go (Collect $200)")
    assert describe(drawn, NAMES, board) == "Ada drew Chance: \u201cAdvance to Go (Collect $200)\u201d"
    with use(spanish):
        told = say(narrate(drawn, NAMES, board))
        assert told == "Ada sacó Suerte: \u201cAvanza hasta la Salida (cobra 200 $)\u201d"


def test_a_phrase_in_context_is_looked_up_in_it(spanish: Language) -> None:
    with use(spanish):
        assert say(Phrase.within("card", "Chance")) == "Suerte"
        assert say(Phrase("Chance")) == "Chance"  # no entry outside the context: as it is
        left = say(Phrase("{amount} left", amount=Money(5)))
        assert left == f"{money(5)} left"  # no entry: English words, money written locally


def test_a_refused_command_says_why_in_the_players_language(spanish: Language) -> None:
    game = new_game("classic", NAMES, seed=1)
    with pytest.raises(IllegalCommand) as refused:
        game.apply(BuyProperty(player=1))
    error = refused.value
    assert error.reason == "Not now: the game is waiting for Ada to roll."
    assert str(error.phrase) == error.reason
    with use(spanish):
        assert say(error.phrase) == "Ahora no: la partida espera; Ada debe tirar."
    assert game.apply(RollDice(player=0))  # nothing was changed by the refusal: Ada still rolls
    plain = IllegalCommand("not_now", "Not now.")  # an outside caller's plain words still make a refusal
    assert plain.phrase == Phrase("Not now.") and plain.reason == "Not now."


def test_a_bots_reason_is_told_in_the_players_language(spanish: Language) -> None:
    """The room keeps a bot's reason in English (as the game's save keeps it) and says it in each
    player's language; a reason that is a whole sentence is found again even without its phrase."""
    from engine.core.events import ReasonGiven
    from room import Room, Seat
    from room.opponents import make_opponents

    seats = [Seat(name="Ada", kind="bot", level="normal"), Seat(name="Grace", kind="bot", level="easy")]
    room = Room(new_game("classic", [s.name for s in seats], seed=3), seats, make_opponents(seats, 3))
    while not any(isinstance(e, ReasonGiven) and "$" in e.reason for e in room.history()):
        assert room.play_bot().ok
    given = next(e for e in room.history() if isinstance(e, ReasonGiven) and "$" in e.reason)
    english = room.narrate(given)
    assert english == f"{seats[given.player].name}: \u201c{given.reason}\u201d"
    with use(spanish):
        spoken = room.narrate(given)
    assert spoken != english and "$" in spoken and "\u201c" in spoken
    assert say(narrate(ReasonGiven(player=0, reason="I always leave jail at once"), NAMES, room.board))
    with use(spanish):
        kept = ReasonGiven(player=0, reason="I always leave jail at once")  # as a saved game keeps it
        told = say(narrate(kept, NAMES, room.board))
        assert told == "Ada: \u201csiempre salgo de la cárcel enseguida\u201d"


def test_the_editions_card_texts_are_messages_the_check_asks_for() -> None:
    from translation.completeness import used

    found = {(m.context, m.id) for m in used(packages=["engine"]) if m.where.startswith("engine/data/")}
    assert ("card", "Advance to Boardwalk") in found  # a card text
    assert ("card", "Community Chest") in found and ("card", "community chest") in found  # a deck's name
    assert ("edition", "Public Treasury") in found  # a money box of the 1904 game
    assert (None, "Pool without fines") in found  # a rule option of the 1995 add-on
    assert not any(text == "Boardwalk" for _context, text in found)  # deed names stay as printed


def test_a_reviews_moves_are_told_in_the_readers_language(spanish: Language) -> None:
    from room.review import Step
    from room.review_words import what_happened

    told = Phrase("{name} passed.", name="Ada")
    step = Step(1, 0, (str(told),), (), (0.5, 0.5), (0.5, 0.5), (told,))
    assert what_happened(step) == "Ada passed."
    with use(spanish):
        assert what_happened(step) == "Ada pasó."
        assert what_happened(Step(1, 0, ("x",), (), (0.5,), (0.5,))) == "x"  # made without phrases


def test_a_reason_kept_in_english_is_read_back_into_its_message(spanish: Language) -> None:
    """A game saved before keeps its bots' reasons as English text: said in Spanish where the text reads
    as one of the catalogue's messages filled in, money and colour groups included; a person's words
    in an answer are never read so."""
    from engine.core.events import ReasonGiven, TradeRejected
    from translation.english_lookup import read_back

    board = new_game("classic", NAMES, seed=1).board
    kept = "that would complete your red group; I would take $1,280 for it"
    with use(spanish):
        told = say(narrate(ReasonGiven(player=1, reason=kept), NAMES, board))
        assert told == f"Grace: \u201ceso completaría tu grupo rojo; aceptaría {money(1280)} por ella\u201d"
        assert read_back("Boardwalk", spanish) is None
        person = say(
            narrate(TradeRejected(player=0, trade_id=1, reason="it is worth $5 to me"), NAMES, board)
        )
        assert person.endswith("\u201cit is worth $5 to me\u201d")  # a person's words stay as typed
    assert say(narrate(ReasonGiven(player=1, reason=kept), NAMES, board)) == f"Grace: \u201c{kept}\u201d"


def test_what_a_debt_is_for_and_a_deeds_rents_are_said_in_the_players_language(spanish: Language) -> None:
    from engine.queries import deed_terms, rent_schedule
    from room.command_words import charge_text

    game = new_game("classic", ["Ada", "Bob"], seed=1)
    board = game.board
    boardwalk = next(i for i, sp in enumerate(board.spaces) if sp.name == "Boardwalk")
    english = charge_text("rent", "with 3 houses", boardwalk, board)
    rows = [(str(r.label), str(r.amount)) for r in rent_schedule(game.view(0), boardwalk)]
    with use(spanish):
        said = charge_text("rent", "with 3 houses", boardwalk, board)
        rents = [(say(r.label), say(r.amount)) for r in rent_schedule(game.view(0), boardwalk)]
        terms = [say(label) for label, _value in deed_terms(game.view(0), boardwalk)]
    assert english == "rent for Boardwalk with 3 houses"
    assert said == "el alquiler de Boardwalk con 3 casas"
    assert rows[0] == ("Rent", "$50") and rows[3] == ("With 2 houses", "$600")
    assert rents[0] == ("Alquiler", "50 $") and rents[3] == ("Con 2 casas", "600 $")
    assert "Valor de hipoteca" in terms


def test_a_rent_shared_with_a_lots_occupant_is_said_in_the_players_language(spanish: Language) -> None:
    """The 1904 game keeps what a shared rent was for as English text with the event, as its saves do: a
    Spanish player reads it in Spanish."""
    from engine.core.events import RentPaid
    from engine.rules.landlords_1904.lots import SHARING

    board = new_game("landlords-1904", NAMES, seed=1).board
    shared = RentPaid(payer=1, owner=0, amount=3, space=6, detail=SHARING)
    lot = board.name(6)
    assert (
        say(narrate(shared, NAMES, board))
        == f"Grace paid Ada $3 rent for {lot} (half the rent, sharing the lot)."
    )
    with use(spanish):
        told = say(narrate(shared, NAMES, board))
        price = money(3)
    assert told == (
        f"Grace pagó a Ada {price} de alquiler por {lot} (la mitad del alquiler, por compartir el solar)."
    )
