"""landlords' rules engine: pure, synchronous and deterministic. Everything outside it uses these names.

The names load on first use, so that importing the package costs next to nothing (a program that only
draws a menu, or reads one module, pays for no more). Using the game loads every rule area, each of which
registers its commands and continuations in `engine.registry` and its named hooks in `engine.hooks`
(`engine.rules.areas`).

The package stands in layers, lowest first: the core value types here at the top (state, commands,
events, edition, board, track, hooks, registry, ruleset, and `live`, the protocol the rule areas are
written against); the rule areas (`engine.rules`, with those of one edition alone under its name); the
command door and its queries (`game`, `rulebook`, `legal`, `view`, `queries`, `odds`, `setup`,
`soundness`); the look-ahead (`engine.lookahead`: the simple players, and positions played forward); the
bots (`engine.bots`); and the tools on top (`engine.tools`). `tests/test_layers.py` holds them to it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.board import Board, board_for
    from engine.catalogue import EDITIONS
    from engine.commands import (
        AcceptDeal,
        AcceptLoan,
        AcceptTrade,
        AgreeToCall,
        BorrowFromBank,
        Build,
        BuyLot,
        BuyLuxury,
        BuyProperty,
        BuyTicketLot,
        CallGame,
        CancelDeal,
        CancelLoan,
        CancelTrade,
        ChooseDirection,
        ChooseIncomeTax,
        ChooseRoute,
        ClaimHalfWinnings,
        Command,
        DeclareBankruptcy,
        DeclineLuxury,
        DeclineProperty,
        DoneWithTickets,
        EndTurn,
        GoToPoorhouse,
        KeepCard,
        KeepMortgage,
        Mortgage,
        PassAuction,
        PayJailFine,
        PlaceBid,
        PlayRefundCard,
        PlayTravelCards,
        ProposeDeal,
        ProposeLoan,
        ProposeTrade,
        RefuseCall,
        RejectDeal,
        RejectLoan,
        RejectTrade,
        RentLot,
        RepayLoan,
        RollDice,
        RollWithTravelCard,
        SellBuilding,
        SellLot,
        TakeRide,
        Unmortgage,
        UseJailCard,
    )
    from engine.edition import Edition, edition_named, known_editions, load_edition, register_edition
    from engine.errors import IllegalCommand
    from engine.events import Event
    from engine.game import Game
    from engine.legal import Option
    from engine.options import RuleOptions
    from engine.rng import SEED_MAX
    from engine.rulebook import ruleset_for
    from engine.rules.checks import waiting_for, waiting_phrase
    from engine.rules.endings import net_worth, standings
    from engine.rules.trades import trading_open
    from engine.ruleset import Ruleset
    from engine.setup import SetupError, new_game
    from engine.soundness import UnsoundState
    from engine.state import (
        Bundle,
        DealOffer,
        DealPart,
        ExcessLots,
        GameState,
        Loan,
        LoanOffer,
        RefundChoice,
        RideChoice,
        RouteChoice,
        TradeOffer,
        WinningsChoice,
        merged,
    )
    from engine.tabletop import Tabletop
    from engine.view import GameView

_WHERE: dict[str, str] = {
    "AcceptLoan": "engine.commands",
    "AgreeToCall": "engine.commands",
    "CallGame": "engine.commands",
    "RefuseCall": "engine.commands",
    "AcceptTrade": "engine.commands",
    "AcceptDeal": "engine.commands",
    "CancelDeal": "engine.commands",
    "ProposeDeal": "engine.commands",
    "RejectDeal": "engine.commands",
    "DealOffer": "engine.state",
    "DealPart": "engine.state",
    "merged": "engine.state",
    "Board": "engine.board",
    "BorrowFromBank": "engine.commands",
    "Build": "engine.commands",
    "Bundle": "engine.state",
    "BuyLot": "engine.commands",
    "BuyLuxury": "engine.commands",
    "BuyProperty": "engine.commands",
    "BuyTicketLot": "engine.commands",
    "CancelLoan": "engine.commands",
    "CancelTrade": "engine.commands",
    "ChooseDirection": "engine.commands",
    "ChooseIncomeTax": "engine.commands",
    "ChooseRoute": "engine.commands",
    "ClaimHalfWinnings": "engine.commands",
    "Command": "engine.commands",
    "DeclareBankruptcy": "engine.commands",
    "DeclineLuxury": "engine.commands",
    "DeclineProperty": "engine.commands",
    "DoneWithTickets": "engine.commands",
    "EDITIONS": "engine.catalogue",
    "Edition": "engine.edition",
    "EndTurn": "engine.commands",
    "ExcessLots": "engine.state",
    "Event": "engine.events",
    "Game": "engine.game",
    "GameState": "engine.state",
    "GameView": "engine.view",
    "GoToPoorhouse": "engine.commands",
    "IllegalCommand": "engine.errors",
    "KeepCard": "engine.commands",
    "KeepMortgage": "engine.commands",
    "Loan": "engine.state",
    "LoanOffer": "engine.state",
    "Mortgage": "engine.commands",
    "Option": "engine.legal",
    "PassAuction": "engine.commands",
    "PayJailFine": "engine.commands",
    "PlaceBid": "engine.commands",
    "PlayRefundCard": "engine.commands",
    "PlayTravelCards": "engine.commands",
    "ProposeLoan": "engine.commands",
    "ProposeTrade": "engine.commands",
    "RefundChoice": "engine.state",
    "RejectLoan": "engine.commands",
    "RejectTrade": "engine.commands",
    "RentLot": "engine.commands",
    "RepayLoan": "engine.commands",
    "RideChoice": "engine.state",
    "RollDice": "engine.commands",
    "RollWithTravelCard": "engine.commands",
    "RouteChoice": "engine.state",
    "RuleOptions": "engine.options",
    "Ruleset": "engine.ruleset",
    "SEED_MAX": "engine.rng",
    "SellBuilding": "engine.commands",
    "SellLot": "engine.commands",
    "SetupError": "engine.setup",
    "Tabletop": "engine.tabletop",
    "TakeRide": "engine.commands",
    "TradeOffer": "engine.state",
    "Unmortgage": "engine.commands",
    "UnsoundState": "engine.soundness",
    "UseJailCard": "engine.commands",
    "WinningsChoice": "engine.state",
    "board_for": "engine.board",
    "known_editions": "engine.edition",
    "load_edition": "engine.edition",
    "edition_named": "engine.edition",
    "net_worth": "engine.rules.endings",
    "new_game": "engine.setup",
    "register_edition": "engine.edition",
    "ruleset_for": "engine.rulebook",
    "standings": "engine.rules.endings",
    "trading_open": "engine.rules.trades",
    "waiting_for": "engine.rules.checks",
    "waiting_phrase": "engine.rules.checks",
}


def __getattr__(name: str) -> Any:
    """A public name, loaded from its module the first time it is asked for."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


__all__ = [
    "EDITIONS",
    "SEED_MAX",
    "AcceptDeal",
    "AcceptLoan",
    "AcceptTrade",
    "AgreeToCall",
    "Board",
    "BorrowFromBank",
    "Build",
    "Bundle",
    "BuyLot",
    "BuyLuxury",
    "BuyProperty",
    "BuyTicketLot",
    "CallGame",
    "CancelDeal",
    "CancelLoan",
    "CancelTrade",
    "ChooseDirection",
    "ChooseIncomeTax",
    "ChooseRoute",
    "ClaimHalfWinnings",
    "Command",
    "DealOffer",
    "DealPart",
    "DeclareBankruptcy",
    "DeclineLuxury",
    "DeclineProperty",
    "DoneWithTickets",
    "Edition",
    "EndTurn",
    "Event",
    "ExcessLots",
    "Game",
    "GameState",
    "GameView",
    "GoToPoorhouse",
    "IllegalCommand",
    "KeepCard",
    "KeepMortgage",
    "Loan",
    "LoanOffer",
    "Mortgage",
    "Option",
    "PassAuction",
    "PayJailFine",
    "PlaceBid",
    "PlayRefundCard",
    "PlayTravelCards",
    "ProposeDeal",
    "ProposeLoan",
    "ProposeTrade",
    "RefundChoice",
    "RefuseCall",
    "RejectDeal",
    "RejectLoan",
    "RejectTrade",
    "RentLot",
    "RepayLoan",
    "RideChoice",
    "RollDice",
    "RollWithTravelCard",
    "RouteChoice",
    "RuleOptions",
    "Ruleset",
    "SellBuilding",
    "SellLot",
    "SetupError",
    "Tabletop",
    "TakeRide",
    "TradeOffer",
    "Unmortgage",
    "UnsoundState",
    "UseJailCard",
    "WinningsChoice",
    "board_for",
    "edition_named",
    "known_editions",
    "load_edition",
    "merged",
    "net_worth",
    "new_game",
    "register_edition",
    "ruleset_for",
    "standings",
    "trading_open",
    "waiting_for",
    "waiting_phrase",
]
