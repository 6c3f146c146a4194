"""`Tabletop`: the table as the rule queries read it, the same whether they are given a game or a view.

A `Game` provides it over its live state; a `GameView` (what a player, a bot or a remote client holds)
provides it over the copy it carries. So rent, worth, tax, sales, building steps and trade checks are
written once, in the rule areas, and every reader asks the same functions (`engine.queries`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.core.board import Board
    from engine.core.options import RuleOptions
    from engine.core.ruleset import Ruleset
    from engine.core.state import BankState, DeedState, Loan, Pending, PlayerState, TradeOffer


class Tabletop(Protocol):
    """Protocol of the table as the rule queries read it; read-only: the queries never change what they are
    given."""

    @property
    def board(self) -> Board: ...

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def rules(self) -> RuleOptions: ...

    @property
    def players(self) -> Sequence[PlayerState]: ...

    @property
    def deeds(self) -> Mapping[int, DeedState]: ...

    @property
    def bank(self) -> BankState: ...

    @property
    def pending(self) -> Pending | None: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def offers(self) -> Sequence[TradeOffer]: ...

    @property
    def current(self) -> int: ...

    @property
    def turn(self) -> int: ...

    @property
    def round(self) -> int: ...

    @property
    def pot(self) -> int: ...

    @property
    def boxes(self) -> Mapping[str, int]: ...

    @property
    def loans(self) -> Sequence[Loan]: ...

    @property
    def charters(self) -> Mapping[int, int]: ...
