"""The negotiator's deed lines: a colour group's tag and a star for the deed that completes the receiver's
group, where the edition has colour groups; in 1904 and Finance, whose lots are one group, neither."""

from __future__ import annotations

from engine import Game
from tui.styles.glyphs import UNICODE
from tui.text.trade_text import deed_line

from scenario import own, table


def line(game: Game, space: int, receiver: int) -> str:
    return deed_line(game.view(receiver), game.board, space, receiver, UNICODE).plain


def test_a_classic_deed_line_has_its_groups_tag_and_a_star_when_it_completes_the_group() -> None:
    game = table(("Ada", "Grace"))
    own(game, 0, 1)
    own(game, 1, 3)
    assert line(game, 3, 0) == f"Br Baltic Avenue $60 {UNICODE.full_group}"


def test_lots_of_one_group_have_no_tag_and_no_star() -> None:
    for edition in ("landlords-1904", "finance-1936"):
        game = table(("Ada", "Grace"), edition=edition)
        lots = game.board.members[next(iter(game.board.members))]
        own(game, 0, *lots[1:])
        own(game, 1, lots[0])
        text = line(game, lots[0], 0)
        name = game.board.spaces[lots[0]].name
        assert text.startswith(f"{name} $"), text  # no "Gn" or "Ye" before it
        assert UNICODE.full_group not in text, text  # no group to complete
