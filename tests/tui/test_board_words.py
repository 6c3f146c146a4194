"""A colour group has one name in each language, the board's: the trade dialog and the help name it as
the line mode reads it typed (`construir celeste 2`; tests/lines/test_spanish_words.py)."""

from __future__ import annotations

from engine import Bundle
from engine.core.phrases import Phrase
from room.board_words import group_name, group_named
from translation import language, say, use
from tui.models.trade_model import deed_note, group_changes
from tui.screens.help import board_legend
from tui.styles.glyphs import UNICODE

from playtable import ADA, VERA, scripted_game

BALTIC, MEDITERRANEAN, PARK_PLACE, BOARDWALK = 3, 1, 37, 39

SPANISH = language("es")


def test_the_trade_dialog_names_the_groups_in_spanish() -> None:
    assert SPANISH is not None
    game = scripted_game([VERA, ADA])
    game.state.deeds[MEDITERRANEAN].owner = 0
    game.state.deeds[BALTIC].owner = 1
    game.state.deeds[PARK_PLACE].owner = 0
    board = game.board
    with use(SPANISH):
        changes = group_changes(game.view(0), board, 0, 1, Bundle(cash=200), Bundle(deeds=(BALTIC,)))
        note = deed_note(game.view(0), board, BOARDWALK, 0, ["Vera", "Ada"])
    assert changes[0].completes == ("Marrón",)
    assert note.startswith("Azul oscuro:") and "Dark Blue" not in note


def test_the_help_names_the_groups_as_the_board_and_the_line_mode_do() -> None:
    assert SPANISH is not None
    board = scripted_game([VERA, ADA]).board
    with use(SPANISH):
        legend = " ".join(line.plain for line in board_legend(board, UNICODE, ["Vera", "Ada"]))
        names = {gid: group_name(board, gid) for gid in board.edition.groups}
        typed = {gid: group_named(name.lower(), board) for gid, name in names.items()}
    assert "Azul oscuro" in legend and "Celeste" in legend and "Ferrocarriles" in legend
    assert not any(g.name in legend for g in board.edition.groups.values())
    assert typed == {gid: gid for gid in names}


def test_mother_earth_pays_wages_said_once_and_the_boxes_named_in_spanish() -> None:
    from engine import new_game
    from engine.queries import facts
    from tui.widgets.deed import card_parts

    assert SPANISH is not None
    game = new_game("landlords-1904", ["Vera", "Ada"], seed=1)
    board = game.board
    earth = next(s for s in range(board.size) if board.kinds[s] == "mother_earth")
    lot = next(s for s in board.deeds if board.spaces[s].box)
    said = " ".join(
        line.plain for line in card_parts(game.view(0), board, earth, ["Vera", "Ada"], facts(game)).facts
    )
    assert said.startswith("$100 wages each time round") and said.count("ages") == 1, said
    with use(SPANISH):
        owner = " ".join(
            line.plain for line in card_parts(game.view(0), board, lot, ["Vera", "Ada"], facts(game)).facts
        )
    assert "Tesorería Pública" in owner and "Public Treasury" not in owner, owner


def test_the_board_names_the_spaces_as_the_narration_and_the_decks_do() -> None:
    from tui.widgets.board import cell_states

    from linetable import line_table

    assert SPANISH is not None
    lt = line_table("classic", 3)
    with use(SPANISH):
        board = lt.room.board
        cells = [c.short for c in cell_states(lt.room.view(0), board, None, UNICODE)]
        names = [board.name(s) for s in (0, 7, 10, 30)]
        deck = say(Phrase.within("card", board.edition.decks["chance"].name))
    assert (
        cells[0] == "SALIDA" and cells[7] == "Suerte" and cells[2] == "Comunid." and cells[39] == "Boardwlk"
    )
    assert names == ["Salida", "Suerte", "Cárcel", "Ve a la Cárcel"] and deck == names[1]
    assert [c.short for c in cell_states(lt.room.view(0), lt.room.board, None, UNICODE)][:1] == ["GO"]
