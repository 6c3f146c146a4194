"""What a table works out for the people at it on the worker's shared pool: the chances to win, the game's
review and the advisor's advice (a mixin of `server.tables.table.Table`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from room import Room
from room.chances import Chances, ChancesPool, TableChances, figure_of, levels_of
from room.review import ReviewJob, Source
from server.tables.plans import Plan
from translation import _

if TYPE_CHECKING:
    from concurrent.futures import Future

    from engine.bots.advice import Advice


class TableStudy:
    """The chances, the review and the advice of `server.tables.table.Table`, one job of each for everyone at
    the table."""

    plan: Plan
    _chances_pool: ChancesPool | None
    _chances: TableChances | None
    _review: ReviewJob | None
    _advice: tuple[tuple[int, int], Future[Advice]] | None
    chances_playouts: int
    chances_rest: float

    if TYPE_CHECKING:  # the table's

        def open(self) -> Room: ...

    def chances(self) -> TableChances:
        """Return the table's chances, computed once for everyone at it who has the panel open, on the
        worker's shared pool; one figure at a time, no sooner than `chances_rest` seconds after the last
        began."""
        if self._chances is None:
            self._chances = TableChances(
                self.open(), self._pool(), playouts=self.chances_playouts, rest=self.chances_rest
            )
        return self._chances

    def game_review(self) -> ReviewJob:
        """Return the game's review as it stands, computed once for everyone at the table who asks, on the
        worker's shared pool."""
        room = self.open()
        if self._review is None or len(self._review.source.log) != room.version:
            self._review = ReviewJob(Source.of_room(room), self._pool())
        return self._review

    def odds(self) -> Future[Chances]:
        """Compute every player's chance to win now in one go on the worker's pool: for a front end that
        asks once (the line mode's `chances`) rather than watching the table's figure."""
        room = self.open()
        return self._pool().submit(figure_of, room.view(None), self.chances_playouts, levels_of(room))

    def advice(self, seat: int | None, player: int) -> Future[Advice]:
        """Return what `expert` would do in the seat of the session asking (`seat`; a command names `player`,
        but the server decides whose seat it is), where the room has the advisor on. One piece of advice a
        table at a time: asked again while one is on its way, the same one is handed back."""
        from room.advice import AdvisorOff, ask

        if not self.plan.advisor:
            raise AdvisorOff(_("This room was made with the advisor off."))
        if seat is None or seat != player:
            raise AdvisorOff(_("The advisor speaks to a player in his own seat."))
        room = self.open()
        key = (seat, room.version)
        if self._advice is not None and not self._advice[1].done():
            if self._advice[0] == key:
                return self._advice[1]
            raise AdvisorOff(_("The advisor is still thinking over another question at this table."))
        asked = ask(self._pool(), room.view(seat), room.legal(seat), levels_of(room), room.history())
        self._advice = (key, asked)
        return self._advice[1]

    def _pool(self) -> ChancesPool:
        if self._chances_pool is None:
            self._chances_pool = ChancesPool(1)
        return self._chances_pool
