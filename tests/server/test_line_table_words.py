"""The table's own lines (a clock run out, a vote) reach a person in the line mode in his language: kept
once as a message id with its values, each reader hears it in his own."""

from __future__ import annotations

import time

from server.people.chat import Said
from server.session.line_base import _chat_words
from translation.catalogues import language
from translation.context import N_, use

RAN_OUT = N_("{name}'s time for this move ran out: a bot makes it for {name}.")


def _said() -> Said:
    values = (("name", "Bob"),)
    english = "* Bob's time for this move ran out: a bot makes it for Bob."
    return Said("", english, time.time(), 3, RAN_OUT, values)


def test_a_table_line_is_said_in_the_readers_language_in_lines() -> None:
    spanish = language("es")
    assert spanish is not None
    with use(spanish):
        assert _chat_words(_said()) == "Se acabó el tiempo de Bob para esta jugada: un bot la hace por Bob."


def test_a_table_line_is_said_in_english_to_an_english_reader_and_a_person_keeps_his_words() -> None:
    assert _chat_words(_said()) == "Bob's time for this move ran out: a bot makes it for Bob."
    spanish = language("es")
    assert spanish is not None
    with use(spanish):
        assert _chat_words(Said("Ada", "hello", time.time())) == "Charla, Ada: hello"
