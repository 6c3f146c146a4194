"""Hand-built positions for the bot tests: a real game whose table is set up as a test needs it (built by
`engine.tools.tables`, which the benches use too), the classic board's spaces by name, and the few moves
the tests set the game waiting for."""

from __future__ import annotations

from engine import Command, Game
from engine.bots import Bot
from engine.core.state import AwaitingEndTurn, AwaitingRoll, BuyDecision, Charge, Debt
from engine.tools.tables import NAMES, ask, bot, offer, table, wait_for

__all__ = ["NAMES", "ask", "bot", "offer", "table", "wait_for"]

# classic board spaces used by the tests
MEDITERRANEAN, BALTIC = 1, 3
READING, PENNSYLVANIA_RR, B_AND_O, SHORT_LINE = 5, 15, 25, 35
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
ST_CHARLES, ELECTRIC, STATES, VIRGINIA = 11, 12, 13, 14
ST_JAMES, TENNESSEE, NEW_YORK = 16, 18, 19
KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24
ATLANTIC, VENTNOR, WATER_WORKS, MARVIN = 26, 27, 28, 29
PACIFIC, NORTH_CAROLINA, PENNSYLVANIA_AVE = 31, 32, 34
PARK_PLACE, BOARDWALK = 37, 39
ORANGE = (ST_JAMES, TENNESSEE, NEW_YORK)
RED = (KENTUCKY, INDIANA, ILLINOIS)
GREEN = (PACIFIC, NORTH_CAROLINA, PENNSYLVANIA_AVE)
LIGHT_BLUE = (ORIENTAL, VERMONT, CONNECTICUT)
PINK = (ST_CHARLES, STATES, VIRGINIA)
YELLOW = (ATLANTIC, VENTNOR, MARVIN)
DARK_BLUE = (PARK_PLACE, BOARDWALK)


def end_turn(game: Game, seat: int) -> None:
    wait_for(game, AwaitingEndTurn(player=seat))


def orange_position(turn: int = 200) -> Game:
    """The bot (seat 0) holds two oranges; seat 1, who could be a person, holds New York."""
    game = table(owners={0: (ST_JAMES, TENNESSEE), 1: (NEW_YORK,)}, turn=turn)
    end_turn(game, 0)
    return game


def roll(game: Game, seat: int) -> None:
    wait_for(game, AwaitingRoll(player=seat))


def buy(game: Game, seat: int, space: int) -> None:
    game.state.players[seat].position = space
    wait_for(game, BuyDecision(player=seat, space=space))


def debt(game: Game, seat: int, amount: int, creditor: int | None = 1) -> None:
    charge = Charge(payer=seat, payee=creditor, amount=amount, reason="rent", space=BOARDWALK)
    wait_for(game, Debt(player=seat, charge=charge))


def play_decision(bot: Bot, game: Game, seat: int, limit: int = 200) -> list[Command]:
    """Apply the bot's commands while the game keeps waiting on the same decision from it; the commands
    it gave, in order."""
    pend = game.state.pending
    assert pend is not None and pend.player == seat
    kind = pend.kind
    out: list[Command] = []
    for _ in range(limit):
        cmd = ask(bot, game, seat)
        out.append(cmd)
        game.apply(cmd)
        now = game.state.pending
        if now is None or now.player != seat or now.kind != kind or cmd.kind in ("end_turn", "roll_dice"):
            return out
    raise AssertionError(f"the bot kept going: {out[-10:]}")
