"""The pool: payments to the bank for taxes, jail fines and cards go to a pool on the table instead, and
the refund space pays out a share of it (half, rounded down, in the add-on board).

The pool is the game's pot (`GameState.pot`), fed by the edition's pot rule. A player who holds the
full-refund card may play it on the refund space to take the whole pool; the card then goes back under
its deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.core.commands import PlayRefundCard
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import HeldCardKept, HeldCardPlayed, PotShareCollected
from engine.core.hooks import POT_RULES
from engine.core.phrases import N_, Phrase
from engine.core.registry import command
from engine.core.state import RefundChoice
from engine.rules.checks import awaited
from engine.rules.hands import KEEP_RULES, give_back, holds_for_use
from engine.rules.landing import space_action

if TYPE_CHECKING:
    from engine.core.edition import Edition
    from engine.core.live import LiveGame
    from engine.core.options import RuleOptions
    from engine.core.rule_ids import RuleId
    from engine.core.tabletop import Tabletop

FEEDS = frozenset({"tax", "card", "jail_fine", "repairs"})
"""Payments to the bank that feed the pool: taxes, card payments (repairs among them) and jail fines."""
TAXES_ONLY = "pool_taxes_only"  # the edition's option: jail fines go to the bank
SHARE = "refund_percent"  # the edition's option: the share the refund space pays (0: as printed)
FULL_REFUND = "full_refund"  # the use of the card that takes the whole pool


@POT_RULES.register("tax_pool")
def _tax_pool(edition: Edition, rules: RuleOptions, options: Mapping[str, int]) -> frozenset[str]:
    return FEEDS - {"jail_fine"} if options.get(TAXES_ONLY) else FEEDS


def share_of(table: Tabletop, space: int) -> int:
    """Return the percentage of the pool the refund space pays: the option when chosen, else as printed."""
    chosen = table.ruleset.option(SHARE)
    if chosen:
        return chosen
    figures = table.board.spaces[space].figures
    return figures[0] if figures else 50


@space_action("tax_refund")
def _tax_refund(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    if game.state.pot and holds_for_use(game, player, FULL_REFUND) is not None:
        game.state.pending = RefundChoice(player=player, space=space)
        return
    collect_share(game, player, share_of(game, space))


def collect_share(game: LiveGame, player: int, percent: int, rule: RuleId = "addon.tax_refund") -> None:
    """Pay `percent` of the pool to the player, rounded down; the rest stays."""
    st = game.state
    amount = st.pot * percent // 100
    if amount:
        st.pot -= amount
        st.players[player].cash += amount
        game.emit(PotShareCollected(player=player, amount=amount, percent=percent, rule=rule))


def _check_play(game: LiveGame, cmd: PlayRefundCard) -> Refusal:
    refusal = awaited(game, cmd.player, "refund_card")
    if refusal is not None:
        return refusal
    if holds_for_use(game, cmd.player, FULL_REFUND) is None:
        return IllegalCommand(
            "no_such_card", Phrase(N_("{name} holds no card for the whole pool."), name=game.name(cmd.player))
        )
    return None


@command(PlayRefundCard, _check_play)
def _play(game: LiveGame, cmd: PlayRefundCard) -> None:
    game.state.pending = None
    ref = holds_for_use(game, cmd.player, FULL_REFUND)
    assert ref is not None
    give_back(game, cmd.player, ref)
    game.emit(HeldCardPlayed(player=cmd.player, card=ref))
    collect_share(game, cmd.player, 100, "addon.refund_card")


def _keep(game: LiveGame, pend: RefundChoice) -> None:
    ref = holds_for_use(game, pend.player, FULL_REFUND)
    assert ref is not None
    game.emit(HeldCardKept(player=pend.player, card=ref))
    collect_share(game, pend.player, share_of(game, pend.space))


KEEP_RULES["refund_card"] = _keep
