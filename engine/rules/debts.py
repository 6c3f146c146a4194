"""Debts and bankruptcy.

A player who owes more than his cash must raise it (sell buildings, mortgage, trade) before play goes on;
the debt is paid the moment his cash covers it. Bankruptcy is allowed only when everything he has, sold and
mortgaged, cannot cover the debt. Owing a player, all he has goes to that player (buildings sold to the bank
at half price first, mortgaged deeds passing mortgaged); owing the bank, his deeds go back and are auctioned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import DeclareBankruptcy
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import (
    BuildingSold,
    BuildingsReturned,
    CashSurrendered,
    CreditDrawn,
    DeedTransferred,
    JailCardsTransferred,
    PlayerBankrupt,
    interned,
)
from engine.core.phrases import N_, Money, Phrase
from engine.core.registry import command, effect
from engine.core.state import (
    AuctionDeed,
    Charge,
    Debt,
    Effect,
    FinishRoll,
    ForcedBack,
    MoveAfterFine,
    NextTurn,
    OfferMortgage,
    Resume,
    SendOn,
    Throw,
)
from engine.core.unchecked import unchecked
from engine.rules.checks import awaited
from engine.rules.endings import building_cost, finish_if_over_after_bankruptcy
from engine.rules.finance_1936.buy_back import lot_value
from engine.rules.finance_1936.markers import check_after_taking
from engine.rules.hands import surrender_hand
from engine.rules.landlords_1904.loans import borrowing_capacity
from engine.rules.money import funds, settle

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId
    from engine.core.tabletop import Tabletop

_player_bankrupt = unchecked(PlayerBankrupt)
_cash_surrendered = unchecked(CashSurrendered)
_deed_transferred = interned(DeedTransferred, "space", "from_player", "to_player", "mortgaged", "rule")
_auction_deed = unchecked(AuctionDeed)
_offer_mortgage = unchecked(OfferMortgage)
_next_turn = unchecked(NextTurn)
_jail_cards_transferred = unchecked(JailCardsTransferred)
_building_sold = unchecked(BuildingSold)
_buildings_returned = unchecked(BuildingsReturned)
_credit_drawn = unchecked(CreditDrawn)


@effect(Charge)
def _charge(game: LiveGame, charge: Charge) -> None:
    if game.state.players[charge.payer].bankrupt:
        return
    if charge.payee is not None and game.state.players[charge.payee].bankrupt:
        return
    settle(game, charge)


@effect(Resume)
def _resume(game: LiveGame, eff: Resume) -> None:
    st = game.state
    if st.suspended:
        pend = st.suspended.pop()
        if not st.players[pend.player].bankrupt:  # a bankrupt's set-aside debt or decision lapses with him
            st.pending = pend


def liquidation_value(table: Tabletop, player: int) -> int:
    """Return the cash a player could raise from the bank: buildings sold at half, every deed mortgaged (where
    the edition has mortgages), or every lot sold back (where the bank buys lots), and notes borrowed against
    his lots (where the bank lends)."""
    total = borrowing_capacity(table, player)
    board = table.board
    mortgages = table.ruleset.mortgages
    buys_lots = board.edition.bank_buys_lots
    for space, deed in table.deeds.items():
        if deed.owner == player:
            if buys_lots:
                total += lot_value(table, space)
                continue
            total += building_cost(table, space) // 2
            if mortgages and not deed.mortgaged:
                total += board.mortgage[space]
    return total


def _check_bankruptcy(game: LiveGame, cmd: DeclareBankruptcy) -> Refusal:
    refusal = awaited(game, cmd.player, "debt")
    if refusal is not None:
        return refusal
    if game.board.edition.poorhouse is not None:
        return IllegalCommand(
            "no_bankruptcy", Phrase(N_("Nobody goes bankrupt in this game: the poorhouse instead."))
        )
    debt = game.state.pending
    assert isinstance(debt, Debt)
    can_raise = funds(game, cmd.player) + liquidation_value(game, cmd.player)
    if can_raise >= debt.amount:
        return IllegalCommand(
            "can_raise_cash",
            Phrase(
                N_(
                    "You can still raise {can_raise} by selling buildings and mortgaging; "
                    "the debt is {amount}."
                ),
                can_raise=Money(can_raise),
                amount=Money(debt.amount),
            ),
        )
    return None


@command(DeclareBankruptcy, _check_bankruptcy)
def _declare(game: LiveGame, cmd: DeclareBankruptcy) -> None:
    debt = game.state.pending
    assert isinstance(debt, Debt)
    game.state.pending = None
    go_bankrupt(game, cmd.player, debt.creditor)


def go_bankrupt(game: LiveGame, player: int, creditor: int | None) -> None:
    st = game.state
    ps = st.players[player]
    to: RuleId = "bankrupt.to_bank" if creditor is None else "bankrupt.to_player"
    follow: list[Effect] = []
    owned = [s for s in game.board.deeds if st.deeds[s].owner == player]
    edition = game.board.edition
    keeps_houses = creditor is not None and edition.houses_with_lot > 0  # a house and lot passes whole
    for space in owned if not keeps_houses else ():  # the buildings go first: told before the bankruptcy
        _clear_buildings(game, player, space, paid=creditor is not None)
    game.emit(_player_bankrupt(player=player, creditor=creditor))
    if ps.credit:
        if creditor is not None:
            game.emit(_credit_drawn(player=player, amount=ps.credit, rule=to))
            ps.cash += ps.credit
        ps.credit = 0
    if ps.cash:
        game.emit(_cash_surrendered(player=player, creditor=creditor, amount=ps.cash, rule=to))
        if creditor is not None:
            st.players[creditor].cash += ps.cash
        ps.cash = 0
    for space in owned:
        deed = st.deeds[space]
        game.emit(_deed_transferred(space, player, creditor, deed.mortgaged, to))
        deed.owner = creditor
        if creditor is None:
            deed.mortgaged = False  # the bank's own mortgage lapses when it takes the deed back
            if st.rules.auctions and edition.auction_returned_deeds:
                follow.append(_auction_deed(space=space))
        elif deed.mortgaged:
            follow.append(_offer_mortgage(player=creditor, space=space))
    if ps.jail_cards:
        count = len(ps.jail_cards)
        game.emit(_jail_cards_transferred(from_player=player, to_player=creditor, count=count, rule=to))
        if creditor is None:
            for deck in ps.jail_cards:
                st.decks[deck].append(game.board.jail_card[deck])
        else:
            st.players[creditor].jail_cards.extend(ps.jail_cards)
        ps.jail_cards = []
    surrender_hand(game, player, creditor)
    ps.bankrupt = True
    ps.in_jail = False
    if finish_if_over_after_bankruptcy(game):
        return
    if player == st.current:
        st.queue = [*follow, _next_turn()]
        st.suspended.clear()
    else:
        st.queue = [*follow, *(e for e in st.queue if not _involves(e, player))]
    if creditor is not None and owned:
        check_after_taking(game, creditor, owned)


def _involves(eff: Effect, player: int) -> bool:
    if isinstance(eff, Charge):
        return player in (eff.payer, eff.payee)
    if isinstance(eff, FinishRoll | MoveAfterFine | OfferMortgage | Throw | SendOn | ForcedBack):
        return eff.player == player
    return False


def _clear_buildings(game: LiveGame, player: int, space: int, paid: bool) -> None:
    """Return a lot's buildings to the bank: sold at half price when a player is the creditor."""
    st = game.state
    deed = st.deeds[space]
    if not deed.level:
        return
    rules = game.ruleset
    value = building_cost(game, space) // 2
    hotel = rules.is_hotel(deed.level)
    houses = rules.houses(deed.level)
    st.bank.hotels += rules.hotels_at(deed.level)
    st.bank.houses += houses
    if paid:
        st.players[player].cash += value
        game.emit(
            _building_sold(
                player=player,
                space=space,
                hotel_sold=hotel,
                houses_left=0,
                amount=value,
                rule="bankrupt.to_player",
            )
        )
    else:
        game.emit(_buildings_returned(player=player, space=space, houses=houses, hotel=hotel))
    deed.level = 0


__all__ = ["Resume", "go_bankrupt", "liquidation_value"]
