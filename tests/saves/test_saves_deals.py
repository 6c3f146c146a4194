"""A game saved while a deal among three waits on its last answer loads with the deal still open, and
goes on to the same end."""

from __future__ import annotations

from pathlib import Path

from engine import AcceptDeal
from saves import SaveStore

from saved_games import seats_of
from scenario import ADA, BOARDWALK, GRACE, LINUS, READING, deal, own, part, play, settle, table


def test_a_half_answered_deal_is_saved_loaded_and_finished(tmp_path: Path) -> None:
    game = table()
    own(game, ADA, BOARDWALK)
    own(game, LINUS, READING)
    settle(game)
    play(
        game,
        deal(ADA, part(ADA, GRACE, BOARDWALK), part(GRACE, LINUS, cash=300), part(LINUS, ADA, READING)),
        AcceptDeal(player=GRACE, deal_id=1, reason="fine"),
    )
    store = SaveStore(tmp_path)
    with store.create(game, seats_of(game), "deal") as session:
        session.save(game)
        loaded = store.load(session.id).game
    assert loaded.state == game.state and loaded.log == game.log
    assert loaded.state.pending is not None and loaded.state.pending.kind == "deal_answer"
    for g in (game, loaded):
        play(g, AcceptDeal(player=LINUS, deal_id=1))
    assert loaded.state == game.state
    assert loaded.state.deeds[BOARDWALK].owner == GRACE and loaded.state.deeds[READING].owner == ADA
