"""landlords' rules engine: pure, synchronous and deterministic. Everything outside it uses these names.

The names load on first use, so that importing the package costs next to nothing (a program that only
draws a menu, or reads one module, pays for no more). Using the game loads every rule area, each of which
registers its commands and continuations in `engine.core.registry` and its named hooks in `engine.core.hooks`
(`engine.rules.areas`).

The package stands in layers, lowest first, a folder each: the core value types (`engine.core`: state,
commands, events, edition, board, track, hooks, registry, ruleset, and `live`, the protocol the rule areas
are written against); the rule areas (`engine.rules`, with those of one edition alone under its name); the
command entry point (`Game.apply`) and its queries (`engine.play`: `game`, `rulebook`, `legal`, `view`,
`odds`, `setup`, `soundness`; and `engine.queries` here, the rule figures bots ask);
the look-ahead (`engine.lookahead`: the simple players, and positions played forward); the learned value,
built on the look-ahead's features and draws (`engine.learned`); the chance to win the views show, by either
value (`engine.chances`); the bots (`engine.bots`); and the tools on top (`engine.tools`).
`tests/test_layers.py` holds them to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.lazy import lazy_names

if TYPE_CHECKING:
    from engine.core.board import Board as Board
    from engine.core.board import board_for as board_for
    from engine.core.catalogue import EDITIONS as EDITIONS
    from engine.core.commands import AcceptDeal as AcceptDeal
    from engine.core.commands import AcceptLoan as AcceptLoan
    from engine.core.commands import AcceptTrade as AcceptTrade
    from engine.core.commands import AgreeToCall as AgreeToCall
    from engine.core.commands import BorrowFromBank as BorrowFromBank
    from engine.core.commands import Build as Build
    from engine.core.commands import BuyLot as BuyLot
    from engine.core.commands import BuyLuxury as BuyLuxury
    from engine.core.commands import BuyProperty as BuyProperty
    from engine.core.commands import BuyTicketLot as BuyTicketLot
    from engine.core.commands import CallGame as CallGame
    from engine.core.commands import CancelDeal as CancelDeal
    from engine.core.commands import CancelLoan as CancelLoan
    from engine.core.commands import CancelTrade as CancelTrade
    from engine.core.commands import ChooseDirection as ChooseDirection
    from engine.core.commands import ChooseIncomeTax as ChooseIncomeTax
    from engine.core.commands import ChooseRoute as ChooseRoute
    from engine.core.commands import ClaimHalfWinnings as ClaimHalfWinnings
    from engine.core.commands import Command as Command
    from engine.core.commands import DeclareBankruptcy as DeclareBankruptcy
    from engine.core.commands import DeclineLuxury as DeclineLuxury
    from engine.core.commands import DeclineProperty as DeclineProperty
    from engine.core.commands import DoneWithTickets as DoneWithTickets
    from engine.core.commands import EndTurn as EndTurn
    from engine.core.commands import GoToPoorhouse as GoToPoorhouse
    from engine.core.commands import KeepCard as KeepCard
    from engine.core.commands import KeepMortgage as KeepMortgage
    from engine.core.commands import Mortgage as Mortgage
    from engine.core.commands import PassAuction as PassAuction
    from engine.core.commands import PayJailFine as PayJailFine
    from engine.core.commands import PlaceBid as PlaceBid
    from engine.core.commands import PlayRefundCard as PlayRefundCard
    from engine.core.commands import PlayTravelCards as PlayTravelCards
    from engine.core.commands import ProposeDeal as ProposeDeal
    from engine.core.commands import ProposeLoan as ProposeLoan
    from engine.core.commands import ProposeTrade as ProposeTrade
    from engine.core.commands import RefuseCall as RefuseCall
    from engine.core.commands import RejectDeal as RejectDeal
    from engine.core.commands import RejectLoan as RejectLoan
    from engine.core.commands import RejectTrade as RejectTrade
    from engine.core.commands import RentLot as RentLot
    from engine.core.commands import RepayLoan as RepayLoan
    from engine.core.commands import RollDice as RollDice
    from engine.core.commands import RollWithTravelCard as RollWithTravelCard
    from engine.core.commands import SellBuilding as SellBuilding
    from engine.core.commands import SellLot as SellLot
    from engine.core.commands import TakeRide as TakeRide
    from engine.core.commands import Unmortgage as Unmortgage
    from engine.core.commands import UseJailCard as UseJailCard
    from engine.core.edition import Edition as Edition
    from engine.core.edition import edition_named as edition_named
    from engine.core.edition import known_editions as known_editions
    from engine.core.edition import load_edition as load_edition
    from engine.core.edition import register_edition as register_edition
    from engine.core.errors import IllegalCommand as IllegalCommand
    from engine.core.events import Event as Event
    from engine.core.options import RuleOptions as RuleOptions
    from engine.core.rng import SEED_MAX as SEED_MAX
    from engine.core.ruleset import Ruleset as Ruleset
    from engine.core.state import Bundle as Bundle
    from engine.core.state import DealOffer as DealOffer
    from engine.core.state import DealPart as DealPart
    from engine.core.state import ExcessLots as ExcessLots
    from engine.core.state import GameState as GameState
    from engine.core.state import Loan as Loan
    from engine.core.state import LoanOffer as LoanOffer
    from engine.core.state import RefundChoice as RefundChoice
    from engine.core.state import RideChoice as RideChoice
    from engine.core.state import RouteChoice as RouteChoice
    from engine.core.state import TradeOffer as TradeOffer
    from engine.core.state import WinningsChoice as WinningsChoice
    from engine.core.state import merged as merged
    from engine.core.tabletop import Tabletop as Tabletop
    from engine.play.game import Game as Game
    from engine.play.legal import Option as Option
    from engine.play.rulebook import ruleset_for as ruleset_for
    from engine.play.setup import SetupError as SetupError
    from engine.play.setup import new_game as new_game
    from engine.play.soundness import UnsoundState as UnsoundState
    from engine.play.view import GameView as GameView
    from engine.rules.checks import waiting_for as waiting_for
    from engine.rules.checks import waiting_phrase as waiting_phrase
    from engine.rules.endings import net_worth as net_worth
    from engine.rules.endings import standings as standings
    from engine.rules.trades import trading_open as trading_open

__getattr__, __dir__ = lazy_names(globals())
