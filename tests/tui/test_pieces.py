"""The interface's pure parts: who decides what, the layout, names on the board, trades, statistics,
themes and the client."""

from __future__ import annotations

import pytest

from engine import Bundle, BuyProperty, RollDice, TradeOffer, board_for, load_edition
from engine.core.state import AwaitingRoll
from room import Persistence, PersistenceError, Seat, quick_seats, quick_setup
from room.seats import bot_names
from tui.director import acting_seat, decision_for
from tui.models.layout import layout_for, too_small
from tui.models.stats import count
from tui.models.trade_model import TradeDraft, group_changes
from tui.styles import look
from tui.styles.glyphs import UNICODE
from tui.styles.themes import GROUP_COLOURS, defaults, group_var, themes
from tui.text.words import fit
from tui.widgets.board import grid_position, side_length

from playtable import ADA, GRACE, VERA, client_for, scripted_game

BALTIC, MEDITERRANEAN = 3, 1


def test_every_space_has_its_own_place_round_the_edge() -> None:
    board = board_for("classic")
    side = side_length(board)
    places = [grid_position(board, s) for s in range(board.size)]
    assert len(set(places)) == board.size == 40
    assert all(r in (0, side - 1) or c in (0, side - 1) for r, c in places)
    assert places[0] == (10, 10) and places[10] == (10, 0) and places[20] == (0, 0) and places[30] == (0, 10)


def test_layouts_fit_the_terminal() -> None:
    small = layout_for(80, 24)
    assert small.board_width <= 80 and small.board_height + 2 <= 24 and not small.side_panel
    wide = layout_for(120, 40)
    assert wide.side_panel and wide.board_width + wide.side_width == 120
    assert wide.board_height + wide.log_rows + 2 == 40
    assert too_small(79, 24) and too_small(80, 23) and not too_small(80, 24)


def test_short_names_fit_their_cells_and_stay_distinct() -> None:
    board = board_for("classic")
    for width in (6, 7, 8):
        names = {fit(s.short, width) for s in board.spaces if s.is_deed}
        assert all(len(n) <= width for n in names)
        assert len(names) == len(board.deeds)


def test_the_decision_dialog_follows_the_pending_decision() -> None:
    seats = [VERA, ADA]
    game = scripted_game(seats, [(1, 2)])
    assert decision_for(game.view(0), {0}) is None  # a roll is a key, not a dialog
    game.apply(RollDice(player=0))
    decision = decision_for(game.view(0), {0})
    assert decision is not None and decision.kind == "buy" and decision.player == 0
    game.apply(BuyProperty(player=0))
    assert decision_for(game.view(0), {0}) is None


def test_the_keyboard_acts_for_the_person_the_game_waits_on() -> None:
    seats = [VERA, Seat(name="Grace", kind="human"), ADA]
    game = scripted_game(seats)
    assert acting_seat(game.view(None), {0, 1}, last=1) == 0
    game.state.pending = AwaitingRoll(player=2)
    assert acting_seat(game.view(None), {0, 1}, last=1) == 1
    assert acting_seat(game.view(None), set(), last=None) is None


def test_a_trade_shows_the_groups_it_completes_and_breaks() -> None:
    seats = [VERA, ADA]
    game = scripted_game(seats)
    game.state.deeds[MEDITERRANEAN].owner = 0
    game.state.deeds[BALTIC].owner = 1
    board = game.board
    changes = group_changes(game.view(0), board, 0, 1, Bundle(cash=200), Bundle(deeds=(BALTIC,)))
    assert changes[0].completes == ("Brown",) and changes[1].none
    changes = group_changes(game.view(0), board, 1, 0, Bundle(deeds=(BALTIC,)), Bundle())
    assert changes[0].completes == ("Brown",)
    game.state.deeds[BALTIC].owner = 0
    changes = group_changes(game.view(0), board, 0, 1, Bundle(deeds=(BALTIC,)), Bundle(cash=10))
    assert changes[0].breaks == ("Brown",)


def test_a_counter_offer_swaps_the_sides() -> None:
    seats = [VERA, ADA]
    game = scripted_game(seats)
    game.state.deeds[BALTIC].owner = 1
    draft = TradeDraft(proposer=1, partner=0, give_deeds={BALTIC}, take_cash=300)
    offer = draft.command()
    assert offer is not None
    counter = TradeDraft.countering(TradeOffer(id=1, proposer=1, to=0, give=offer.give, take=offer.take))
    assert counter.proposer == 0 and counter.partner == 1
    assert counter.take_deeds == {BALTIC} and counter.give_cash == 300


def test_statistics_count_the_events() -> None:
    seats = [VERA, ADA]
    game = scripted_game(seats, [(1, 2), (1, 2)])
    events = list(game.opening)
    events += game.apply(RollDice(player=0))
    events += game.apply(BuyProperty(player=0))
    stats = count(events, 2)
    assert stats.players[0].deeds_bought == 1 and stats.rolls == 1


def test_every_theme_colours_every_group_and_player() -> None:
    needed = {group_var(c) for c in GROUP_COLOURS} | {group_var(None)}
    for edition in ("classic", "modern", "darrow-1935"):
        for group in load_edition(edition).groups.values():
            assert group.color in GROUP_COLOURS
    for theme in themes():
        names = set(theme.variables)
        assert needed <= names and {f"{v}-text" for v in needed} <= names
        assert {f"player-{n}" for n in range(1, 10)} <= names
    assert needed <= set(defaults())
    ansi = next(t for t in themes() if t.ansi)
    bands = [ansi.variables[group_var(c)] for c in GROUP_COLOURS[:8]]
    assert len(set(bands)) == 8 and all(b.startswith("ansi_") for b in bands)


def test_in_sixteen_colours_groups_that_share_a_hue_differ_by_a_pattern_and_lists_tag_them() -> None:
    """Red and orange, brown and yellow are one hue each in sixteen colours (normal and bright): one of
    each pair is underlined on the board, and lists name every group with two letters."""
    ansi = next(t for t in themes() if t.ansi)

    def hue(colour: str) -> str:
        return ansi.variables[group_var(colour)].replace("bright_", "")

    def look_of(colour: str) -> tuple[str, str]:
        return hue(colour), ansi.variables[f"{group_var(colour)}-mark"]

    streets = GROUP_COLOURS[:8]
    assert hue("red") == hue("orange") and hue("brown") == hue("yellow")
    assert len({look_of(c) for c in streets}) == len(streets)
    for theme in themes():
        assert {f"{group_var(c)}-mark" for c in GROUP_COLOURS} <= set(theme.variables)
    board = board_for("classic")
    tags = {look.group_tag(board, g).plain for g in board.edition.groups}
    assert len(tags) == len(board.edition.groups) and all(len(t) == 2 for t in tags)


def test_short_names_read_as_words_not_consonant_strings() -> None:
    board = board_for("classic")
    at_six = {s.name: fit(s.short, 6) for s in board.spaces}
    assert at_six["Kentucky Avenue"] == "Kentuc" and at_six["Oriental Avenue"] == "Orient"
    assert at_six["New York Avenue"] == "NewYrk" and at_six["Income Tax"] == "IncTax"
    for space in board.spaces:  # never more than one letter squeezed out of a word kept whole
        short = space.short.replace(".", "").replace(" ", "")
        name = fit(space.short, 6)
        assert name == short[:6] or len(short) - len(name) <= 1, (space.name, name)


def test_the_help_explains_the_board_and_states_the_variant_s_own_rules() -> None:
    from tui.screens.help import board_legend, rules_summary

    game = quick_setup("Vera", seed=1)
    board = board_for(game.edition)
    ruleset = scripted_game([VERA, ADA], rules=game.rules).ruleset
    legend = "\n".join(line.plain for line in board_legend(board, UNICODE, ["Vera", "Ada"]))
    for words in ("● Vera", "▲ Ada", "owner", "a hotel", "mortgaged", "just visiting", "Or Orange"):
        assert words in legend
    assert f"{UNICODE.trail} the spaces the last move passed over" in legend
    for edition in ("landlords-1904", "finance-1936"):  # their lots are one group, with no colour to tell
        lots = "\n".join(line.plain for line in board_legend(board_for(edition), UNICODE, ["Vera", "Ada"]))
        assert "Colour groups" not in lots and UNICODE.full_group not in lots and "Gn" not in lots, edition
    short = " ".join(rules_summary(board, ruleset))
    full = " ".join(rules_summary(board, None))
    assert "10% of your total worth" in full and "of your total worth" not in short  # a flat tax
    assert "after a failed throw" in short and "three houses" not in full
    assert "a hotel needs 3 houses" in short


def test_seats_and_the_quick_game() -> None:
    seats = quick_seats("Ada")
    assert seats[0] == Seat(name="Ada", kind="human")
    assert len({s.name for s in seats}) == 4 and all(s.is_bot for s in seats[1:])
    assert len(set(bot_names(12, {"Ada"}))) == 12
    setup = quick_setup("Vera", seed=4)
    assert setup.rules.short_game and setup.edition == "classic" and len(setup.seats) == 4


def test_the_client_tells_rent_and_worth() -> None:
    seats = [VERA, ADA, GRACE]
    game = scripted_game(seats)
    game.state.deeds[MEDITERRANEAN].owner = 0
    game.state.deeds[BALTIC].owner = 0
    game.state.deeds[12].owner = 1
    client = client_for(game, seats)
    facts = client.facts()
    assert facts.worth[0] == 1500 + 120
    assert facts.rent[BALTIC].amount == 8 and facts.rent[BALTIC].detail == "double rent for the full group"
    assert facts.rent[12].per_pip == 4


def test_with_saving_off_nothing_is_saved_and_resume_says_why() -> None:
    off = Persistence.off()
    assert not off.available and off.saved_games() == []
    with pytest.raises(PersistenceError, match="Saving is off"):
        off.resume(None)


def test_a_saved_games_table_in_a_few_words() -> None:
    from room.library import table_of

    bot = Seat(name="Ada", kind="bot", level="hard")
    assert table_of([VERA, bot, bot]) == "Vera + 2 bots"
    assert table_of([VERA, Seat(name="Grace", kind="human")]) == "Vera and Grace"
    assert table_of([bot, bot]) == "2 bots"


def test_the_free_parking_pot_is_on_the_board_when_that_house_rule_is_on() -> None:
    from engine import RuleOptions
    from tui.widgets.board import cell_states

    for pot_rule, label in ((True, "$350"), (False, "")):
        game = scripted_game([VERA, ADA], rules=RuleOptions(free_parking_pot=pot_rule))
        game.state.pot = 350 if pot_rule else 0
        cells = cell_states(game.view(0), game.board, None, UNICODE)
        assert cells[20].label == label
