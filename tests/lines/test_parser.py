"""Every command has a line: each legal command, at random positions of seeded fuzzed games of every
seed edition, is written as a line that reads back to the same command; so are offers, deals and loans,
which the engine does not list. Bad input gets one sentence and changes nothing."""

from __future__ import annotations

import random

import pytest

from engine import Bundle, Command, DealPart, ProposeDeal, ProposeLoan, ProposeTrade
from lines.completion import vocabulary
from lines.names import Miss
from lines.parser import Act, Table, read, spell

from linetable import ME, line_table

EDITIONS = ("classic", "addon", "landlords-1904", "finance-1936")


def _reads_back(cmd: Command, table: Table) -> None:
    line = spell(cmd, table)
    reading = read(line, table)
    assert isinstance(reading, Act), (cmd, line, reading)
    assert reading.commands[-1] == cmd, (cmd, line, reading)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_legal_command_reads_back_from_its_line(edition: str) -> None:
    kinds: set[str] = set()
    for seed in (1, 2):
        lt = line_table(edition, seed)
        rng = random.Random(seed)
        for _ in range(400):
            lt.clock.run()
            if lt.room.finished:
                break
            table = lt.table()
            for cmd in table.legal:
                _reads_back(cmd, table)
                kinds.add(cmd.kind)
            for typed in _unlisted(table, rng):
                _reads_back(typed, table)
                kinds.add(typed.kind)
            choices = [c for c in table.legal if c.kind not in ("declare_bankruptcy", "call_game")]
            if choices:
                lt.type(spell(rng.choice(choices), table))
                if lt.lines._confirm is not None:
                    lt.type("yes")
    assert {"roll_dice", "end_turn", "propose_trade", "propose_deal"} <= kinds
    if edition == "landlords-1904":
        assert {"buy_ticket_lot", "rent_lot", "borrow_from_bank", "propose_loan", "choose_route"} <= kinds


def _unlisted(table: Table, rng: random.Random) -> list[Command]:
    """Offers, deals and loans a person might type here (the engine lists none of them)."""
    board, view = table.board, table.view
    others = [p for p in range(len(table.names)) if p != table.me]
    deeds = list(board.deeds)
    pick = rng.sample(deeds, 2)
    to = rng.choice(others)
    give = Bundle(cash=rng.choice([0, 50, 1200]), deeds=(pick[0],), jail_cards=rng.choice([0, 1, 2]))
    take = Bundle(deeds=(pick[1],))
    out: list[Command] = [ProposeTrade(player=table.me, to=to, give=give, take=take)]
    out.append(ProposeTrade(player=table.me, to=to, give=Bundle(), take=Bundle(cash=10)))
    # houses and cards held in hand, where an edition lets them change hands
    held = []
    for deck, cards in board.cards.items():
        texts = [c.text.casefold() for c in cards.values()]
        unique = [cid for cid, c in cards.items() if texts.count(c.text.casefold()) == 1]
        if unique:
            held += [f"{deck}/{rng.choice(unique)}", f"{deck}/?", f"{deck}/?"]
    houses = Bundle(houses=(pick[0], pick[0], pick[1]), cash=20, cards=tuple(held[:3]))
    out.append(ProposeTrade(player=table.me, to=to, give=houses, take=Bundle(cards=tuple(held[3:6]))))
    parts = (
        DealPart(giver=table.me, receiver=others[0], bundle=Bundle(deeds=(pick[0],))),
        DealPart(giver=others[0], receiver=others[-1], bundle=Bundle(cash=100)),
        DealPart(giver=others[-1], receiver=table.me, bundle=Bundle(deeds=(pick[1],), cash=5)),
    )
    out.append(ProposeDeal(player=table.me, parties=tuple(others), parts=parts))
    if view.edition == "landlords-1904":
        for lender in (table.me, to):
            out.append(
                ProposeLoan(
                    player=table.me, to=to, lender=lender, principal=150, interest=15, security=(pick[0],)
                )
            )
    return out


BAD = [
    "",
    "   ",
    "x" * 1000,
    "roll\x1b[2J",
    "buy\x00",
    "\x07",
    "frobnicate",
    "mortgage Nowhere Street",
    "mortgage N",  # New York, North Carolina: ambiguous
    "offer nobody: 100 for Boardwalk",
    "offer Ada 100 for Boardwalk",
    "bid",
    "bid lots",
    "deed",
    "where Zanzibar",
    "build Boardwalk 99",
    "history \x7f",
]


@pytest.mark.parametrize("line", BAD)
def test_bad_input_gets_one_sentence_and_changes_nothing(line: str) -> None:
    lt = line_table("classic", 1)
    version = lt.room.version
    asked = lt.last_line
    said = lt.type(line)
    assert lt.room.version == version
    assert len(said) <= 2 and said[-1] == asked, said  # one sentence, then the question again
    assert all("Traceback" not in s and "\x1b" not in s and "\x00" not in s for s in said)
    if len(said) == 2:
        assert said[0].endswith(".") and len(said[0]) < 200


def test_an_ambiguous_prefix_names_the_candidates() -> None:
    lt = line_table("classic", 1)
    reading = read("mortgage N", lt.table())
    assert isinstance(reading, Miss)
    assert "New York Avenue" in reading.sentence and "North Carolina Avenue" in reading.sentence
    exact = read("deed lot 1", line_table("landlords-1904", 1).table())  # a question: read by the session
    assert not isinstance(exact, Miss)


def test_names_match_by_unambiguous_prefix_in_any_case() -> None:
    table = line_table("classic", 1).table()
    assert read("MORTGAGE baltic", table) == read("mortgage Baltic Avenue", table)
    offer = read("offer ada: $1,200 and Baltic for boardw", table)
    assert isinstance(offer, Act) and offer.confirm is not None
    cmd = offer.commands[0]
    assert isinstance(cmd, ProposeTrade) and cmd.to == 1 and cmd.give.cash == 1200
    assert offer.confirm == "You offer Ada Baltic Avenue and $1,200 for Boardwalk."
    assert table.me == ME


def test_no_typed_line_raises_whatever_it_holds() -> None:
    """Lines made of the commands' words, names, numbers and stray characters: each gets an answer, none
    an exception, and nothing written holds an escape byte."""
    lt = line_table("addon", 5)
    table = lt.table()
    rng = random.Random(48)
    pieces = [*vocabulary(table), "0", "-5", "$1,000,000", "99999999999", ":", ";", ",", "for", "to", "gives"]
    pieces += ["\u00e9t\u00e9", "\u202e", "'", '"', "\\", "%s", "{}", "space 999", "#3", "and", "with"]
    for _ in range(400):
        line = " ".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        lt.type(line)
        if lt.lines._confirm is not None:
            lt.type(rng.choice(["yes", "no"]))
    text = lt.transcript
    assert "\x1b" not in text and "Traceback" not in text
    assert all(line.strip() for line in text.split("\n")[:-1])


@pytest.mark.parametrize(
    ("typed", "named"),
    [
        ("james", "St. James Place"),
        ("b&o", "B. & O. Railroad"),
        ("BOARDWALK", "Boardwalk"),
        ("north car", "North Carolina Avenue"),
        ("st. charles", "St. Charles Place"),
    ],
)
def test_names_match_words_anywhere_whatever_the_case_and_punctuation(typed: str, named: str) -> None:
    from lines.names import space_named

    board = line_table("classic", 1).table().board
    space = space_named(typed, board)
    assert isinstance(space, int) and board.name(space) == named


def test_a_near_miss_is_asked_about_and_accents_are_optional() -> None:
    from lines.names import player_named, space_named

    board = line_table("classic", 1).table().board
    assert space_named("boardwlk", board) == Miss("No space is called 'boardwlk'. Did you mean Boardwalk?")
    assert player_named("nuria", ["Vera", "Núria"]) == 1
    assert player_named("NÚRIA", ["Vera", "Nuria"]) == 1
    assert player_named("gracie", ["Vera", "Grace", "Ada"]) == Miss(
        "No player is called 'gracie'. Did you mean Grace?"
    )
    assert player_named("zzz", ["Vera", "Grace"]) == Miss("No player is called 'zzz'.")
