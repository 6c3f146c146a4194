"""When a bot proposes to call the game, and when it agrees (`engine.rules.calling`): a table manner all the
levels share, not a way to win.

A bot asks to stop only a long game that play can no longer decide: one where a player's chance to win,
by the value of the position the look-ahead reckons with, is above 95 %; one that has run for
`LONG_GAME_ROUNDS` rounds with a clear leader (rich tables of the add-on board build up to the houses the
bank has left and then pay every rent from wages and prizes for as long as they play); or a stalled rich
table, where
every deed is owned, no group can take another building, and nobody still in could be ruined, every
player's cash covering the dearest rent he could be charged several times over (the add-on board's wages
and prizes can keep such a table going for ever). Asked, it agrees to such a game's end, and to any call
that would make it the winner; otherwise it says no, and why.
"""

from __future__ import annotations

from engine.bots.position import Position
from engine.core.phrases import N_, Phrase
from engine.lookahead.judge import chances_now

CALL_AFTER_ROUNDS = 60
"""Rounds played before a bot thinks a game may be beyond deciding: most games are decided long before."""
DECIDED = 0.95
"""A player's chance to win above which the game is decided."""
LONG_GAME_ROUNDS = 150
"""Rounds after which a game with a clear leader is taken to be past deciding: games between the bots
mostly end by round 80, and those still going at 150 rarely end before the turn cap."""
LEADS = 0.5
"""The chance to win of a clear leader."""
RUIN_MARGIN = 5
"""How many times over every player's cash must cover the dearest rent he could be charged for a table
where nobody could be ruined any more."""


def undecidable(pos: Position) -> Phrase | None:
    """Return why play can no longer decide this game, or None while it still can."""
    view = pos.view
    if view.round < CALL_AFTER_ROUNDS or view.winner is not None:
        return None
    live = [p for p in pos.players if not view.players[p].bankrupt]
    if len(live) < 2:
        return None
    chances = chances_now(view)
    leader = max(live, key=lambda p: chances[p])
    if chances[leader] > DECIDED:
        if leader == pos.me:
            return Phrase(
                N_("I have a {chance:.0f}% chance to win: the game is decided"), chance=100 * chances[leader]
            )
        return Phrase(
            N_("{name} has a {chance:.0f}% chance to win: the game is decided"),
            name=view.players[leader].name,
            chance=100 * chances[leader],
        )
    if view.round >= LONG_GAME_ROUNDS and chances[leader] >= LEADS:
        if leader == pos.me:
            return Phrase(N_("I lead after {round} rounds: play is not deciding this game"), round=view.round)
        return Phrase(
            N_("{name} leads after {round} rounds: play is not deciding this game"),
            name=view.players[leader].name,
            round=view.round,
        )
    if stalled(pos) and all(pos.funds[p] >= RUIN_MARGIN * dearest_rent(pos, p) for p in live):
        return Phrase(N_("nobody here can be ruined any more: let the richest win"))
    return None


def stalled(pos: Position) -> bool:
    """Whether the game has stalled: nothing left to buy from the bank, and no group that can take another
    building: play can change the table only by trading."""
    if pos.unowned():
        return False
    top = pos.rules.max_level
    for lots in pos.board.street_groups:
        holder = pos.owner[lots[0]]
        whole = holder is not None and all(pos.owner[s] == holder for s in lots)
        if whole and any(pos.levels[s] < top for s in lots):
            return False
    return True


def dearest_rent(pos: Position, player: int) -> int:
    """Return the most `player` could be charged for stopping anywhere on the board as it stands."""
    return max((pos.rent_now(s, player) for s in pos.board.deeds), default=0)


def leader(pos: Position) -> int:
    """Return who would win if the game were called now: the richest by the edition's count."""
    view = pos.view
    return int(view.ruleset.ending.standings(view)[0][0])
