"""landlords' rules engine: pure, synchronous and deterministic. Everything outside it uses these names.

Importing the package loads every rule area, each of which registers its commands, continuations, space
actions, card effects, rent models and rule hooks in `engine.registry`.
"""

from engine import (  # noqa: F401  (imported for their registrations)
    auctions,
    backward,
    building,
    cards,
    debts,
    double_trouble,
    endings,
    hands,
    jail,
    landing,
    mortgages,
    movement,
    pool,
    purchase,
    rent,
    rides,
    taxes,
    track_options,
    trades,
    travel,
    triple_play,
    turns,
)
from engine.board import Board, board_for
from engine.checks import waiting_for
from engine.commands import (
    AcceptTrade,
    Build,
    BuyProperty,
    CancelTrade,
    ChooseIncomeTax,
    ChooseRoute,
    ClaimHalfWinnings,
    Command,
    DeclareBankruptcy,
    DeclineProperty,
    EndTurn,
    KeepCard,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlaceBid,
    PlayRefundCard,
    PlayTravelCards,
    ProposeTrade,
    RejectTrade,
    RollDice,
    RollWithTravelCard,
    SellBuilding,
    TakeRide,
    Unmortgage,
    UseJailCard,
)
from engine.edition import EDITIONS, Edition, known_editions, load_edition, register_edition
from engine.endings import net_worth, standings
from engine.errors import IllegalCommand
from engine.events import Event
from engine.game import Game
from engine.legal import Option
from engine.options import RuleOptions
from engine.ruleset import Ruleset, ruleset_for
from engine.setup import SetupError, new_game
from engine.soundness import UnsoundState
from engine.state import (
    Bundle,
    GameState,
    RefundChoice,
    RideChoice,
    RouteChoice,
    TradeOffer,
    WinningsChoice,
)
from engine.tabletop import Tabletop
from engine.trades import trading_open
from engine.view import GameView

__all__ = [
    "EDITIONS",
    "AcceptTrade",
    "Board",
    "Build",
    "Bundle",
    "BuyProperty",
    "CancelTrade",
    "ChooseIncomeTax",
    "ChooseRoute",
    "ClaimHalfWinnings",
    "Command",
    "DeclareBankruptcy",
    "DeclineProperty",
    "Edition",
    "EndTurn",
    "Event",
    "Game",
    "GameState",
    "GameView",
    "IllegalCommand",
    "KeepCard",
    "KeepMortgage",
    "Mortgage",
    "Option",
    "PassAuction",
    "PayJailFine",
    "PlaceBid",
    "PlayRefundCard",
    "PlayTravelCards",
    "ProposeTrade",
    "RefundChoice",
    "RejectTrade",
    "RideChoice",
    "RollDice",
    "RollWithTravelCard",
    "RouteChoice",
    "RuleOptions",
    "Ruleset",
    "SellBuilding",
    "SetupError",
    "Tabletop",
    "TakeRide",
    "TradeOffer",
    "Unmortgage",
    "UnsoundState",
    "UseJailCard",
    "WinningsChoice",
    "board_for",
    "known_editions",
    "load_edition",
    "net_worth",
    "new_game",
    "register_edition",
    "ruleset_for",
    "standings",
    "trading_open",
    "waiting_for",
]
