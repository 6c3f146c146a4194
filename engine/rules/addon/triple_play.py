"""Triple Play: the player who lands takes a triple play card, throws three dice, and the bank pays for
every triple play card on the table by how many of the dice it matches (each die and each number counted
once, in any order): the space's figures for 0, 1, 2 and 3 matches, and its last figure when all three
match a card of the thrower's own. Cards are kept after the throw.

Whoever holds the half-winnings card may then play it on another player's prize from that throw: that
player pays him half of it, rounded down, and the card goes back under its deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core.commands import ClaimHalfWinnings
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import HeldCardKept, HeldCardPlayed, TriplePlayThrown, TriplePlayWon
from engine.core.phrases import N_, Phrase
from engine.core.registry import command
from engine.core.state import Charge, WinningsChoice
from engine.core.unchecked import unchecked
from engine.rules.checks import awaited
from engine.rules.hands import KEEP_RULES, card_of, give_back, held_of, holds_for_use, take_top
from engine.rules.landing import space_action

if TYPE_CHECKING:
    from engine.core.live import LiveGame

_triple_play_thrown = unchecked(TriplePlayThrown)
_triple_play_won = unchecked(TriplePlayWon)

SINGLE_CARD = "single_triple_play_card"  # the edition's option: each player scores his best card only
HALF_WINNINGS = "half_winnings"  # the use of the card that claims half a prize


def matches(numbers: Sequence[int], dice: Sequence[int]) -> int:
    """Return how many of the dice a card's numbers match, each die and each number counted once."""
    return sum((Counter(numbers) & Counter(dice)).values())


def prize(figures: Sequence[int], matched: int, own: bool) -> int:
    """Return what a card matching `matched` dice wins; `own`: it belongs to the thrower."""
    if matched == 3 and own:
        return figures[4]
    return figures[matched]


def three_dice(game: LiveGame) -> tuple[int, int, int]:
    """Throw three dice: a throw of two, and the first die of another throw. They move nobody: the throw on
    show stays the one that moved the token."""
    moved = game.state.last_dice
    d1, d2 = game.roll()
    d3, _ = game.roll()
    game.state.last_dice = moved
    return d1, d2, d3


@space_action("triple_play")
def _triple_play(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    sp = game.board.spaces[space]
    figures = sp.figures
    assert sp.deck is not None and figures is not None and len(figures) == 5
    take_top(game, player, sp.deck, "addon.triple_play")
    thrown = three_dice(game)
    game.emit(_triple_play_thrown(player=player, dice=thrown))
    st = game.state
    single = bool(game.ruleset.option(SINGLE_CARD))
    won: dict[int, int] = {}
    for p, ps in enumerate(st.players):
        if ps.bankrupt:
            continue
        scores = []
        for ref in held_of(game, p, "triple_play_numbers"):
            card = card_of(game.board, ref)
            assert card is not None
            matched = matches(getattr(card.effect, "numbers", ()), thrown)
            scores.append((prize(figures, matched, p == player), matched, ref))
        if single and scores:
            scores = [max(scores)]
        for amount, matched, ref in scores:
            if amount:
                ps.cash += amount
                won[p] = won.get(p, 0) + amount
                game.emit(_triple_play_won(player=p, card=ref, matches=matched, amount=amount))
    _offer_half(game, won)


def _offer_half(game: LiveGame, won: dict[int, int]) -> None:
    """Ask the holder of the half-winnings card, if any, whether to claim half of a winner's prize."""
    for holder, ps in enumerate(game.state.players):
        if ps.bankrupt or holds_for_use(game, holder, HALF_WINNINGS) is None:
            continue
        others = [(p, amount) for p, amount in sorted(won.items()) if p != holder and amount >= 2]
        if others:
            game.state.pending = WinningsChoice(
                player=holder,
                winners=tuple(p for p, _ in others),
                amounts=tuple(a for _, a in others),
            )
        return


def _check_claim(game: LiveGame, cmd: ClaimHalfWinnings) -> Refusal:
    refusal = awaited(game, cmd.player, "winnings_card")
    if refusal is not None:
        return refusal
    pend = game.state.pending
    assert isinstance(pend, WinningsChoice)
    if cmd.target not in pend.winners:
        names = ", ".join(game.name(p) for p in pend.winners)
        return IllegalCommand(
            "no_such_winner", Phrase(N_("Half of a prize just won may be claimed: {names}."), names=names)
        )
    return None


@command(ClaimHalfWinnings, _check_claim)
def _claim(game: LiveGame, cmd: ClaimHalfWinnings) -> None:
    pend = game.state.pending
    assert isinstance(pend, WinningsChoice)
    game.state.pending = None
    ref = holds_for_use(game, cmd.player, HALF_WINNINGS)
    assert ref is not None
    give_back(game, cmd.player, ref)
    game.emit(HeldCardPlayed(player=cmd.player, card=ref, rule="addon.winnings_card"))
    amount = pend.amounts[pend.winners.index(cmd.target)] // 2
    game.push_front(
        [
            Charge(
                payer=cmd.target,
                payee=cmd.player,
                amount=amount,
                reason="levy",
                detail=N_("half a prize"),
                rule="addon.winnings_card",
            )
        ]
    )


def _keep(game: LiveGame, pend: WinningsChoice) -> None:
    ref = holds_for_use(game, pend.player, HALF_WINNINGS)
    assert ref is not None
    game.emit(HeldCardKept(player=pend.player, card=ref, rule="addon.winnings_card"))


KEEP_RULES["winnings_card"] = _keep
