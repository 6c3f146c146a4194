"""The poorhouse (Magie, 1904), instead of bankruptcy. The patent: "if at stay time a player has no money
with which to meet expenses and has no property upon which he can borrow, he must go to the poorhouse".
So a player who must pay more than his cash borrows from the bank on his lots first, as far as it will
lend (he may also sell lots or take a player's loan); only with nothing left the bank would lend on does
he pay what cash he has, the rest of the debt forgiven, and go. There he pays nothing and does not move;
his throws are added up, and once they make the distance to Mother Earth he is placed on it and paid as
for passing it. Nobody is ever out of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import GoToPoorhouse
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import LeftPoorhouse, PoorhouseThrow, WentToPoorhouse
from engine.core.phrases import N_, Money, Phrase
from engine.core.registry import command
from engine.core.state import CHECK_ENDING, Charge, Debt, awaiting_end_turn, finish_roll
from engine.rules.checks import awaited
from engine.rules.debts import liquidation_value
from engine.rules.landlords_1904.wages import wage_day
from engine.rules.money import funds

if TYPE_CHECKING:
    from engine.core.live import LiveGame


def _check(game: LiveGame, cmd: GoToPoorhouse) -> Refusal:
    refusal = awaited(game, cmd.player, "debt")
    if refusal is not None:
        return refusal
    if game.board.edition.poorhouse is None:
        return IllegalCommand("no_poorhouse", Phrase(N_("There is no poorhouse in this game.")))
    debt = game.state.pending
    assert isinstance(debt, Debt)
    can_borrow = liquidation_value(game, cmd.player)  # where the bank only lends: what it would lend
    if can_borrow > 0:
        short = debt.amount - funds(game, cmd.player)
        borrow = (
            N_(
                "You can still borrow {amount} from the bank against your lots, enough for the {short} you "
                "are short: the poorhouse takes only one with nothing left to borrow on."
            )
            if can_borrow >= short
            else N_(
                "You can still borrow {amount} from the bank against your lots, toward the {short} you are "
                "short: the poorhouse takes only one with nothing left to borrow on."
            )
        )
        return IllegalCommand(
            "can_borrow",
            Phrase(borrow, amount=Money(can_borrow), short=Money(short)),
        )
    return None


@command(GoToPoorhouse, _check)
def _go(game: LiveGame, cmd: GoToPoorhouse) -> None:
    st = game.state
    debt = st.pending
    assert isinstance(debt, Debt)
    st.pending = None
    charge = debt.charge
    p = cmd.player
    ps = st.players[p]
    paid = min(ps.cash, charge.amount)
    ps.cash -= paid
    box = ""
    if charge.payee is not None:
        st.players[charge.payee].cash += paid
    elif charge.box:
        box = charge.box
        st.boxes[box] += paid
    poorhouse = game.board.edition.poorhouse
    assert poorhouse is not None
    ps.in_poorhouse = True
    ps.poorhouse_pips = 0
    ps.in_jail = False
    ps.jail_turns = 0
    ps.position = poorhouse.space
    st.queue = [e for e in st.queue if not (isinstance(e, Charge) and e.payer == p)]
    game.emit(
        WentToPoorhouse(player=p, creditor=charge.payee, paid=paid, forgiven=charge.amount - paid, box=box)
    )


def throw_in_poorhouse(game: LiveGame, player: int, total: int) -> None:
    """Record a throw in the poorhouse: added to the others; enough of them and the player is out, on the
    space the poorhouse leads to, and paid as for passing it."""
    st = game.state
    ps = st.players[player]
    poorhouse = game.board.edition.poorhouse
    assert poorhouse is not None
    ps.poorhouse_pips += total
    game.emit(PoorhouseThrow(player=player, total=ps.poorhouse_pips, needed=poorhouse.pips))
    if ps.poorhouse_pips < poorhouse.pips:
        st.pending = awaiting_end_turn(player)
        return
    ps.in_poorhouse = False
    ps.poorhouse_pips = 0
    ps.position = poorhouse.leads_to
    st.journey = None
    game.emit(LeftPoorhouse(player=player, to_space=poorhouse.leads_to))
    game.push_front([CHECK_ENDING, finish_roll(player, False)])
    if game.board.pays[poorhouse.leads_to]:
        wage_day(game, player, poorhouse.leads_to, landed=True)
