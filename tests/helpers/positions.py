"""Hand-built positions for the bot tests: a real game whose table is set up as a test needs it.

The state is edited before the bot looks, exactly as a saved game would load: deeds, cash, buildings and
what the game waits for. Everything the bot then does goes through `Game.apply`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine import Command, Game, new_game
from engine.bots import Bot, make_bot
from engine.state import (
    AwaitingEndTurn,
    AwaitingRoll,
    BuyDecision,
    Charge,
    Debt,
    IncomeTaxDecision,
    Pending,
    TradeAnswer,
)

NAMES = ("Ada", "Grace", "Linus", "Ken")

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


def table(
    owners: Mapping[int, Iterable[int]] | None = None,
    cash: Iterable[int] = (1500, 1500, 1500, 1500),
    houses: dict[int, int] | None = None,
    hotels: Iterable[int] = (),
    mortgaged: Iterable[int] = (),
    jail_cards: dict[int, int] | None = None,
    players: int = 4,
    edition: str = "classic",
    turn: int = 40,
    seed: int = 7,
) -> Game:
    """A game with deeds, cash and buildings as given; `owners` maps a seat to the spaces it holds."""
    game = new_game(
        edition, list(NAMES[:players]) if players <= 4 else [f"P{i}" for i in range(players)], seed
    )
    st = game.state
    for seat, spaces in (owners or {}).items():
        for s in spaces:
            st.deeds[s].owner = seat
    for s, n in (houses or {}).items():
        st.deeds[s].level = n
        st.bank.houses -= n
    for s in hotels:
        st.deeds[s].level = game.ruleset.max_level
        st.bank.hotels -= 1
    for s in mortgaged:
        st.deeds[s].mortgaged = True
    for seat, amount in zip(range(players), cash, strict=False):
        st.players[seat].cash = amount
    for seat, n in (jail_cards or {}).items():
        st.players[seat].jail_cards = ["chance"] * n
        for _ in range(n):
            st.decks["chance"].remove(game.board.jail_card["chance"])
    st.turn = turn
    st.round = turn // players
    return game


def wait_for(game: Game, pending: Pending) -> None:
    """Make the game wait for this decision (its player becomes the one to move where that matters)."""
    game.state.pending = pending
    if isinstance(pending, AwaitingRoll | AwaitingEndTurn | BuyDecision | IncomeTaxDecision):
        game.state.current = pending.player


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


def offer(game: Game, proposer: int, to: int, **trade: object) -> TradeAnswer:
    """Put an offer to `to` as the proposer would make it, through the game's own door."""
    from engine import ProposeTrade

    wait_for(game, AwaitingEndTurn(player=proposer))
    game.apply(ProposeTrade(player=proposer, to=to, **trade))
    pend = game.state.pending
    assert isinstance(pend, TradeAnswer)
    return pend


def ask(bot: Bot, game: Game, seat: int) -> Command:
    """The bot's answer to what the game waits for, checked against the rules before it is returned."""
    cmd = bot.choose(game.view(seat), game.legal_commands(seat))
    assert game.check(cmd) is None, (cmd, game.check(cmd))
    return cmd


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


def bot(level: str, seat: int = 0, seed: int = 7) -> Bot:
    return make_bot(level, seed, seat)
