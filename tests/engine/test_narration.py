"""The log's words: each event told once, in the order a player reads it, and never misleading."""

from __future__ import annotations

import re
from itertools import pairwise

from engine import (
    Build,
    Game,
    PassAuction,
    PayJailFine,
    RollDice,
    RuleOptions,
    SellBuilding,
    UseJailCard,
    new_game,
)
from engine.core.events import Event
from engine.core.narration import describe
from engine.lookahead.players import SimplePlayer

from scenario import (
    ADA,
    BALTIC,
    BROWN,
    DARK_BLUE,
    GRACE,
    LIGHT_BLUE,
    LINUS,
    ORANGE,
    PINK,
    build,
    cash,
    dice,
    jail,
    own,
    place,
    play,
    settle,
    table,
    top_card,
)

NAMES = ["Ada", "Grace", "Linus"]


def told(game: Game, events: list[Event]) -> list[str]:
    return [describe(e, NAMES, game.board) for e in events]


def test_landing_on_the_jail_corner_by_dice_is_just_visiting() -> None:
    game = settle(table())
    place(game, ADA, 3)
    dice(game, (3, 4))
    lines = told(game, play(game, RollDice(player=ADA)))
    assert "Ada moved to Jail (just visiting)." in lines


def test_passing_go_is_told_as_on_the_way_after_the_move() -> None:
    game = settle(table())
    place(game, ADA, 36)
    dice(game, (3, 5))
    lines = told(game, play(game, RollDice(player=ADA)))
    moved = lines.index("Ada moved to Income Tax.")
    assert lines[moved + 1] == "Ada passed GO on the way and collected $200."


def test_a_card_that_moves_forward_past_go_advances_rather_than_goes_back() -> None:
    game = settle(table())
    place(game, ADA, 33)
    top_card(game, "chance", "advance_illinois")
    dice(game, (1, 2))  # to the third Chance
    lines = told(game, play(game, RollDice(player=ADA)))
    assert "Ada advanced to Illinois Avenue." in lines
    assert not any("went back" in line for line in lines)


def test_a_throw_in_jail_says_what_it_was_and_not_that_it_made_doubles() -> None:
    game = table()
    jail(game, ADA)
    settle(game)
    dice(game, (3, 5))
    lines = told(game, play(game, RollDice(player=ADA)))
    assert lines[:2] == ["Ada threw 3 and 5 in jail.", "No doubles: Ada stays in jail (try 1 of 3)."]


def test_doubles_in_jail_are_told_once_and_the_release_follows() -> None:
    game = table()
    jail(game, ADA)
    settle(game)
    dice(game, (4, 4))
    lines = told(game, play(game, RollDice(player=ADA)))
    assert lines[:3] == [
        "Ada threw 4 and 4 in jail: doubles!",
        "Ada left jail.",
        "Ada moved to Tennessee Avenue.",
    ]


def test_the_fine_paid_and_leaving_jail_are_two_facts_each_told_once() -> None:
    game = table()
    jail(game, ADA)
    settle(game)
    lines = told(game, play(game, PayJailFine(player=ADA)))
    assert lines == ["Ada paid the $50 jail fine.", "Ada left jail."]


def test_a_card_out_of_jail_is_told_once() -> None:
    game = table()
    jail(game, ADA)
    game.state.players[ADA].jail_cards.append("chance")
    game.state.decks["chance"].remove(game.board.jail_card["chance"])
    settle(game)
    lines = told(game, play(game, UseJailCard(player=ADA)))
    assert lines == ["Ada used a Get Out of Jail Free card.", "Ada left jail."]


def test_the_last_failed_throw_does_not_say_you_stay_in_jail() -> None:
    game = table()
    jail(game, ADA, turns=2)
    settle(game)
    dice(game, (1, 2))
    lines = told(game, play(game, RollDice(player=ADA)))
    assert "No doubles on the last try: Ada must pay the fine and move." in lines
    assert not any("stays in jail" in line for line in lines)


def test_go_to_jail_by_the_corner_or_a_card_is_not_told_again() -> None:
    game = settle(table())
    place(game, ADA, 27)
    dice(game, (1, 2))
    lines = told(game, play(game, RollDice(player=ADA)))
    assert lines[1:3] == ["Ada moved to Go To Jail.", "Ada was sent to jail."]
    game = settle(table())
    place(game, ADA, 4)
    top_card(game, "chance", "go_to_jail")
    dice(game, (1, 2))
    lines = told(game, play(game, RollDice(player=ADA)))
    assert lines[-1] == "Ada went straight to jail."


def test_a_house_nobody_else_bid_for_is_bought_in_one_line() -> None:
    game = table()
    cash(game, LINUS, 0)
    own(game, ADA, *BROWN)
    own(game, GRACE, *DARK_BLUE)
    own(game, LINUS, *ORANGE, *LIGHT_BLUE, *PINK)
    for s in (*ORANGE, *LIGHT_BLUE):
        build(game, s, houses=4)
    for s, n in zip(PINK, (3, 2, 2), strict=True):
        build(game, s, houses=n)
    settle(game)
    lines = told(game, play(game, Build(player=ADA, space=BALTIC), PassAuction(player=GRACE)))
    assert lines[-2:] == ["Nobody else bid for the house.", "Ada built a house on Baltic Avenue for $50."]


# --- nothing told twice ---------------------------------------------------------------------------

_GENERIC = {
    "space", "name", "amt", "num", "the", "and", "a", "an", "of", "for", "to", "on", "in", "at", "from",
    "with", "mortgage", "bank", "house", "hotel", "houses",
}  # fmt: skip


def _words(text: str, game: Game, names: list[str]) -> list[str]:
    for space in sorted({s.name for s in game.board.spaces}, key=len, reverse=True):
        text = text.replace(space, " SPACE ")
    for name in names:
        text = text.replace(name, " NAME ")
    text = re.sub(r"\$[\d,]+", " AMT ", text)
    text = re.sub(r"\d+", " NUM ", text)
    return re.findall(r"[A-Za-z']+", text.lower())


def _phrases(words: list[str]) -> set[tuple[str, ...]]:
    """The three-word phrases that say something (not only names, amounts and small words)."""
    threes = {tuple(words[i : i + 3]) for i in range(len(words) - 2)}
    return {t for t in threes if not set(t) <= _GENERIC}


def test_no_event_is_told_twice() -> None:
    """Whole games between the simple players, in every edition and variant: two neighbouring lines of the
    log about different events never say the same thing ("paid the fine" twice, "drew Go to Jail"
    after the card that said so)."""
    names = ["Ada", "Grace", "Linus", "Ken"]
    checked = 0
    for edition in ("classic", "modern", "darrow-1935"):
        for seed in range(6):
            rules = RuleOptions(short_game=seed % 2 == 1, free_parking_pot=seed == 2)
            game = new_game(edition, names, seed=seed, rules=rules)
            player = SimplePlayer()
            events = list(game.opening)
            while game.state.winner is None and game.state.turn < 250:
                pend = game.state.pending
                assert pend is not None
                events.extend(game.apply(player.decide(game, pend.player)))
            lines = [(e.kind, _words(describe(e, names, game.board), game, names)) for e in events]
            for (kind_a, a), (kind_b, b) in pairwise(lines):
                if kind_a == kind_b:
                    continue  # two payments, two houses: alike, but two events
                checked += 1
                same = _phrases(a) & _phrases(b)
                assert not same, f"{kind_a} then {kind_b} both say {same}"
    assert checked > 5000


def test_a_group_coming_down_at_once_says_how_many_houses_each_lot_sold() -> None:
    """A hotel sold back with the bank out of houses brings the group down evenly, several houses from a
    lot at once: "sold a house on St. James Place for $100" was told for two."""
    game = table()
    own(game, LINUS, *ORANGE)
    for s, n in zip(ORANGE, (4, 5, 5), strict=True):
        build(game, s, houses=n)
    game.state.bank.houses = 0
    settle(game)
    lines = told(game, play(game, SellBuilding(player=LINUS, space=ORANGE[1])))
    assert lines == [
        "Linus sold 2 houses on St. James Place for $100 (2 houses left).",
        "Linus sold a hotel and 3 houses on Tennessee Avenue for $200 (1 house left).",
        "Linus sold a hotel and 3 houses on New York Avenue for $200 (1 house left).",
    ]
    assert [game.state.deeds[s].level for s in ORANGE] == [2, 1, 1]
