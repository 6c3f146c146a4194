"""landlords' rules engine: pure, synchronous and deterministic. Everything outside it uses these names."""

from engine.board import Board, board_for
from engine.checks import waiting_for
from engine.commands import (
    AcceptTrade,
    Build,
    BuyProperty,
    CancelTrade,
    ChooseIncomeTax,
    Command,
    DeclareBankruptcy,
    DeclineProperty,
    EndTurn,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlaceBid,
    ProposeTrade,
    RejectTrade,
    RollDice,
    SellBuilding,
    Unmortgage,
    UseJailCard,
)
from engine.edition import EDITIONS, Edition, load_edition
from engine.endings import net_worth, standings
from engine.errors import IllegalCommand
from engine.events import Event
from engine.game import Game
from engine.legal import trading_open
from engine.options import RuleOptions
from engine.setup import SetupError, new_game
from engine.soundness import UnsoundState
from engine.state import Bundle, GameState, TradeOffer
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
    "KeepMortgage",
    "Mortgage",
    "PassAuction",
    "PayJailFine",
    "PlaceBid",
    "ProposeTrade",
    "RejectTrade",
    "RollDice",
    "RuleOptions",
    "SellBuilding",
    "SetupError",
    "TradeOffer",
    "Unmortgage",
    "UnsoundState",
    "UseJailCard",
    "board_for",
    "load_edition",
    "net_worth",
    "new_game",
    "standings",
    "trading_open",
    "waiting_for",
]
