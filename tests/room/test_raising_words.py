"""How a player in debt is told to raise cash names the way each edition's bank gives it: in Magie's 1904
game there are no mortgages, and the bank lends notes against lots."""

from __future__ import annotations

from engine import board_for
from room.command_words import raising


def test_each_edition_names_how_its_bank_gives_cash() -> None:
    assert raising(board_for("classic")) == "sell buildings or mortgage deeds"
    assert raising(board_for("finance-1936")) == "sell houses or lots back to the bank"
    assert "borrow notes from the bank" in raising(board_for("landlords-1904"))
