"""Borrowing (Magie, 1904): from the bank in whole notes against pledged lots, and between players on any
terms they agree.

A bank loan of n notes is secured by lots of the borrower's, not already pledged, worth at least the notes
plus a margin; they stay pledged until every note of that loan is repaid. Interest is paid on each note at
every one of the borrower's wages; a note repaid before then costs none. A loan between players is
proposed and answered as a trade is (`engine.rules.offers`): the principal, the interest paid at each of
the borrower's wages, and the lots pledged for it. A pledged lot still earns its rent and counts at the
end, but cannot change hands or be pledged again until its loan is repaid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core.commands import AcceptLoan, BorrowFromBank, CancelLoan, ProposeLoan, RejectLoan, RepayLoan
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import LoanCancelled, LoanProposed, LoanRejected, LoanRepaid, LoanTaken
from engine.core.phrases import N_, Money, Phrase, Plural
from engine.core.registry import command
from engine.core.state import TRADING_OPEN, Charge, Loan, LoanAnswer, LoanOffer
from engine.core.unchecked import unchecked
from engine.rules.checks import actor
from engine.rules.money import funds, spend
from engine.rules.offers import OfferKind, register_offer

if TYPE_CHECKING:
    from engine.core.edition import LoanRules
    from engine.core.live import LiveGame
    from engine.core.tabletop import Tabletop

_charge = unchecked(Charge)

NO_MONEY_MOVES = frozenset({"auction", "place_building", "route", "direction"})
"""Decisions during which nobody borrows: the middle of an auction or of a move."""
NO_REPAYING = NO_MONEY_MOVES | {"luxury"}
"""A move that may yet be lost (a luxury declined) must be able to hand its wages back."""


def loan_rules(table: Tabletop) -> LoanRules | None:
    return table.board.edition.loans


def pledged(table: Tabletop) -> frozenset[int]:
    """Return every lot pledged for a loan."""
    return frozenset(s for loan in table.loans for s in loan.security)


def is_pledged(table: Tabletop, space: int) -> bool:
    return any(space in loan.security for loan in table.loans)


def loans_of(table: Tabletop, player: int) -> list[Loan]:
    """Return the loans a player owes, bank notes first."""
    mine = [loan for loan in table.loans if loan.borrower == player]
    return sorted(mine, key=lambda loan: (loan.lender is not None, loan.id))


def loans_to(table: Tabletop, player: int) -> list[Loan]:
    """Return the loans other players owe this player."""
    return [loan for loan in table.loans if loan.lender == player]


def owes(table: Tabletop, player: int) -> bool:
    """Whether a player has any debt: a bank note or a loan from a player."""
    return any(loan.borrower == player for loan in table.loans)


def notes_of(table: Tabletop, player: int) -> int:
    """Return the bank notes a player owes."""
    rules = loan_rules(table)
    if rules is None:
        return 0
    return sum(
        loan.principal // rules.note
        for loan in table.loans
        if loan.borrower == player and loan.lender is None
    )


def free_lots(table: Tabletop, player: int) -> list[int]:
    """Return a player's lots that are not pledged, cheapest first."""
    taken = pledged(table)
    board = table.board
    own = [s for s in board.deeds if table.deeds[s].owner == player and s not in taken]
    return sorted(own, key=lambda s: (board.price[s], s))


def notes_against(table: Tabletop, value: int) -> int:
    """Return how many notes lots worth `value` secure."""
    rules = loan_rules(table)
    if rules is None or value < rules.note + rules.margin:
        return 0
    return (value - rules.margin) // rules.note


def borrowing_capacity(table: Tabletop, player: int) -> int:
    """Return the most a player could borrow from the bank now, pledging all his free lots for one loan."""
    rules = loan_rules(table)
    if rules is None:
        return 0
    price = table.board.price
    return notes_against(table, sum(price[s] for s in free_lots(table, player))) * rules.note


def security_for(table: Tabletop, player: int, notes: int) -> tuple[int, ...] | None:
    """Return the smallest set of free lots, cheapest first, that secures `notes` notes (None: there is
    none)."""
    rules = loan_rules(table)
    if rules is None:
        return None
    need = notes * rules.note + rules.margin
    lots = free_lots(table, player)
    price = table.board.price
    for lot in lots:  # one lot alone, the cheapest that will do
        if price[lot] >= need:
            return (lot,)
    chosen: list[int] = []
    total = 0
    for lot in reversed(lots):  # else the dearest first, so that few are tied up
        chosen.append(lot)
        total += price[lot]
        if total >= need:
            return tuple(sorted(chosen))
    return None


def notes_toward(table: Tabletop, player: int, short: int) -> tuple[int, tuple[int, ...]] | None:
    """Return the notes to borrow toward `short` dollars, and the fewest lots that secure them: as many notes
    as it takes, or as many as the bank will lend when that is fewer (None: it lends nothing)."""
    rules = loan_rules(table)
    if rules is None or short <= 0:
        return None
    notes = min(-(-short // rules.note), borrowing_capacity(table, player) // rules.note)
    security = security_for(table, player, notes) if notes > 0 else None
    return None if security is None else (notes, security)


def _security_problem(table: Tabletop, borrower: int, security: Sequence[int]) -> Refusal:
    board = table.board
    name = table.players[borrower].name
    if not security:
        return IllegalCommand("no_security", Phrase(N_("A loan needs at least one lot pledged for it.")))
    if len(set(security)) != len(security):
        return IllegalCommand("bad_security", Phrase(N_("A lot is pledged twice.")))
    taken = pledged(table)
    for space in security:
        deed = table.deeds.get(space)
        if deed is None or board.kinds[space] != "lot":
            return IllegalCommand("not_a_lot", Phrase(N_("Space {space} is not a lot."), space=space))
        if deed.owner != borrower:
            return IllegalCommand(
                "not_owner", Phrase(N_("{name} does not own {space}."), name=name, space=board.name(space))
            )
        if space in taken:
            return IllegalCommand(
                "pledged", Phrase(N_("{space} is already pledged for a loan."), space=board.name(space))
            )
    return None


def _money_may_move(table: Tabletop, player: int, blocked: frozenset[str]) -> Refusal:
    pend = table.pending
    if pend is not None and pend.kind in blocked:
        return IllegalCommand("not_now", Phrase(N_("Not in the middle of a move or an auction.")))
    if loan_rules(table) is None:
        return IllegalCommand("no_loans", Phrase(N_("There is no borrowing in this game.")))
    return None


def bank_loan_problem(table: Tabletop, player: int, notes: int, security: Sequence[int]) -> Refusal:
    """Return why `player` may not borrow `notes` notes from the bank against `security` now, or None."""
    refusal = _money_may_move(table, player, NO_MONEY_MOVES) or _security_problem(table, player, security)
    if refusal is not None:
        return refusal
    rules = loan_rules(table)
    assert rules is not None
    value = sum(table.board.price[s] for s in security)
    need = notes * rules.note + rules.margin
    if value < need:
        return IllegalCommand(
            "too_little_security",
            Plural(
                "{n} note need lots worth {amount}; these are worth {worth}.",
                "{n} notes need lots worth {amount}; these are worth {worth}.",
                notes,
                amount=Money(need),
                worth=Money(value),
            ),
        )
    return None


def _check_borrow(game: LiveGame, cmd: BorrowFromBank) -> Refusal:
    return actor(game, cmd.player) or bank_loan_problem(game, cmd.player, cmd.notes, cmd.security)


@command(BorrowFromBank, _check_borrow)
def _borrow(game: LiveGame, cmd: BorrowFromBank) -> None:
    st = game.state
    rules = loan_rules(game)
    assert rules is not None
    loan = Loan(
        id=st.next_loan_id,
        borrower=cmd.player,
        lender=None,
        principal=cmd.notes * rules.note,
        interest=cmd.notes * rules.interest,
        security=tuple(sorted(cmd.security)),
    )
    st.next_loan_id += 1
    st.loans.append(loan)
    st.players[cmd.player].cash += loan.principal
    st.boxes[rules.box] -= loan.principal
    game.emit(LoanTaken(loan=loan, box=rules.box))


def repayment(table: Tabletop, loan: Loan) -> int:
    """Return what repaying a loan costs now: one note of a bank loan, the whole of a loan from a player."""
    rules = loan_rules(table)
    if loan.lender is None and rules is not None:
        return rules.note
    return loan.principal


def _find(table: Tabletop, loan_id: int) -> Loan | None:
    return next((loan for loan in table.loans if loan.id == loan_id), None)


def _check_repay(game: LiveGame, cmd: RepayLoan) -> Refusal:
    refusal = actor(game, cmd.player) or _money_may_move(game, cmd.player, NO_REPAYING)
    if refusal is not None:
        return refusal
    loan = _find(game, cmd.loan)
    if loan is None or loan.borrower != cmd.player:
        return IllegalCommand(
            "no_such_loan",
            Phrase(N_("{name} owes no loan {loan}."), name=game.name(cmd.player), loan=cmd.loan),
        )
    amount = repayment(game, loan)
    if funds(game, cmd.player) < amount:
        return IllegalCommand(
            "insufficient_funds", Phrase(N_("Repaying takes {amount}; you have less."), amount=Money(amount))
        )
    return None


@command(RepayLoan, _check_repay)
def _repay(game: LiveGame, cmd: RepayLoan) -> None:
    st = game.state
    loan = _find(game, cmd.loan)
    assert loan is not None
    amount = repayment(game, loan)
    spend(game, cmd.player, amount)
    box = ""
    if loan.lender is None:
        rules = loan_rules(game)
        assert rules is not None
        box = rules.box
        st.boxes[box] += amount
        left = (
            Loan(
                id=loan.id,
                borrower=loan.borrower,
                lender=None,
                principal=loan.principal - amount,
                interest=loan.interest - rules.interest,
                security=loan.security,
            )
            if loan.principal > amount
            else None
        )
    else:
        st.players[loan.lender].cash += amount
        left = None
    i = st.loans.index(loan)
    if left is None:
        del st.loans[i]
    else:
        st.loans[i] = left
    game.emit(
        LoanRepaid(
            loan=loan.id,
            borrower=loan.borrower,
            lender=loan.lender,
            amount=amount,
            left=0 if left is None else left.principal,
            box=box,
            rule="loan.bank" if loan.lender is None else "loan.players",
        )
    )


def wage_day_charges(table: Tabletop, player: int) -> list[Charge]:
    """Return the interest a player owes at his wages: on each bank loan's notes and on each player's loan."""
    rules = loan_rules(table)
    out: list[Charge] = []
    for loan in loans_of(table, player):
        if not loan.interest:
            continue
        if loan.lender is None:
            assert rules is not None
            notes = loan.principal // rules.note
            detail = f"interest on {notes} note{'s' if notes != 1 else ''}"
            out.append(
                _charge(
                    payer=player,
                    payee=None,
                    amount=loan.interest,
                    reason="interest",
                    detail=detail,
                    box=rules.box,
                    rule="loan.interest",
                )
            )
        else:
            detail = f"interest on the loan from {table.players[loan.lender].name}"
            out.append(
                _charge(payer=player, payee=loan.lender, amount=loan.interest, reason="loan", detail=detail)
            )
    return out


# --- loans between players, proposed and answered as every offer is ------------------------------------


def loan_problem(
    table: Tabletop, player: int, to: int, lender: int, principal: int, interest: int, security: Sequence[int]
) -> Refusal:
    """Return why `player` may not propose this loan to `to` now, or None: the check of a proposal, which
    anyone holding a view can make before sending it."""
    players = table.players
    if table.winner is not None:
        return IllegalCommand("game_over", Phrase(N_("The game is over.")))
    if not 0 <= player < len(players):
        return IllegalCommand(
            "no_such_player", Phrase(N_("There is no player {player} in this game."), player=player)
        )
    pend = table.pending
    if pend is None or pend.kind not in TRADING_OPEN:
        return IllegalCommand(
            "not_now", Phrase(N_("Loans wait until the auction, the move or the open offer is settled."))
        )
    rules = loan_rules(table)
    if rules is None or not rules.between_players:
        return IllegalCommand("no_loans", Phrase(N_("Players do not lend to each other in this game.")))
    if not 0 <= to < len(players) or to == player or players[to].bankrupt or players[player].bankrupt:
        return IllegalCommand("bad_loan", Phrase(N_("Lend to, or borrow from, another player in the game.")))
    if lender not in (player, to):
        return IllegalCommand("bad_loan", Phrase(N_("The lender is one of the two players.")))
    if principal <= 0 or interest < 0:
        return IllegalCommand("bad_loan", Phrase(N_("A loan lends something, at no negative interest.")))
    borrower = to if lender == player else player
    refusal = _security_problem(table, borrower, security)
    if refusal is not None:
        return refusal
    if funds(table, lender) < principal:
        return IllegalCommand(
            "insufficient_funds",
            Phrase(N_("{name} does not have {amount}."), name=players[lender].name, amount=Money(principal)),
        )
    return None


def _check_propose(game: LiveGame, cmd: ProposeLoan) -> Refusal:
    return loan_problem(game, cmd.player, cmd.to, cmd.lender, cmd.principal, cmd.interest, cmd.security)


def _made(game: LiveGame, cmd: ProposeLoan, offer_id: int) -> LoanOffer:
    return LoanOffer(
        id=offer_id,
        proposer=cmd.player,
        to=cmd.to,
        lender=cmd.lender,
        principal=cmd.principal,
        interest=cmd.interest,
        security=tuple(sorted(cmd.security)),
    )


def _stale(game: LiveGame, o: LoanOffer) -> Refusal:
    """Return why an open loan offer could no longer be made good: its lots pledged since, or the lender
    short."""
    stale = _security_problem(game, o.borrower, o.security)
    if stale is None and funds(game, o.lender) < o.principal:
        stale = IllegalCommand(
            "insufficient_funds",
            Phrase(N_("{name} no longer has {amount}."), name=game.name(o.lender), amount=Money(o.principal)),
        )
    return stale


def _carry_out(game: LiveGame, o: LoanOffer, reason: str) -> None:
    st = game.state
    loan = Loan(
        id=st.next_loan_id,
        borrower=o.borrower,
        lender=o.lender,
        principal=o.principal,
        interest=o.interest,
        security=o.security,
    )
    st.next_loan_id += 1
    st.loans.append(loan)
    spend(game, o.lender, o.principal)
    st.players[o.borrower].cash += o.principal
    game.emit(LoanTaken(loan=loan, reason=reason, rule="loan.players"))


LOANS: OfferKind[LoanOffer] = OfferKind(
    propose=ProposeLoan,
    accept=AcceptLoan,
    reject=RejectLoan,
    cancel=CancelLoan,
    offer_field="offer",
    awaiting="loan_answer",
    waiting=lambda player, offer: LoanAnswer(player=player, offer=offer),
    offer_of=lambda pend: pend.offer,
    noun=N_("There is no open loan offer {number}."),
    missing="no_such_offer",
    not_yours="not_your_offer",
    stale="stale_offer",
    check=_check_propose,
    made=_made,
    problem=_stale,
    carry_out=_carry_out,
    proposed=lambda offer: LoanProposed(offer=offer),
    rejected=lambda cmd: LoanRejected(offer=cmd.offer, player=cmd.player, reason=cmd.reason),
    cancelled=lambda cmd: LoanCancelled(offer=cmd.offer, player=cmd.player),
)
"""A loan between players, proposed, answered and withdrawn as every offer is (`engine.rules.offers`)."""
register_offer(LOANS)
