"""Cards in hand on the add-on board: traded (face-down travel cards asked for without being seen), kept
hidden in every other player's view, checked when a state is loaded, and told in words."""

from __future__ import annotations

import pytest

from engine import AcceptTrade, Game, GameState, ProposeTrade, UnsoundState
from engine.core.events import TradeCompleted
from engine.core.narration import bundle_text, describe
from engine.core.state import Bundle

from addon_board import P0, P1, P2, addon_table, give
from scenario import of_kind, play, replays, settle


def _offer(game: Game, give_: Bundle, take: Bundle) -> ProposeTrade:
    return ProposeTrade(player=P0, to=P1, give=give_, take=take)


def test_travel_and_triple_play_cards_change_hands() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_5", "triple_play/123")
    give(game, P1, "travel/back_2_a", "travel/back_3_b", "chance/full_refund")
    settle(game)
    offer = _offer(
        game,
        Bundle(cards=("travel/forward_5", "triple_play/123")),
        Bundle(cash=10, cards=("travel/?", "chance/full_refund")),
    )
    events = play(game, offer, AcceptTrade(player=P1, trade_id=1))
    assert of_kind(events, TradeCompleted)
    assert game.state.players[P0].hand == ["chance/full_refund", "travel/back_2_a"]  # his oldest travel card
    assert game.state.players[P1].hand == ["travel/back_3_b", "travel/forward_5", "triple_play/123"]
    assert replays(game)


def test_an_offer_for_cards_not_held_is_refused() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_5")
    give(game, P1, "triple_play/123")
    settle(game)
    for give_, take in (
        (Bundle(cards=("travel/forward_6",)), Bundle()),
        (Bundle(cards=("travel/forward_5", "travel/?")), Bundle()),
        (Bundle(), Bundle(cards=("travel/?",))),
        (Bundle(), Bundle(cards=("triple_play/124",))),
    ):
        refusal = game.check(_offer(game, give_, take))
        assert refusal is not None and refusal.code == "no_such_card"


def test_an_offer_goes_stale_when_the_card_is_played_first() -> None:
    game = addon_table()
    give(game, P1, "triple_play/123")
    give(game, P0, "travel/forward_5")
    settle(game)
    play(game, _offer(game, Bundle(cash=50), Bundle(cards=("triple_play/123",))))
    game.state.players[P1].hand.clear()  # as if it had left his hand meanwhile
    game.state.decks["triple_play"].append("123")
    refusal = game.check(AcceptTrade(player=P1, trade_id=1))
    assert refusal is not None and refusal.code == "stale_trade"


def test_views_hide_the_travel_cards_of_others_only() -> None:
    game = addon_table(("P0", "P1", "P2"))
    give(game, P0, "travel/forward_5", "triple_play/123", "community_chest/half_winnings")
    for viewer in (P1, P2, None):
        assert game.view(viewer).players[P0].hand == [
            "travel/?",
            "triple_play/123",
            "community_chest/half_winnings",
        ]
    assert game.view(P0).players[P0].hand == game.state.players[P0].hand
    assert "forward_5" not in game.view(P1).model_dump_json()


def test_a_state_with_a_card_from_nowhere_or_twice_is_refused() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_5")
    bad = game.state.copy()
    bad.players[P1].hand.append("travel/forward_5")  # the same card in two hands
    with pytest.raises(UnsoundState, match="travel cards"):
        Game.from_state(bad)
    bad = game.state.copy()
    bad.players[P1].hand.append("travel/forward_99")
    with pytest.raises(UnsoundState, match="card of no deck"):
        Game.from_state(bad)
    bad = game.state.copy()
    bad.players[P1].next_roll_backward = True
    with pytest.raises(UnsoundState, match="backward"):
        Game.from_state(bad)
    bad = game.state.copy()
    bad.markers["airplane"] = 64
    with pytest.raises(UnsoundState, match="marker"):
        Game.from_state(bad)
    assert Game.from_state(GameState.from_json(game.state.to_json())).state == game.state


def test_cards_in_words() -> None:
    board = addon_table().board
    bundle = Bundle(cash=20, cards=("travel/forward_5", "travel/?", "triple_play/136", "chance/full_refund"))
    text = bundle_text(bundle, board)
    assert text == (
        "$20, Forward 5 (travel card), a face-down travel card, Triple play 1-3-6 and "
        "the Chance card \u201cLand on Tax Refund, collect 100% from the tax pool\u201d"
    )


def test_every_new_event_is_told_in_words() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_3")
    settle(game)
    from engine import PlayTravelCards

    events = play(game, PlayTravelCards(player=P0, cards=("travel/forward_3",)))
    names = [p.name for p in game.state.players]
    lines = [describe(e, names, game.board) for e in events]
    assert lines[0] == "P0 played a travel card: Forward 3."
