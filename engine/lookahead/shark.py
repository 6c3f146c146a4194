"""A fast player that plays the classic board as `hard` plays it, for the expert's playouts.

The simple players (`engine.lookahead.players`) build whatever they can the moment they can, buy every
deed they can pay for and leave jail at once: a course that keeps cash back or builds one group up first
is judged, in a playout of theirs, against a table that plays otherwise. This player keeps to `hard`'s
plan by a handful of table-driven rules, at about the simple player's cost:

- it buys a deed it lands on while it keeps `BUY_RESERVE` in hand, and the lot that completes one of its
  groups whenever it can pay for it;
- at auction it bids as `hard` does, above the printed price: a quarter more for a lot of a group
  someone has begun, more to complete a group of its own or to keep a rival from completing one;
- it lifts the mortgages on its complete groups first, then races its best group to three houses
  (the group whose rent at three houses pays most per dollar of building), mortgaging stray deeds to pay
  for the houses; beyond three houses it builds only with cash to spare, and holds four houses instead
  of a hotel while the bank runs short and a rival could build;
- it leaves jail at once while the board is open and stays in once rivals have built;
- owing money, it mortgages its stray deeds before it sells a house, and sells from its weakest group.

Where lots stand alone (Finance) or are rented from the treasury (Magie's 1904 game), it plays as the
simple player does: its rules are the classic board's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import (
    Build,
    BuyProperty,
    Command,
    DeclineProperty,
    Mortgage,
    RollDice,
    SellBuilding,
    Unmortgage,
    simple,
)
from engine.core.state import Auction, Debt
from engine.lookahead import landlord
from engine.lookahead.players import SimplePlayer, _on, bid_or_pass, leave_jail
from engine.play.odds import odds_for
from engine.rules.money import funds
from engine.rules.rent import rent_at, rent_for

if TYPE_CHECKING:
    from engine.play.game import Game

BUY_RESERVE = 150
"""Cash it keeps in hand when it buys a deed it lands on (as `hard` does)."""
RACE_LEVEL = 3
"""The houses a lot of its best group is raced to, stray deeds mortgaged to pay for them."""
SPARE = 200
"""Cash it keeps beyond the race: building past three houses is done with money to spare."""
COMPLETING = 2.0
"""The most it bids, times the printed price, for a lot that completes a group of its own."""
BLOCKING = 1.6
"""The most it bids, times the printed price, for a lot that would complete a rival's group."""
BEGUN = 1.25
"""The most it bids, times the printed price, for a lot of a group someone has begun."""
SHORTAGE = 12
"""Houses left in the bank below which it holds four houses instead of a hotel, while a rival could build."""


class SharkPlayer(SimplePlayer):
    """A fast player that follows `hard`'s plan, by rules cheap enough for thousands of playouts. One instance
    per look-ahead: it caches only the board's figures, computed once."""

    mortgages_strays = True
    """Whether it mortgages stray deeds to pay for houses."""
    spare = SPARE
    """Cash it keeps when it builds past the race (and, where `holds`, in the race too)."""
    holds = False
    """Whether it keeps, besides `spare`, the dearest rent a rival's deed could charge it now."""
    all_in = False
    """Whether it builds past the race as it races: every dollar, stray deeds mortgaged for it."""

    def __init__(self) -> None:
        super().__init__()
        self._rank: dict[str, float] | None = None
        self._groups: list[tuple[int, ...]] = []
        """The street groups, best first (`_ranks`)."""
        self._simple: bool | None = None
        """Whether the game is one it plays as the simple player does (no colour groups, or Magie's)."""

    def decide(self, game: Game, player: int) -> Command:
        board = game.board
        if self._simple is None:
            self._simple = not board.edition.colour_groups or "lot" in board.kinds
        if self._simple:
            return super().decide(game, player)
        st = game.state
        pend = st.pending
        assert pend is not None and pend.player == player
        kind = pend.kind
        if kind == "roll" and st.players[player].in_jail:
            return self._jail(game, player)
        if kind == "buy":
            space = pend.space  # type: ignore[union-attr]
            price = board.price[space]
            cash = funds(game, player)
            wanted = cash - price >= BUY_RESERVE or (cash >= price and self._completes(game, player, space))
            buy = simple(BuyProperty, player)
            if wanted and game.check(buy) is None:
                return buy
            return simple(DeclineProperty, player)
        if isinstance(pend, Auction) and pend.lot == "deed":
            return self._bid_deed(game, player, pend)
        if isinstance(pend, Debt):
            return landlord.raise_cash(game, player, pend) or self._owe(game, player)
        return super().decide(game, player)

    def building_step(self, game: Game, player: int) -> Command | None:
        """Return its next step in building up (a mortgage lifted or taken, a house), or None: what it does
        before it ends a turn, trades aside."""
        if self._simple is None:
            self._simple = not game.board.edition.colour_groups or "lot" in game.board.kinds
        return self._develop(game, player)

    # --- the board's figures ------------------------------------------------------------------

    def _ranks(self, game: Game) -> dict[str, float]:
        """Return each colour group's rent at three houses a round per dollar its houses cost: the order it
        races its groups in."""
        if self._rank is None:
            board = game.board
            land = odds_for(board.edition.id, game.rules).land
            ruleset = game.ruleset
            level = min(RACE_LEVEL, ruleset.max_level)
            rank: dict[str, float] = {}
            streets = set(board.street_groups)
            for group, lots in board.members.items():
                if lots not in streets:
                    continue
                held = len(lots)
                rent = sum(land[s] * rent_at(board, ruleset, s, held, level) for s in lots)
                cost = max(1, board.house_cost[lots[0]] * held * level)
                rank[group] = rent / cost
            self._rank = rank
            self._groups = [board.members[g] for g in sorted(rank, key=rank.__getitem__, reverse=True)]
        return self._rank

    def _complete(self, game: Game, player: int) -> list[tuple[int, ...]]:
        """Return its complete street groups, best first."""
        self._ranks(game)
        deeds = game.state.deeds
        out = []
        for lots in self._groups:  # asked at every end of a turn of every playout: no generator per group
            for s in lots:
                if deeds[s].owner != player:
                    break
            else:
                out.append(lots)
        return out

    # --- decisions ----------------------------------------------------------------------------

    def _completes(self, game: Game, player: int, space: int) -> bool:
        group = game.board.group_of[space]
        if group is None or game.board.kinds[space] != "street":
            return False
        deeds = game.state.deeds
        return all(deeds[s].owner == player for s in game.board.members[group] if s != space)

    def _blocks(self, game: Game, player: int, space: int) -> bool:
        """Whether this lot would complete a street group for one rival (who holds all its other lots)?"""
        board = game.board
        group = board.group_of[space]
        if group is None or board.kinds[space] != "street":
            return False
        deeds = game.state.deeds
        owners = {deeds[s].owner for s in board.members[group] if s != space}
        return len(owners) == 1 and None not in owners and player not in owners

    def _bid_deed(self, game: Game, player: int, a: Auction) -> Command:
        """Return its bid for a deed: up to the printed price, a quarter more for a lot of a group someone has
        begun, and more for one that completes a group of its own (`COMPLETING`) or a rival's (`BLOCKING`):
        `hard` bids to keep deeds from rivals, and a playout's auctions must cost what the table's do."""
        price = game.board.price[a.space]
        cash = funds(game, player)
        if self._completes(game, player, a.space):
            limit = min(cash, int(COMPLETING * price))
        elif self._blocks(game, player, a.space):
            limit = min(cash - BUY_RESERVE // 2, int(BLOCKING * price))
        else:
            share = BEGUN if self._begun(game, a.space) else 1.0
            limit = min(cash - BUY_RESERVE // 2, int(share * price))
        return bid_or_pass(game, player, a, limit)

    def _begun(self, game: Game, space: int) -> bool:
        """Whether anyone holds another lot of this deed's group."""
        group = game.board.group_of[space]
        if group is None:
            return False
        deeds = game.state.deeds
        return any(deeds[s].owner is not None for s in game.board.members[group] if s != space)

    def _jail(self, game: Game, player: int) -> Command:
        """Decide whether to leave jail: out at once while the board is open (a quarter of its deeds for sale,
        no rival built); in for as long as it may stay once it is not."""
        st = game.state
        board = game.board
        deeds = st.deeds
        unowned = sum(1 for s in board.deeds if deeds[s].owner is None)
        built = any(deeds[s].level and deeds[s].owner != player for s in board.streets)
        out = leave_jail(game, player) if unowned * 4 >= len(board.deeds) and not built else None
        return out or simple(RollDice, player)

    def _develop(self, game: Game, player: int) -> Command | None:
        """Lift a complete group's mortgage, else the next house of the race to three on its best group
        (mortgaging a stray deed to pay for it), else a house beyond the race with cash to spare."""
        if self._simple:
            return super()._develop(game, player)
        mine = self._complete(game, player)
        if not mine:
            return None
        st = game.state
        board = game.board
        deeds = st.deeds
        cash = funds(game, player)
        rules = game.ruleset
        top = rules.max_level
        for lots in mine:
            for s in lots:
                if deeds[s].mortgaged:
                    if cash >= board.unmortgage_cost(s):
                        return _on(Unmortgage, player, s)
                    break
        short = st.bank.houses <= SHORTAGE and self._rival_could_build(game, player)
        race = min(RACE_LEVEL, top)
        keep = self.spare + (self._dearest_rent(game, player) if self.holds else 0)
        for lots in mine:
            if any(deeds[s].mortgaged for s in lots):
                continue
            target = min(lots, key=lambda s: deeds[s].level)
            level = deeds[target].level
            if level >= top:
                continue
            hotel = rules.hotels and level == rules.houses_before_hotel
            if hotel and short:
                continue
            if (st.bank.hotels if hotel else st.bank.houses) <= 0:
                continue
            cost = board.house_cost[target]
            if (level < race or self.all_in) and not self.holds:
                if cash >= cost:
                    return _on(Build, player, target)
                stray = self._stray(game, player, mine) if self.mortgages_strays else None
                if stray is not None:
                    return _on(Mortgage, player, stray)
                return None  # the race waits for cash: no house elsewhere meanwhile
            if cash - cost >= keep:
                return _on(Build, player, target)
        return None

    def _dearest_rent(self, game: Game, player: int) -> int:
        """Return the most one landing on a rival's deed could cost it as the board stands."""
        deeds = game.state.deeds
        dearest = 0
        for space in game.board.deeds:
            owner = deeds[space].owner
            if owner is not None and owner != player:
                dearest = max(dearest, rent_for(game, space, 7)[0])
        return dearest

    def _rival_could_build(self, game: Game, player: int) -> bool:
        deeds = game.state.deeds
        for lots in self._groups:
            owner = deeds[lots[0]].owner
            if owner is not None and owner != player and all(deeds[s].owner == owner for s in lots):
                return True
        return False

    def _stray(self, game: Game, player: int, mine: list[tuple[int, ...]]) -> int | None:
        """Return its cheapest deed outside its complete groups (`mine`), unbuilt and unmortgaged."""
        board = game.board
        deeds = game.state.deeds
        whole = {s for lots in mine for s in lots}
        best: int | None = None
        for space in board.deeds:
            deed = deeds[space]
            if deed.owner != player or deed.mortgaged or deed.level or space in whole:
                continue
            if best is None or board.price[space] < board.price[best]:
                best = space
        return best

    def _owe(self, game: Game, player: int) -> Command:
        """Mortgage a stray deed, else sell a house from its weakest built group, else as the simple
        player raises cash."""
        stray = self._stray(game, player, self._complete(game, player))
        if stray is not None:
            return _on(Mortgage, player, stray)
        deeds = game.state.deeds
        for lots in reversed(self._groups):
            if any(deeds[s].owner == player and deeds[s].level for s in lots):
                top = max(lots, key=lambda s: deeds[s].level)
                return _on(SellBuilding, player, top)
        return self._raise_cash(game, player)


class HoldingShark(SharkPlayer):
    """The shark's plan with cash kept back: it builds only with the dearest rent on the board and
    `SPARE` besides in hand, and mortgages no stray deed for houses. A course the expert weighs against
    the race."""

    mortgages_strays = False
    holds = True


class AllInShark(SharkPlayer):
    """The shark's plan with every dollar in houses: past the race too, stray deeds mortgaged for them. A
    course the expert weighs against the race."""

    all_in = True
