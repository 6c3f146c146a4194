"""The commands typed in Spanish: each word a catalogue entry (`lines.verbs`), read in the player's
language and in English alike, accents optional, completed with Tab, and named in Spanish by the help,
the questions and the read-backs (a whole game typed in Spanish: tests/lines/test_whole_games.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import Build, Bundle, Mortgage, PlaceBid, ProposeTrade, SellBuilding, Unmortgage
from lines import verbs
from lines.completion import completions
from lines.menu import StartMenu
from lines.names import Miss
from lines.parser import Act, Table, read, spell
from translation import ENGLISH, Language, language, use

from linetable import LineTable, line_table


def _spanish() -> Language:
    found = language("es")
    assert found is not None, "the Spanish catalogue is shipped"
    return found


SPANISH = _spanish()


@pytest.fixture
def spanish() -> Iterator[None]:
    with use(SPANISH):
        yield


def _spaces(act: Act) -> list[int]:
    """The spaces a reading's commands name, in order."""
    return [getattr(c, "space", -1) for c in act.commands]


def _table(lt: LineTable) -> Table:
    lt.clock.run()
    return lt.table()


def test_a_spanish_offer_is_read_back_in_spanish(spanish: None) -> None:
    lt = line_table("classic", 3)
    table = _table(lt)
    got = read("ofrecer Ada: Oriental Avenue y 1.500 $ por Boardwalk", table)
    assert isinstance(got, Act) and isinstance(got.commands[0], ProposeTrade)
    offer = got.commands[0]
    assert offer.give.cash == 1500 and offer.take.deeds == (39,)
    assert got.confirm == "Ofreces a Ada Oriental Avenue y 1.500 $ a cambio de Boardwalk."
    lines = lt.type("ofrecer Ada: Park Place y 100 por Boardwalk")
    assert any("a cambio de Boardwalk" in line or "Park Place" in line for line in lines)


def test_spanish_bid_build_mortgage_and_the_english_words_alike(spanish: None) -> None:
    table = _table(line_table("classic", 3))
    bid = read("pujar 120", table)
    assert isinstance(bid, Act) and bid.commands == (PlaceBid(player=0, amount=120),)
    built = read("construir naranja 2", table)
    assert isinstance(built, Act) and [type(c) for c in built.commands] == [Build] * 6
    assert _spaces(built)[:3] == [16, 18, 19]
    sold = read("vender azul oscuro", table)
    assert isinstance(sold, Act) and set(_spaces(sold)) == {37, 39}
    assert all(isinstance(c, SellBuilding) for c in sold.commands)
    for line in ("hipotecar Baltic", "mortgage Baltic"):  # help from a friend in English still works
        got = read(line, table)
        assert isinstance(got, Act) and got.commands == (Mortgage(player=0, space=3),)
    got = read("deshipotecar Baltic", table)
    assert isinstance(got, Act) and got.commands == (Unmortgage(player=0, space=3),)
    missing = read("pujar", table)
    assert isinstance(missing, Miss) and "pujar 1" in missing.sentence
    unknown = read("bailar", table)
    assert isinstance(unknown, Miss) and "Escribe ayuda" in unknown.sentence


def test_a_colour_group_is_typed_by_the_name_the_board_shows(spanish: None) -> None:
    """The groups have one name each, the board's (the help and the trade dialog say "Celeste"): a second
    table of typed names had "azul claro" for the same group."""
    table = _table(line_table("classic", 3))
    for line in ("construir celeste 1", "construir grupo Celeste 1", "construir light blue group 1"):
        got = read(line, table)
        assert isinstance(got, Act) and sorted(_spaces(got)) == [6, 8, 9], line
    got = read("vender ferrocarriles", table)
    assert isinstance(got, Miss), "the railroads take no buildings"


def test_a_plan_refused_whole_is_said_in_spanish(spanish: None) -> None:
    lt = line_table("classic", 3)
    lt.clock.run()
    state = lt.room._game.state  # set up as a test: the dark blue group mine, and $650
    for space in (37, 39):
        state.deeds[space].owner = 0
    state.players[0].cash = 650
    lt.room._views.clear()
    lt.room._options.clear()
    version = lt.room.version
    said = lt.type("construir azul oscuro 2")
    assert said[0] == (
        "No puedes construir 2 casas en cada uno de los solares Park Place y Boardwalk. "
        "Cuestan 800 $ y tienes 650 $."
    )
    assert lt.room.version == version


def test_a_space_has_one_spanish_name_as_its_deck_and_the_cards_do(spanish: None) -> None:
    """A play-test heard "fue a Chance ... sacó Suerte" and "avanzó hasta Go" beside "la Salida" of the
    cards: the spaces without a deed are named as the decks and the rules name them, on the board, in the
    narration and as typed (the edition's English name still read)."""
    from engine.core.events import CardDrawn, PlayerMoved

    lt = line_table("classic", 3)
    board = "\n".join(lt.type("tablero"))
    assert "0. Salida" in board and "7. Suerte." in board and "2. Caja de Comunidad." in board
    assert "10. Cárcel." in board and "20. Parking Gratuito." in board and "Chance" not in board
    moved = PlayerMoved(player=0, from_space=3, to_space=7, via="dice")
    drew = CardDrawn(player=0, deck="chance", card="go", text="Advance to Go (Collect $200)")
    gone = PlayerMoved(player=0, from_space=7, to_space=0, via="card")
    said = [lt.room.narrate(e) for e in (moved, drew, gone)]
    assert said == [
        "Vera fue a Suerte.",
        "Vera sacó Suerte: “Avanza hasta la Salida (cobra 200 $)”",
        "Vera avanzó hasta Salida.",
    ]
    for typed in ("dónde salida", "dónde Go", "dónde parking gratuito", "dónde Free Parking"):
        assert lt.type(typed)[0].split(" es la casilla ")[0] in ("Salida", "Parking Gratuito"), typed


def test_accents_are_optional_and_a_beginning_stands_for_its_word(spanish: None) -> None:
    assert verbs.command("quien") == verbs.command("Quién") == "who"
    assert verbs.command("mas") == verbs.command("más") == "more"
    assert verbs.command("si") == "yes"
    assert verbs.command("deship") == "unmortgage"  # one Spanish word begins so
    assert verbs.command("con") == "con"  # construir and contraofertar both do: not a command
    assert verbs.inner("reloj 3 mas 15") == "clock 3 plus 15"
    table = _table(line_table("classic", 3))
    got = read("construir Boardwalk y Park Place 1", table)
    assert isinstance(got, Act) and set(_spaces(got)) == {37, 39}


def test_tab_completes_the_spanish_words(spanish: None) -> None:
    assert completions("constr", []) == ["construir"]
    assert completions("hip", []) == ["hipotecar"]
    assert "ofrecer" in completions("of", []) and "offer" in completions("of", [])
    assert completions("quie", []) == ["quién"]


def test_the_help_and_the_questions_name_the_spanish_words(spanish: None) -> None:
    lt = line_table("classic", 3)
    said = "\n".join(lt.type("ayuda"))
    assert "Escribe tirar" in said
    assert "estado, quién" in said and "ofrecer bob: Park Place y 100 por Boardwalk" in said
    assert "status" not in said and "offer" not in said


def test_english_is_unchanged() -> None:
    table = _table(line_table("classic", 3))
    assert read("tirar", table) == Miss("'tirar' is not a command. Type help for the commands that work now.")
    assert completions("constr", []) == []


def test_the_start_menu_is_answered_in_spanish(spanish: None) -> None:
    out: list[str] = []
    menu = StartMenu(out.append, list, "Vera")
    menu.start()
    assert "Escribe rápida" in out[-1]
    for line, asked in [
        ("nueva", "¿Qué edición?"),
        ("classic", "¿Cuántos bots"),
        ("2", "¿Su nivel: fácil, normal, difícil"),
        ("dificil", "¿Reglas completas"),
        ("tiempo 30", "Escribe el nombre de una opción"),
        ("listo", "¿Una semilla"),
        ("aleatorio", None),
    ]:
        menu.feed(line)
        if asked is not None:
            assert out[-1].startswith(asked), (line, out[-2:])
    choice = menu.choice
    assert choice is not None and choice.setup is not None
    assert choice.setup.rules.time_limit_rounds == 30 and choice.setup.seed is None
    assert [s.level for s in choice.setup.seats][1:] == ["hard", "hard"]


def test_houses_and_jail_cards_in_a_spanish_offer(spanish: None) -> None:
    table = _table(line_table("classic", 3))
    line = "ofrecer Ada: una carta de cárcel y 2 casas de Oriental Avenue por 2 cartas de carcel"
    got = read(line, table)
    assert isinstance(got, Act) and isinstance(got.commands[0], ProposeTrade)
    offer = got.commands[0]
    assert (offer.give.jail_cards, offer.give.houses, offer.take.jail_cards) == (1, (6, 6), 2)
    assert got.confirm == (
        "Ofreces a Ada 2 casas de Oriental Avenue y una carta de cárcel a cambio de 2 cartas de cárcel."
    )


def test_the_1904_loans_in_spanish_words_read_back_as_typed(spanish: None) -> None:
    table = _table(line_table("landlords-1904", 2))
    for line in (
        "pedir 2 billetes contra Lot 3",
        "prestar Ada 200 al 20",
        "pedir de Ada 200 al 20 contra Lot 5",
    ):
        got = read(line, table)
        assert isinstance(got, Act), (line, got)
        assert [spell(c, table) for c in got.commands] == [line]


def test_each_spanish_command_word_stands_for_one_english_word(spanish: None) -> None:
    english = {w: verbs.command(verbs.word(w)) for w in verbs.heads() if w.isascii() and verbs.word(w) != w}
    assert all(back == w for w, back in english.items()), {w: b for w, b in english.items() if b != w}


def test_cards_held_in_a_spanish_offer_are_typed_and_read_back_in_spanish(spanish: None) -> None:
    """A card held in hand is named in Spanish (`carta de Viaje avanza 3`, `2 cartas de Viaje`), read back
    so, and every card an offer may name by its words reads back to itself; the English still reads."""
    table = _table(line_table("addon", 3))
    line = "ofrecer Ada: carta de viaje avanza 3 y 2 cartas de Viaje por una carta de cárcel"
    got = read(line, table)
    assert isinstance(got, Act) and isinstance(got.commands[0], ProposeTrade), got
    offer = got.commands[0]
    assert offer.give.cards == ("travel/forward_3", "travel/?", "travel/?") and offer.take.jail_cards == 1
    assert got.confirm == (
        "Ofreces a Ada carta de Viaje avanza 3 y 2 cartas de Viaje a cambio de una carta de cárcel."
    )
    assert (
        spell(offer, table)
        == "ofrecer Ada: carta de Viaje avanza 3 y 2 cartas de Viaje por una carta de cárcel"
    )
    english = read("ofrecer Ada: travel card forward 3 and a travel card for 10", table)
    assert isinstance(english, Act) and isinstance(english.commands[0], ProposeTrade)
    assert english.commands[0].give.cards == ("travel/forward_3", "travel/?")
    missed = read("ofrecer Ada: carta de viaje vuela por 10", table)
    assert isinstance(missed, Miss) and missed.sentence == "Ninguna carta de Viaje empieza por 'vuela'."
    board, named = table.board, 0
    for deck, cards in board.cards.items():
        texts = [c.text.casefold() for c in cards.values()]
        for cid, card in cards.items():
            if texts.count(card.text.casefold()) != 1:
                continue  # two cards alike are named alike: their words cannot tell them apart
            cmd = ProposeTrade(
                player=table.me, to=1, give=Bundle(cards=(f"{deck}/{cid}",)), take=Bundle(cash=5)
            )
            typed = spell(cmd, table)
            assert " card" not in typed, typed
            back = read(typed, table)
            assert isinstance(back, Act) and back.commands == (cmd,), (typed, back)
            named += 1
    assert named > 100


def test_a_card_named_as_others_alike_are_is_the_one_its_giver_holds(spanish: None) -> None:
    """Two `Backward 6` travel cards read alike: named in an offer, the card is the one the giver holds,
    in Spanish and in English; named with neither in hand, the line asks for more words. (The parser
    hands a side of an offer over with its Spanish words made English: `verbs.inner`.)"""
    from lines.bundles import read_bundle

    board = _table(line_table("addon", 3)).board
    held = read_bundle(verbs.inner("carta de Viaje retrocede 6 y 10"), board, ["travel/back_6_b"])
    assert isinstance(held, Bundle) and held.cards == ("travel/back_6_b",) and held.cash == 10
    both = read_bundle(
        verbs.inner("carta de viaje retrocede 6 y travel card backward 6"),
        board,
        ["travel/back_6_a", "travel/back_6_b"],
    )
    assert isinstance(both, Bundle) and both.cards == ("travel/back_6_a", "travel/back_6_b")
    missed = read_bundle(verbs.inner("carta de Viaje retrocede 6"), board)
    assert isinstance(missed, Miss) and "escribe más palabras" in missed.sentence


def test_a_decision_of_the_1904_game_is_asked_in_a_whole_spanish_sentence(spanish: None) -> None:
    """The question for a decision without words of its own is one message a decision: not the engine's
    "Vera to buy ..." with the name cut off and glued into another sentence ("Te toca debe comprar")."""
    from lines.prompts import question

    lt = line_table("landlords-1904", 2)
    asked = question(_table(lt))
    assert asked is not None and asked.startswith("Debes comprar los solares de tus boletos; tienes "), asked
    assert "Te toca" not in lt.transcript and "debe comprar" not in asked
    with use(ENGLISH):
        english = question(_table(line_table("landlords-1904", 2)))
    assert english is not None and english.startswith("You are asked to buy the lots on the lot tickets; you")


def test_a_space_named_by_its_number_is_typed_and_read_in_spanish(spanish: None) -> None:
    """Spaces that share a name (the Chance spaces) are named by their number: `casilla 7` in Spanish,
    read back as `space 7` is in English."""
    from lines.names import space_named, space_word

    board = _table(line_table("classic", 3)).board
    assert space_word(7, board) == "casilla 7" and space_word(39, board) == "Boardwalk"
    assert space_named(verbs.inner("casilla 7"), board) == 7 and space_named("space 7", board) == 7
    with use(ENGLISH):
        assert space_word(7, board) == "space 7"
