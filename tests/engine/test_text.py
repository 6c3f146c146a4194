"""Names and titles: the policy where they enter (`check_name`, `check_title`, `clean_name`, `new_game`)
and `plain`, which makes any stored text safe to print."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import SetupError, new_game
from engine.core.text import (
    NAME_MAX,
    TITLE_MAX,
    TextError,
    check_name,
    check_title,
    clean_name,
    plain,
    shorten,
)

from hostile import BIDI, CONTROLS, EVERY_CHARACTER, SEQUENCES, hostile_text, unsafe


@settings(max_examples=300, deadline=None)
@given(text=hostile_text | st.text())
def test_plain_leaves_nothing_a_terminal_acts_on(text: str) -> None:
    shown = plain(text)
    assert unsafe(shown) == [] and "\n" not in shown
    assert plain(shown) == shown  # cleaning twice changes nothing more


def test_plain_keeps_printable_text_and_marks_what_it_replaced() -> None:
    assert plain("Zoë [red]Ada[/] 🎩 ẞ 東京") == "Zoë [red]Ada[/] 🎩 ẞ 東京"
    assert plain("\x1b]0;PWNED\x07x") == "\ufffd]0;PWNED\ufffdx"
    assert plain("a\nb\tc\u2028d") == "a b c d"
    assert plain("\u202eevil\u202c \u2066x\u2069") == "evil x"
    assert plain("\x00\x9b\x7f") == "\ufffd" * 3
    assert plain("\ud800") == "\ufffd"  # a lone surrogate could not even be encoded for printing


@pytest.mark.parametrize("bad", [*CONTROLS, *BIDI, "\u200b", "\ufeff", "\ue000", "\U000e0041"])
def test_a_name_with_a_control_or_format_character_is_refused_with_the_reason(bad: str) -> None:
    with pytest.raises(TextError) as err:
        check_name(f"Ada{bad}x")
    assert f"(U+{ord(bad):04X})" in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(TextError):
        check_title(f"Game{bad}x")


def test_names_and_titles_have_a_length_and_are_tidied() -> None:
    assert check_name("  Ada   Lovelace ") == "Ada Lovelace"
    assert check_name("Zoe\u0308") == "Zoë"  # composed: one character, as it is counted
    assert check_name("[red]Eve[/]") == "[red]Eve[/]"  # shown as typed, never as markup
    assert check_name("x" * NAME_MAX) == "x" * NAME_MAX
    with pytest.raises(TextError, match=f"at most {NAME_MAX} characters, not {NAME_MAX + 1}"):
        check_name("x" * (NAME_MAX + 1))
    with pytest.raises(TextError, match="needs a name"):
        check_name("   ")
    assert check_title("y" * TITLE_MAX) == "y" * TITLE_MAX
    with pytest.raises(TextError, match="at most 80"):
        check_title("y" * (TITLE_MAX + 1))
    assert shorten("z" * 100, 80) == "z" * 77 + "..."


@settings(max_examples=300, deadline=None)
@given(text=hostile_text | st.text())
def test_a_cleaned_name_is_always_a_valid_one(text: str) -> None:
    name = clean_name(text)
    if name:
        assert check_name(name) == name
        assert unsafe(name) == []


def test_login_names_are_cleaned_not_refused() -> None:
    assert clean_name("\x1b]0;PWNED\x07vera\u202e") == "]0;PWNEDvera"
    assert clean_name("\x1b\x07\u202e") == ""
    assert clean_name("a" * 50) == "a" * NAME_MAX


def test_new_game_refuses_a_hostile_name_with_a_reason() -> None:
    for sequence in SEQUENCES:
        with pytest.raises(SetupError) as err:
            new_game("classic", ["Ada", f"Eve{sequence}"])
        assert "may not contain" in str(err.value)
    with pytest.raises(SetupError, match="at most 20 characters"):
        new_game("classic", ["Ada", "E" * 21])
    with pytest.raises(SetupError, match="different names"):
        new_game("classic", ["Ada", "ADA"])
    game = new_game("classic", ["  Ada ", "Grace  Hopper"])
    assert [p.name for p in game.state.players] == ["Ada", "Grace Hopper"]


def test_every_character_of_the_hostile_set_is_refused_in_a_name() -> None:
    accepted = [f"U+{ord(ch):04X}" for ch in EVERY_CHARACTER if _accepted(f"A{ch}B")]
    assert accepted == []


def _accepted(name: str) -> bool:
    try:
        check_name(name)
    except TextError:
        return False
    return True
