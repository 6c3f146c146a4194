"""The figures a bot works out once per decision match a plain count of the table, in every edition."""

from __future__ import annotations

import pytest

from engine.bots.building import _exposure, complete_groups
from engine.bots.position import Position

from played_games import played

EDITIONS = ["classic", "modern", "finance-1936", "landlords-1904"]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("turns", [40, 90, 140])
def test_complete_groups_and_a_players_exposure_count_the_table_as_is(edition: str, turns: int) -> None:
    game = played(edition, turns)
    view = game.view(None)
    board = game.board
    seen_complete = 0
    for me in range(len(view.players)):
        pos = Position(view, me)
        rank = pos.tables.rank
        for unmortgaged in (True, False):
            plain = [
                g
                for g in pos.tables.street_groups
                if all(view.deeds[s].owner == me for s in board.members[g])
                and not (unmortgaged and any(view.deeds[s].mortgaged for s in board.members[g]))
            ]
            assert complete_groups(pos, me, unmortgaged) == sorted(plain, key=lambda g: rank[g])
            seen_complete += len(plain)
        built = {board.group_of[s] for s, deed in view.deeds.items() if deed.level}
        worst = max(pos.rent_now(s, me) for s in board.deeds)
        cover = sum(
            board.mortgage[s]
            for s, deed in view.deeds.items()
            if deed.owner == me and not deed.mortgaged and board.group_of[s] not in built
        )
        assert _exposure(Position(view, me), me) == (worst, cover)
    if edition in ("classic", "modern") and turns == 140:
        assert seen_complete  # a table with groups held whole, so that the count is put to the test
