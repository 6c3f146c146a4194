"""Hand-built tables: a real game whose table is set up as a test or a bench needs it, and a bot asked
what it would do there.

The state is edited before the bot looks, exactly as a saved game would load: deeds, cash, buildings and
what the game waits for. Everything the bot then does goes through `Game.apply`. The bot tests build their
positions with these, and so does `bench/blunders.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine import Command, Game, ProposeTrade, new_game
from engine.bots import Bot, make_bot
from engine.core.state import (
    AwaitingEndTurn,
    AwaitingRoll,
    BuyDecision,
    IncomeTaxDecision,
    Pending,
    TradeAnswer,
)

NAMES = ("Ada", "Grace", "Linus", "Ken")


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
    """Return a game with deeds, cash and buildings as given; `owners` maps a seat to the spaces it holds."""
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


def offer(game: Game, proposer: int, to: int, **trade: object) -> TradeAnswer:
    """Put an offer to `to` as the proposer would make it, through `Game.apply`."""
    wait_for(game, AwaitingEndTurn(player=proposer))
    game.apply(ProposeTrade(player=proposer, to=to, **trade))
    pend = game.state.pending
    assert isinstance(pend, TradeAnswer)
    return pend


def ask(bot: Bot, game: Game, seat: int) -> Command:
    """Return the bot's answer to what the game waits for, checked against the rules before it is returned."""
    cmd = bot.choose(game.view(seat), game.legal_commands(seat))
    assert game.check(cmd) is None, (cmd, game.check(cmd))
    return cmd


def bot(level: str, seat: int = 0, seed: int = 7) -> Bot:
    return make_bot(level, seed, seat)
