"""The Landlord's Game, 1904: the table, the lot tickets and the turn (rules L1-L7)."""

from __future__ import annotations

import pytest

from engine import (
    BuyTicketLot,
    DoneWithTickets,
    EndTurn,
    IllegalCommand,
    RollDice,
    RuleOptions,
    SetupError,
    new_game,
)
from engine.core.events import PropertyBought, TicketsDealt, TicketsReturned

from magie import EDITION, LOT, LOT_SPACES, P0, P1, P2, P3, boxes, magie
from scenario import dice, kinds, of_kind, pending, play, replays, settle


@pytest.mark.parametrize("players", [1, 5])
def test_l1_two_to_four_players(players: int) -> None:
    with pytest.raises(SetupError, match="2 to 4 players"):
        new_game(EDITION, [f"P{i}" for i in range(players)], seed=1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_l1_l2_everyone_starts_on_mother_earth_with_500(players: int) -> None:
    game = new_game(EDITION, [f"P{i}" for i in range(players)], seed=1)
    assert [(p.position, p.cash) for p in game.state.players] == [(0, 500)] * players
    assert game.board.name(0) == "Mother Earth"
    assert boxes(game) == {"bank": 0, "wages": 0, "treasury": 0, "railroad": 0}


@pytest.mark.parametrize(("players", "each"), [(4, 3), (3, 4), (2, 6)])
def test_l3_twelve_lot_tickets_are_drawn_round_the_table(players: int, each: int) -> None:
    game = new_game(EDITION, [f"P{i}" for i in range(players)], seed=5)
    held = [p.tickets for p in game.state.players]
    assert [len(t) for t in held] == [each] * players
    drawn = [s for t in held for s in t]
    assert len(set(drawn)) == 12 and set(drawn) <= set(LOT_SPACES)
    dealt = [e for e in game.opening if isinstance(e, TicketsDealt)]
    assert [e.lots for e in dealt] == [tuple(t) for t in held]


def test_l3_the_draw_depends_on_the_seed_alone() -> None:
    a = new_game(EDITION, ["A", "B", "C"], seed=9)
    b = new_game(EDITION, ["A", "B", "C"], seed=9)
    c = new_game(EDITION, ["A", "B", "C"], seed=10)
    tickets = [[p.tickets for p in g.state.players] for g in (a, b, c)]
    assert tickets[0] == tickets[1] != tickets[2]


def test_l4_each_player_buys_the_lots_his_tickets_name_before_the_first_throw() -> None:
    game = magie(tickets=True)
    st = game.state
    assert st.pending is not None and st.pending.kind == "lot_tickets" and st.pending.player == P0
    first = st.players[P0].tickets[0]
    events = play(game, BuyTicketLot(player=P0, space=first))
    assert st.deeds[first].owner == P0
    assert st.players[P0].cash == 500 - game.board.price[first]
    assert boxes(game)["treasury"] == game.board.price[first]
    assert of_kind(events, PropertyBought)[0].box == "treasury"
    left = list(st.players[P0].tickets)
    events = play(game, DoneWithTickets(player=P0))
    assert of_kind(events, TicketsReturned)[0].lots == tuple(left)
    assert st.players[P0].tickets == [] and all(st.deeds[s].owner is None for s in left)
    assert st.players[P0].cash == 500 - game.board.price[first]  # a ticket put back costs nothing
    for p in (P1, P2, P3):
        assert pending(game).kind == "lot_tickets" and pending(game).player == p
        play(game, DoneWithTickets(player=p))
    assert pending(game).kind == "roll" and pending(game).player == P0
    assert replays(game)


def test_l4_only_the_lots_on_your_tickets_and_only_what_you_can_afford() -> None:
    game = magie(tickets=True)
    st = game.state
    mine = st.players[P0].tickets
    other = next(s for s in LOT_SPACES if s not in mine)
    with pytest.raises(IllegalCommand) as exc:
        game.apply(BuyTicketLot(player=P0, space=other))
    assert exc.value.code == "no_ticket"
    st.players[P0].cash = game.board.price[mine[0]] - 1
    with pytest.raises(IllegalCommand) as exc:
        game.apply(BuyTicketLot(player=P0, space=mine[0]))
    assert exc.value.code == "insufficient_funds"
    with pytest.raises(IllegalCommand) as exc:
        game.apply(RollDice(player=P0))
    assert exc.value.code == "not_now"
    with pytest.raises(IllegalCommand):
        game.apply(DoneWithTickets(player=P1))


def test_l4_buying_every_ticket_passes_the_choice_on() -> None:
    game = magie(players=2, tickets=True)
    st = game.state
    for s in list(st.players[P0].tickets):
        st.players[P0].cash = 5000
        play(game, BuyTicketLot(player=P0, space=s))
    assert st.pending is not None and st.pending.kind == "lot_tickets" and st.pending.player == P1


def test_l5_without_lot_tickets_each_starts_with_100_and_play_begins() -> None:
    game = new_game(EDITION, ["A", "B", "C"], seed=3, rules=RuleOptions(lot_tickets=False))
    st = game.state
    assert [p.cash for p in st.players] == [100] * 3
    assert all(not p.tickets for p in st.players)
    assert st.pending is not None and st.pending.kind == "roll" and st.pending.player == 0


def test_l6_turns_pass_in_seat_order() -> None:
    game = magie(players=3)
    dice(game, (2, 3), (2, 5), (1, 2))
    settle(game)
    order = []
    for p in (P0, P1, P2):
        play(game, RollDice(player=p))
        pend = game.state.pending
        assert pend is not None
        if pend.kind == "rent_or_buy":
            play(game, *(c for c in game.legal_commands(p) if c.kind == "rent_lot"))
        order.append(game.state.pending.player)  # type: ignore[union-attr]
        play(game, EndTurn(player=p))
    assert order == [P0, P1, P2] and game.state.pending.player == P0  # type: ignore[union-attr]


def test_l7_a_double_gives_no_second_throw() -> None:
    game = magie(players=2)
    st = game.state
    pairs = ((1, 1), (1, 1), (6, 6), (5, 5), (2, 2), (4, 4))
    dice(game, *pairs)
    settle(game)
    for _ in pairs:
        p = st.current
        events = play(game, RollDice(player=p))
        assert kinds(events)[:2] == ["dice_rolled", "player_moved"]
        while st.pending is not None and st.pending.kind != "end_turn":
            kind = st.pending.kind
            answer = {"route": "choose_route", "rent_or_buy": "rent_lot", "luxury": "decline_luxury"}[kind]
            play(game, next(c for c in game.legal_commands(p) if c.kind == answer))
        assert st.pending is not None and st.pending.kind == "end_turn"  # never a second throw
        play(game, EndTurn(player=p))
    assert not any(p.in_jail for p in st.players) and replays(game)


def test_the_board_of_the_patent_drawing() -> None:
    """Forty spaces as Fig. 1 prints them: 22 lots worth $2,530 in all and renting for $253, four
    necessities, two No Trespassing, four railroads, three luxuries, two franchises, a legacy, the
    park and Mother Earth."""
    game = magie()
    board = game.board
    assert board.size == 40 and board.track.forward[39] == 0
    counts: dict[str, int] = {}
    for kind in board.kinds:
        counts[kind] = counts.get(kind, 0) + 1
    assert counts == {
        "mother_earth": 1,
        "lot": 22,
        "necessity": 4,
        "go_to_jail": 2,
        "fare": 4,
        "luxury": 3,
        "franchise": 2,
        "legacy": 1,
        "rest": 1,
    }
    assert tuple(s for s in range(40) if board.kinds[s] == "lot") == LOT_SPACES
    assert sum(board.price[s] for s in LOT_SPACES) == 2530
    assert sum(board.rent[s][0] for s in LOT_SPACES) == 253
    assert all(board.price[LOT[n]] == 10 * n and board.rent[LOT[n]] == (n,) for n in LOT)
    assert [board.name(s) for s in (2, 10, 17, 32)] == ["Bread", "Coal", "Shelter", "Clothing"]
    assert tuple(s for s in range(40) if board.kinds[s] == "fare") == (5, 15, 25, 35)
    assert board.pays[0] == 100 and board.jail == 10
    assert board.edition.jail is not None and board.edition.jail.beside
    assert game.board.edition.short_game is None and not game.state.decks
