"""Debt and bankruptcy: raise the cash first; bankrupt only when everything cannot cover it; who gets what."""

from __future__ import annotations

import pytest

from engine import (
    DeclareBankruptcy,
    Game,
    IllegalCommand,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PlaceBid,
    RollDice,
    RuleOptions,
    SellBuilding,
)
from engine.core.events import AuctionStarted, BuildingSold, CashSurrendered, GameOver, RentPaid
from engine.core.state import Debt, awaiting_roll

from scenario import (
    ADA,
    BALTIC,
    BOARDWALK,
    BROWN,
    DARK_BLUE,
    GRACE,
    KEN,
    LINUS,
    MEDITERRANEAN,
    PARK_PLACE,
    READING,
    build,
    cash,
    dice,
    kinds,
    of_kind,
    own,
    pending,
    place,
    play,
    replays,
    settle,
    snapshot,
    table,
)

FOUR = ("Ada", "Grace", "Linus", "Ken")


def _owes_ada(rent_cash: int = 100, players: tuple[str, ...] = FOUR, rules: RuleOptions | None = None):  # type: ignore[no-untyped-def]
    """Grace lands on Ada's Boardwalk hotel ($2,000) with `rent_cash` and Brown with houses plus Reading."""
    game = table(players, rules=rules)
    own(game, ADA, *DARK_BLUE)
    build(game, PARK_PLACE, hotel=True)
    build(game, BOARDWALK, hotel=True)
    own(game, GRACE, *BROWN)
    build(game, MEDITERRANEAN, houses=2)
    build(game, BALTIC, houses=2)
    own(game, GRACE, READING, mortgaged=True)
    cash(game, GRACE, rent_cash)
    game.state.players[GRACE].jail_cards.append("chance")
    game.state.decks["chance"].remove("jail_free")
    place(game, GRACE, 33)
    dice(game, (3, 3))
    game.state.current = GRACE
    game.state.pending = awaiting_roll(GRACE)
    settle(game)
    play(game, RollDice(player=GRACE))
    return game


def test_owing_more_than_cash_is_a_debt_that_waits_for_the_cash() -> None:
    game = _owes_ada(rent_cash=1000)
    debt = game.state.pending
    assert (debt.kind, debt.player, debt.creditor, debt.amount) == ("debt", GRACE, ADA, 2000)
    assert game.state.players[GRACE].cash == 1000 and game.state.players[ADA].cash == 1500


def _owes_fifty() -> Game:
    """Grace, with $20 and Park Place, lands on Ada's Boardwalk: $50."""
    game = table(FOUR)
    own(game, ADA, BOARDWALK)
    own(game, GRACE, PARK_PLACE)
    cash(game, GRACE, 20)
    place(game, GRACE, 36)
    dice(game, (1, 2))
    game.state.current = GRACE
    game.state.pending = awaiting_roll(GRACE)
    settle(game)
    play(game, RollDice(player=GRACE))
    return game


def test_the_debt_is_paid_the_moment_the_cash_covers_it() -> None:
    game = _owes_fifty()
    assert pending(game).kind == "debt"
    events = play(game, Mortgage(player=GRACE, space=PARK_PLACE))
    assert kinds(events) == ["mortgaged", "rent_paid"]
    assert game.state.players[GRACE].cash == 20 + 175 - 50 and game.state.players[ADA].cash == 1550
    assert pending(game).kind == "end_turn"
    assert replays(game)


def test_bankruptcy_is_refused_while_selling_and_mortgaging_could_cover_the_debt() -> None:
    game = _owes_fifty()
    before = snapshot(game)
    with pytest.raises(IllegalCommand) as err:
        game.apply(DeclareBankruptcy(player=GRACE))
    assert err.value.code == "can_raise_cash" and game.state == before
    assert DeclareBankruptcy(player=GRACE) not in game.legal_commands(GRACE)


def test_a_debtor_cannot_spend() -> None:
    game = _owes_ada(rent_cash=1000)
    from engine import Build, Unmortgage

    with pytest.raises(IllegalCommand) as err:
        game.apply(Build(player=GRACE, space=MEDITERRANEAN))
    assert err.value.code == "in_debt"
    with pytest.raises(IllegalCommand) as err:
        game.apply(Unmortgage(player=GRACE, space=READING))
    assert err.value.code == "in_debt"


def test_bankruptcy_to_a_player_hands_over_everything() -> None:
    game = _owes_ada(rent_cash=100)
    # Grace could raise 4 houses x 25 + 30 + 30 = 160, cash 100: far from 2,000
    assert DeclareBankruptcy(player=GRACE) in game.legal_commands(GRACE)
    events = play(game, DeclareBankruptcy(player=GRACE))
    grace, ada = game.state.players[GRACE], game.state.players[ADA]
    assert grace.bankrupt and grace.cash == 0 and grace.jail_cards == []
    assert sum(e.amount for e in of_kind(events, BuildingSold)) == 100
    assert of_kind(events, CashSurrendered)[0].amount == 200
    assert ada.cash == 1500 + 200 and ada.jail_cards == ["chance"]
    assert all(game.state.deeds[s].owner == ADA for s in (*BROWN, READING))
    assert game.state.bank.houses == 32
    # the mortgaged railroad passes mortgaged: Ada lifts it or pays the 10 % now
    assert (game.state.pending.kind, game.state.pending.player) == ("mortgage_decision", ADA)
    play(game, KeepMortgage(player=ADA, space=READING))
    assert game.state.players[ADA].cash == 1700 - 10
    assert game.state.current == LINUS and game.state.pending.kind == "roll"
    assert replays(game)


def _owes_the_bank(mortgaged: bool):  # type: ignore[no-untyped-def]
    """Grace, with $10, Brown (one house on Mediterranean unless all is mortgaged) and a mortgaged Reading,
    lands on the $75 Luxury Tax."""
    game = table(FOUR)
    own(game, GRACE, *BROWN, mortgaged=mortgaged)
    if not mortgaged:
        build(game, MEDITERRANEAN, houses=1)
    own(game, GRACE, READING, mortgaged=True)
    cash(game, GRACE, 10)
    game.state.players[GRACE].jail_cards.append("community_chest")
    game.state.decks["community_chest"].remove("jail_free")
    place(game, GRACE, 35)
    dice(game, (1, 2))
    game.state.current = GRACE
    game.state.pending = awaiting_roll(GRACE)
    settle(game)
    play(game, RollDice(player=GRACE))
    debt = game.state.pending
    assert isinstance(debt, Debt) and debt.creditor is None
    return game


def test_a_debt_to_the_bank_is_raised_by_selling_and_mortgaging() -> None:
    game = _owes_the_bank(mortgaged=False)
    play(game, SellBuilding(player=GRACE, space=MEDITERRANEAN), Mortgage(player=GRACE, space=BALTIC))
    assert game.state.pending.kind == "debt"  # $65 of $75
    play(game, Mortgage(player=GRACE, space=MEDITERRANEAN))
    assert game.state.players[GRACE].cash == 95 - 75 and game.state.pending.kind == "end_turn"


def test_bankruptcy_to_the_bank_auctions_the_deeds_one_by_one() -> None:
    game = _owes_the_bank(mortgaged=True)
    events = play(game, DeclareBankruptcy(player=GRACE))
    assert of_kind(events, CashSurrendered)[0].creditor is None
    assert game.state.decks["community_chest"][-1] == "jail_free"
    assert all(not game.state.deeds[s].mortgaged for s in (*BROWN, READING))  # the bank's mortgage lapses
    assert [e.space for e in of_kind(events, AuctionStarted)] == [MEDITERRANEAN]
    play(game, PlaceBid(player=LINUS, amount=5), PassAuction(player=KEN), PassAuction(player=ADA))
    assert game.state.deeds[MEDITERRANEAN].owner == LINUS
    assert (game.state.pending.kind, game.state.pending.space) == ("auction", BALTIC)
    while game.state.pending.kind == "auction":
        play(game, PassAuction(player=game.state.pending.player))
    assert game.state.deeds[BALTIC].owner is None and game.state.deeds[READING].owner is None
    assert game.state.current == LINUS and game.state.pending.kind == "roll"
    assert replays(game)


def test_the_last_solvent_player_wins() -> None:
    game = _owes_ada(rent_cash=100, players=("Ada", "Grace"))
    events = play(game, DeclareBankruptcy(player=GRACE))
    over = of_kind(events, GameOver)[0]
    assert over.winner == ADA and over.reason == "last_player"
    assert game.state.winner == ADA and game.state.pending is None
    assert game.legal_commands(ADA) == []
    with pytest.raises(IllegalCommand) as err:
        game.apply(RollDice(player=ADA))
    assert err.value.code == "game_over"


def test_the_short_game_ends_at_the_first_bankruptcy_and_the_richest_wins() -> None:
    game = _owes_ada(rent_cash=100, rules=RuleOptions(short_game=True))
    events = play(game, DeclareBankruptcy(player=GRACE))
    over = of_kind(events, GameOver)[0]
    assert over.reason == "short_game"
    standings = dict(over.standings)
    assert over.winner == max(standings, key=lambda p: (standings[p], -p))
    assert standings[GRACE] == 0


def test_darrow_bank_credit_is_drawn_when_cash_runs_short() -> None:
    game = table(("A", "B", "C", "D", "E", "F"), edition="darrow-1935")
    a = game.state.players[ADA]
    assert (a.cash, a.credit) == (1000, 500)
    own(game, GRACE, BOARDWALK, PARK_PLACE)
    build(game, BOARDWALK, houses=2)
    build(game, PARK_PLACE, houses=2)
    place(game, ADA, 35)
    dice(game, (1, 3))
    settle(game)
    events = play(game, RollDice(player=ADA))  # 35 -> Boardwalk with 2 houses: $600
    assert of_kind(events, RentPaid)[0].amount == 600
    assert game.state.players[ADA].cash == 400 and game.state.players[ADA].credit == 500
    game = table(("A", "B", "C", "D", "E", "F"), edition="darrow-1935")
    own(game, GRACE, BOARDWALK, PARK_PLACE)
    build(game, BOARDWALK, houses=3)
    build(game, PARK_PLACE, houses=3)
    place(game, ADA, 35)
    dice(game, (1, 3))
    settle(game)
    events = play(game, RollDice(player=ADA))  # $1,400 rent: 1,000 cash and 400 of credit
    assert "credit_drawn" in kinds(events) and "debt_incurred" not in kinds(events)
    assert (game.state.players[ADA].cash, game.state.players[ADA].credit) == (0, 100)
