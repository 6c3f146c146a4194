"""The one answer watcher of the trade and loan negotiators: what became of an offer sent, read from the
table's story, and the table of modes each negotiator goes through."""

from __future__ import annotations

import pytest

from engine import Bundle, LoanOffer, TradeOffer
from engine.core.events import (
    Event,
    LoanCancelled,
    LoanProposed,
    LoanRejected,
    LoanTaken,
    TradeCancelled,
    TradeCompleted,
    TradeProposed,
    TradeRejected,
)
from engine.core.state import Loan
from tui.dialogs.loan import LoanScreen
from tui.dialogs.offer import MODE_NAMES
from tui.dialogs.trade import TradeScreen

NAMES = ("Ada", "Vera", "Linus")
TRADE = TradeOffer(id=4, proposer=0, to=1, give=Bundle(cash=120), take=Bundle(deeds=(3,)))
EARLIER = TradeOffer(id=3, proposer=0, to=1, give=Bundle(cash=60), take=Bundle(deeds=(3,)))
LOAN = LoanOffer(id=5, proposer=0, to=1, lender=1, principal=150, interest=9, security=(38,))


def _trade_answer(events: list[Event]) -> str | None:
    answer = TradeScreen.STORY.answer(events, NAMES, TRADE)
    return None if answer is None else answer.plain


def _loan_answer(events: list[Event]) -> str | None:
    answer = LoanScreen.STORY.answer(events, NAMES, LOAN)
    return None if answer is None else answer.plain


def test_a_trade_waits_until_its_answer_is_told() -> None:
    earlier: list[Event] = [
        TradeProposed(trade=EARLIER),
        TradeRejected(trade_id=3, player=1, reason="too cheap"),
    ]
    assert _trade_answer([*earlier, TradeProposed(trade=TRADE)]) is None  # an older answer is not this one's


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (
            TradeCompleted(trade=TRADE, reason="that pays me"),
            "Vera accepted (that pays me): the trade is done.",
        ),
        (TradeCompleted(trade=TRADE), "Vera accepted: the trade is done."),
        (
            TradeRejected(trade_id=4, player=1, reason="I would take $200 for it", asking=200),
            "Vera turned it down: I would take $200 for it",
        ),
        (TradeRejected(trade_id=4, player=1), "Vera turned it down."),
        (TradeCancelled(trade_id=4, player=0), "The offer was withdrawn."),
    ],
)
def test_a_trades_answer_is_told_in_words(answer: Event, said: str) -> None:
    assert _trade_answer([TradeProposed(trade=TRADE), answer]) == said


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (
            LoanTaken(loan=Loan(id=1, borrower=0, lender=1, principal=150, interest=9, security=(38,))),
            "Vera agreed: the loan is made.",
        ),
        (
            LoanRejected(offer=5, player=1, reason="the bank lends cheaper"),
            "Vera turned it down: the bank lends cheaper",
        ),
        (LoanCancelled(offer=5, player=0), "The offer was withdrawn."),
    ],
)
def test_a_loans_answer_is_told_in_words(answer: Event, said: str) -> None:
    assert _loan_answer([LoanProposed(offer=LOAN), answer]) == said
    assert _loan_answer([LoanProposed(offer=LOAN)]) is None


@pytest.mark.parametrize("dialog", [TradeScreen, LoanScreen], ids=lambda d: d.__name__)
def test_every_mode_has_its_rules_and_only_the_wait_lets_the_bots_play(dialog: type[TradeScreen]) -> None:
    assert tuple(dialog.MODES) == MODE_NAMES
    assert [m for m, rules in dialog.MODES.items() if rules.bots_play] == ["waiting"]
    assert "send" in dialog.MODES["compose"].actions and "accept" in dialog.MODES["received"].actions
    assert all(
        not (a.actions & b.actions)
        for a in dialog.MODES.values()
        for b in dialog.MODES.values()
        if a is not b
    )  # an action belongs to one mode
