"""The shark's fast copy, the player of the expert's playouts: it plays `hard`'s plan (the race to three
houses on its best group, stray deeds mortgaged for it, a reserve kept when buying, jail by the stage of
the game), where the simple player builds the cheapest house it can and leaves jail at once."""

from __future__ import annotations

import pytest

from engine import Game
from engine.core.commands import (
    Build,
    BuyProperty,
    Command,
    DeclineProperty,
    EndTurn,
    Mortgage,
    PayJailFine,
    PlaceBid,
    RollDice,
    SellBuilding,
)
from engine.core.state import Auction, BuyDecision, Debt, awaiting_roll
from engine.lookahead.judge import Course, judge
from engine.lookahead.players import SimplePlayer
from engine.lookahead.playout import play_forward
from engine.lookahead.shark import SharkPlayer

from invariants import check_state
from scenario import (
    ADA,
    BALTIC,
    BOARDWALK,
    GO,
    GRACE,
    LIGHT_BLUE,
    LINUS,
    MEDITERRANEAN,
    ORANGE,
    PARK_PLACE,
    READING,
    SHORT_LINE,
    ST_CHARLES,
    build,
    cash,
    dice,
    jail,
    own,
    pending,
    place,
    play,
    settle,
    table,
)

FOUR = ("Ada", "Grace", "Linus", "Ken")


def ada_ends_her_turn(ada_cash: int) -> Game:
    """Ada holds the oranges and the light blues whole and three stray deeds, and has thrown onto her
    own Baltic: her turn waits for her to build and end it."""
    game = table(FOUR)
    own(game, ADA, *ORANGE, *LIGHT_BLUE, BALTIC, READING, SHORT_LINE)
    own(game, GRACE, MEDITERRANEAN)
    cash(game, ADA, ada_cash)
    place(game, ADA, GO)
    dice(game, (2, 1))
    game.state.current = ADA
    game.state.pending = awaiting_roll(ADA)
    settle(game)
    play(game, RollDice(player=ADA))
    assert pending(game).kind == "end_turn"
    return game


def her_turn(game: Game, player: SimplePlayer) -> list[Command]:
    """Every command Ada's player gives until she ends her turn."""
    given: list[Command] = []
    while True:
        cmd = player.decide(game, ADA)
        given.append(cmd)
        game.apply(cmd)
        if isinstance(cmd, EndTurn):
            return given


def houses_on(game: Game, lots: tuple[int, ...]) -> list[int]:
    return [game.state.deeds[s].level for s in lots]


def test_it_races_its_best_group_to_three_houses_mortgaging_strays_for_it() -> None:
    game = ada_ends_her_turn(ada_cash=700)
    given = her_turn(game, SharkPlayer())
    assert houses_on(game, ORANGE) == [3, 3, 3]
    assert houses_on(game, LIGHT_BLUE) == [0, 0, 0]  # no house elsewhere while the race is on
    mortgaged = [c.space for c in given if isinstance(c, Mortgage)]
    assert mortgaged and set(mortgaged) <= {BALTIC, READING, SHORT_LINE}
    assert not any(game.state.deeds[s].mortgaged for s in (*ORANGE, *LIGHT_BLUE))


def test_the_simple_player_builds_the_cheapest_houses_instead() -> None:
    game = ada_ends_her_turn(ada_cash=700)
    her_turn(game, SimplePlayer())
    assert sum(houses_on(game, LIGHT_BLUE)) > 0
    assert houses_on(game, ORANGE) != [3, 3, 3]


@pytest.mark.parametrize(("ada_cash", "built"), [(240, 0), (260, 1)])
def test_beyond_three_houses_it_builds_only_with_cash_to_spare(ada_cash: int, built: int) -> None:
    game = ada_ends_her_turn(ada_cash)
    for lot in (*ORANGE, *LIGHT_BLUE):
        build(game, lot, houses=3)
    given = her_turn(game, SharkPlayer())
    # $200 kept: at $240 no house ($100 an orange, $50 a light blue); at $260 one light blue
    assert sum(isinstance(c, Build) for c in given) == built
    assert sum(houses_on(game, LIGHT_BLUE)) == 9 + built and houses_on(game, ORANGE) == [3, 3, 3]


def landing_on(deed: int, ada_cash: int, *held: int) -> Game:
    """Ada, holding `held`, throws onto `deed`, for sale: the game asks whether she buys it."""
    game = table(FOUR)
    own(game, ADA, *held)
    cash(game, ADA, ada_cash)
    place(game, ADA, (deed - 4) % 40)
    dice(game, (3, 1))
    game.state.current = ADA
    game.state.pending = awaiting_roll(ADA)
    settle(game)
    play(game, RollDice(player=ADA))
    assert isinstance(pending(game), BuyDecision)
    return game


@pytest.mark.parametrize(
    ("ada_cash", "held", "buys"),
    [
        (550, (), True),  # Boardwalk at $400 leaves her the $150 she keeps
        (540, (), False),  # it would leave her $140: the auction may have it cheaper
        (400, (PARK_PLACE,), True),  # it completes her dark blues: bought with her last dollar
    ],
)
def test_it_buys_while_it_keeps_its_reserve_or_to_complete_a_group(
    ada_cash: int, held: tuple[int, ...], buys: bool
) -> None:
    game = landing_on(BOARDWALK, ada_cash, *held)
    cmd = SharkPlayer().decide(game, ADA)
    assert cmd == (BuyProperty(player=ADA) if buys else DeclineProperty(player=ADA))


def test_it_leaves_jail_at_once_only_while_the_board_is_open() -> None:
    game = table(FOUR)
    jail(game, ADA)
    game.state.current = ADA
    game.state.pending = awaiting_roll(ADA)
    settle(game)
    assert SharkPlayer().decide(game, ADA) == PayJailFine(player=ADA)
    own(game, GRACE, *ORANGE)
    build(game, ORANGE[0], houses=1)
    assert SharkPlayer().decide(game, ADA) == RollDice(player=ADA)  # rents are out there now
    assert SimplePlayer().decide(game, ADA) == PayJailFine(player=ADA)


def test_owing_it_mortgages_a_stray_before_it_sells_a_house() -> None:
    game = table(FOUR)
    own(game, ADA, *LIGHT_BLUE, ST_CHARLES)
    for lot in LIGHT_BLUE:
        build(game, lot, houses=2)
    own(game, GRACE, PARK_PLACE, BOARDWALK)  # $100 of rent: a stray's $70 does not cover it
    cash(game, ADA, 10)
    place(game, ADA, BOARDWALK - 4)
    dice(game, (3, 1))
    game.state.current = ADA
    game.state.pending = awaiting_roll(ADA)
    settle(game)
    play(game, RollDice(player=ADA))
    assert isinstance(game.state.pending, Debt)
    shark = SharkPlayer()
    assert shark.decide(game, ADA) == Mortgage(player=ADA, space=ST_CHARLES)
    assert isinstance(SimplePlayer().decide(game, ADA), SellBuilding)
    play(game, Mortgage(player=ADA, space=ST_CHARLES))
    assert isinstance(shark.decide(game, ADA), SellBuilding)


@pytest.mark.parametrize("edition", ["classic", "addon", "landlords-1904", "finance-1936"])
def test_whole_games_by_it_keep_every_rule(edition: str) -> None:
    for seed in (1, 2):
        game = table(FOUR, edition=edition, seed=seed)
        player = SharkPlayer()
        decide, apply = player.decide, game.apply
        st = game.state
        while st.winner is None and st.turn < 300 and st.pending is not None:
            apply(decide(game, st.pending.player))
            check_state(game)
        assert st.winner is not None or st.turn >= 300


def test_the_expert_judges_by_playouts_of_the_shark_and_a_seed_gives_one_answer() -> None:
    game = ada_ends_her_turn(ada_cash=700)
    view = game.view(ADA)
    courses: list[Course] = [[EndTurn(player=ADA)], [Build(player=ADA, space=ORANGE[0])]]
    shark = judge(view, ADA, courses, 12, seed=3, policy="shark")
    assert judge(view, ADA, courses, 12, seed=3, policy="shark") == shark
    assert judge(view, ADA, courses, 12, seed=3) != shark  # other players, other playouts


def test_a_playout_by_it_is_the_same_game_again_from_its_log() -> None:
    game = table(FOUR, seed=4)
    play_forward(game, 120, SharkPlayer())
    assert game.state.turn >= 120 or game.state.winner is not None
    assert Game.replay(game.initial, game.log).state == game.state


@pytest.mark.parametrize(
    ("held_by_linus", "limit"),
    [
        ((), 400),  # nobody holds the other dark blue: the printed price
        ((PARK_PLACE,), 640),  # Linus would complete the dark blues: 1.6 times, to keep it from him
    ],
)
def test_at_auction_it_bids_as_hard_does_to_keep_a_lot_from_a_rival(
    held_by_linus: tuple[int, ...], limit: int
) -> None:
    game = landing_on(BOARDWALK, 1500)
    own(game, LINUS, *held_by_linus)
    play(game, DeclineProperty(player=ADA))
    auction = pending(game)
    assert isinstance(auction, Auction)
    bidder = auction.player
    assert bidder != LINUS
    cmd = SharkPlayer().decide(game, bidder)
    assert cmd == PlaceBid(player=bidder, amount=limit)
