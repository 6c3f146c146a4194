"""Deals among three or more: each party answers its own part in seat order from the proposer; all accept
and everything moves at once; the first refusal ends it, nothing moved; illegal deals refused with a
reason; saved and replayed like any other command."""

from __future__ import annotations

import pytest

from engine import (
    AcceptDeal,
    Build,
    CancelDeal,
    IllegalCommand,
    KeepMortgage,
    RejectDeal,
    SellBuilding,
)
from engine.core.commands import command_list_adapter
from engine.core.events import DealCompleted, DealRejected
from engine.core.narration import describe
from engine.core.state import GameState
from engine.play.game import Game

from scenario import (
    ADA,
    BOARDWALK,
    BROWN,
    GRACE,
    KEN,
    LINUS,
    MEDITERRANEAN,
    PARK_PLACE,
    READING,
    SHORT_LINE,
    build,
    deal,
    kinds,
    of_kind,
    own,
    part,
    pending,
    play,
    replays,
    settle,
    snapshot,
    table,
)


def _refused(game: Game, cmd: object, code: str) -> IllegalCommand:
    before = snapshot(game)
    with pytest.raises(IllegalCommand) as err:
        game.apply(cmd)  # type: ignore[arg-type]
    assert err.value.code == code, err.value
    assert game.state == before
    return err.value


def _three_way() -> Game:
    """Ada holds Boardwalk, Grace Park Place, Linus Reading and a jail card."""
    game = table()
    own(game, ADA, BOARDWALK)
    own(game, GRACE, PARK_PLACE)
    own(game, LINUS, READING)
    game.state.players[LINUS].jail_cards.append("chance")
    game.state.decks["chance"].remove("jail_free")
    return settle(game)


ROUND = (
    part(ADA, GRACE, BOARDWALK),
    part(GRACE, LINUS, PARK_PLACE, cash=200),
    part(LINUS, ADA, READING, jail_cards=1),
)


def _holdings(st: GameState) -> tuple[object, ...]:
    return (
        [(p.cash, list(p.jail_cards)) for p in st.players],
        {s: (d.owner, d.mortgaged, d.level) for s, d in st.deeds.items()},
    )


def test_a_three_party_deal_is_answered_in_turn_and_moves_everything_at_once() -> None:
    game = _three_way()
    events = play(game, deal(ADA, *ROUND))
    assert kinds(events) == ["deal_proposed"]
    assert (pending(game).kind, pending(game).player) == ("deal_answer", GRACE)
    assert AcceptDeal(player=LINUS, deal_id=1) not in game.legal_commands(LINUS)
    _refused(game, AcceptDeal(player=LINUS, deal_id=1), "not_your_turn")
    events = play(game, AcceptDeal(player=GRACE, deal_id=1, reason="fine by me"))
    assert kinds(events) == ["deal_accepted"]
    assert game.state.deeds[BOARDWALK].owner == ADA  # nothing moves before the last answer
    assert (pending(game).kind, pending(game).player) == ("deal_answer", LINUS)
    assert AcceptDeal(player=LINUS, deal_id=1) in game.legal_commands(LINUS)
    events = play(game, AcceptDeal(player=LINUS, deal_id=1, reason="a railroad for a blue"))
    assert kinds(events) == ["deal_completed"]
    assert of_kind(events, DealCompleted)[0].reason == "a railroad for a blue"
    st = game.state
    assert st.deeds[BOARDWALK].owner == GRACE
    assert st.deeds[PARK_PLACE].owner == LINUS
    assert st.deeds[READING].owner == ADA
    assert [p.cash for p in st.players] == [1500, 1300, 1700]
    assert st.players[ADA].jail_cards == ["chance"] and st.players[LINUS].jail_cards == []
    assert (pending(game).kind, pending(game).player) == ("roll", ADA)  # the decision the deal set aside
    assert replays(game)


def test_a_deal_refused_by_its_third_party_changes_nothing() -> None:
    game = _three_way()
    before = _holdings(game.state)
    play(game, deal(ADA, *ROUND), AcceptDeal(player=GRACE, deal_id=1))
    events = play(game, RejectDeal(player=LINUS, deal_id=1, reason="Reading is worth more to me"))
    assert kinds(events) == ["deal_rejected"]
    refusal = of_kind(events, DealRejected)[0]
    assert (refusal.player, refusal.reason) == (LINUS, "Reading is worth more to me")
    assert _holdings(game.state) == before
    assert (pending(game).kind, pending(game).player) == ("roll", ADA)
    _refused(game, AcceptDeal(player=LINUS, deal_id=1), "not_now")  # the deal is over
    assert "Linus turned the deal down" in describe(refusal, ["Ada", "Grace", "Linus"], game.board)
    assert replays(game)


def test_the_parties_answer_in_seat_order_from_the_proposer() -> None:
    game = table(("Ada", "Grace", "Linus", "Ken"))
    own(game, GRACE, BOARDWALK)
    settle(game)
    parts = (
        part(GRACE, KEN, BOARDWALK),
        part(KEN, ADA, cash=10),
        part(ADA, LINUS, cash=10),
        part(LINUS, GRACE, cash=10),
    )
    play(game, deal(GRACE, *parts))
    order = []
    while pending(game).kind == "deal_answer":
        order.append(pending(game).player)
        play(game, AcceptDeal(player=pending(game).player, deal_id=1))
    assert order == [LINUS, KEN, ADA]
    assert game.state.deeds[BOARDWALK].owner == KEN
    assert [p.cash for p in game.state.players] == [1500, 1510, 1500, 1490]


def test_the_proposer_may_withdraw_a_deal_half_answered() -> None:
    game = _three_way()
    before = _holdings(game.state)
    play(game, deal(ADA, *ROUND), AcceptDeal(player=GRACE, deal_id=1))
    _refused(game, CancelDeal(player=GRACE, deal_id=1), "not_your_deal")
    assert CancelDeal(player=ADA, deal_id=1) in game.legal_commands(ADA)
    events = play(game, CancelDeal(player=ADA, deal_id=1))
    assert kinds(events) == ["deal_cancelled"]
    assert _holdings(game.state) == before and pending(game).kind == "roll"


def test_illegal_deals_are_refused_with_a_reason() -> None:
    game = _three_way()
    own(game, LINUS, *BROWN)
    build(game, MEDITERRANEAN, houses=1)
    settle(game)
    bad = {
        "a deed not owned": (
            deal(ADA, part(ADA, GRACE, PARK_PLACE), part(GRACE, LINUS, cash=1)),
            "not_owner",
        ),
        "buildings in the group": (
            deal(ADA, part(ADA, GRACE, cash=5), part(LINUS, ADA, 3)),
            "has_buildings",
        ),
        "cash not on hand": (
            deal(ADA, part(ADA, GRACE, cash=10), part(GRACE, LINUS, cash=1501)),
            "insufficient_funds",
        ),
        "a party giving nothing, getting nothing": (
            deal(ADA, part(ADA, GRACE, BOARDWALK), part(GRACE, ADA, PARK_PLACE), parties=(GRACE, LINUS)),
            "bad_deal",
        ),
        "a part to oneself": (deal(ADA, part(ADA, ADA, cash=5), part(GRACE, LINUS, cash=5)), "bad_deal"),
        "a part handing nothing": (deal(ADA, part(ADA, GRACE), part(GRACE, LINUS, cash=5)), "bad_deal"),
        "a part outside the deal": (
            deal(ADA, part(ADA, GRACE, cash=5), part(GRACE, LINUS, cash=5), parties=(GRACE,)),
            "bad_deal",
        ),
        "a deed twice": (
            deal(ADA, part(ADA, GRACE, BOARDWALK), part(ADA, LINUS, BOARDWALK)),
            "bad_trade",
        ),
        "a jail card not held": (
            deal(ADA, part(GRACE, LINUS, jail_cards=1), part(ADA, GRACE, cash=1)),
            "no_jail_card",
        ),
        "no one else": (deal(ADA, part(ADA, GRACE, cash=1), parties=()), "bad_deal"),
    }
    for what, (cmd, code) in bad.items():
        err = _refused(game, cmd, code)
        assert err.reason, what
    game.state.players[LINUS].bankrupt = True
    _refused(game, deal(ADA, part(ADA, GRACE, cash=5), part(GRACE, LINUS, cash=5)), "bad_deal")


def test_an_open_deal_is_checked_again_at_each_answer() -> None:
    game = _three_way()
    own(game, GRACE, *BROWN)
    settle(game)
    play(game, deal(ADA, part(ADA, LINUS, BOARDWALK), part(GRACE, ADA, 3), part(LINUS, GRACE, READING)))
    play(game, Build(player=GRACE, space=MEDITERRANEAN))  # building is open to anyone at any time
    _refused(game, AcceptDeal(player=GRACE, deal_id=1), "stale_deal")
    play(game, SellBuilding(player=GRACE, space=MEDITERRANEAN))
    play(game, AcceptDeal(player=GRACE, deal_id=1), AcceptDeal(player=LINUS, deal_id=1))
    assert game.state.deeds[3].owner == ADA and game.state.deeds[READING].owner == GRACE


def test_mortgaged_deeds_received_in_a_deal_bring_the_ten_percent_decision() -> None:
    game = _three_way()
    own(game, ADA, SHORT_LINE, mortgaged=True)
    settle(game)
    play(game, deal(ADA, part(ADA, LINUS, SHORT_LINE), part(LINUS, GRACE, cash=50), part(GRACE, ADA, cash=5)))
    play(game, AcceptDeal(player=GRACE, deal_id=1), AcceptDeal(player=LINUS, deal_id=1))
    assert (pending(game).kind, pending(game).player) == ("mortgage_decision", LINUS)
    play(game, KeepMortgage(player=LINUS, space=SHORT_LINE))
    assert game.state.players[LINUS].cash == 1500 - 50 - 10  # the 10 % of the $100 mortgage
    assert pending(game).kind == "roll"
    assert replays(game)


def test_a_deal_is_saved_and_replayed_like_any_command() -> None:
    game = _three_way()
    play(game, deal(ADA, *ROUND), AcceptDeal(player=GRACE, deal_id=1))
    mid = GameState.from_json(game.state.to_json())
    assert mid == game.state and mid.pending.kind == "deal_answer"  # type: ignore[union-attr]
    play(game, AcceptDeal(player=LINUS, deal_id=1))
    log = command_list_adapter().validate_json(command_list_adapter().dump_json(game.log))
    assert log == game.log
    assert Game.replay(game.initial, log).state == game.state


def test_every_deal_event_is_told() -> None:
    game = _three_way()
    names = ["Ada", "Grace", "Linus"]
    told = [describe(e, names, game.board) for e in play(game, deal(ADA, *ROUND))]
    told += [describe(e, names, game.board) for e in play(game, AcceptDeal(player=GRACE, deal_id=1))]
    told += [describe(e, names, game.board) for e in play(game, AcceptDeal(player=LINUS, deal_id=1))]
    assert told[0].startswith("Ada proposes a deal with Grace and Linus: Ada gives Grace Boardwalk;")
    assert told[1] == "Grace agreed to the deal."
    assert told[2].startswith("Deal done among Ada, Grace, Linus:")
