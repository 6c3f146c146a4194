"""The action space: one number for every command a seat may give, and the mask of those it may give now.

The layout is read from the engine's own list of commands (`engine.core.commands.COMMAND_TYPES`), family
by family, in its order: a command with no choice in it takes one action (roll, buy, end the turn, declare
bankruptcy, ...); a command about a space takes one action per space of the board (build, sell a
building, mortgage, lift a mortgage, keep one, choose a route, ride, buy a ticket's lot); a command
naming a player takes one per seat, counted from the agent's; a command with a fixed choice takes one per
choice (the income tax, the direction); the answer to an open offer takes one (its number is the offer
open now). Bids are a ladder: the least legal bid, then bids at fixed shares of the lot's printed value.
Commands whose choices are not a space or a seat (playing travel cards, a loan to repay or take) are
dealt, in the engine's order, into the `listed` slots.

A trade is composed as a few actions: `offer_to` a player opens a draft; then each action adds a deed
of one's own to give, one of his to take, cash either way in fixed steps, or a Get Out of Jail Free card;
`propose` sends it (the engine then asks the other player), `drop` abandons it. While a draft is open
only these are allowed.

The mask comes from the engine: the commands it lists as legal (`Game.legal_commands`), and for what it
does not list (the other bids, every draft), the check `apply` itself runs (`Game.check`). An action the
mask allows is a command the engine takes.

With `moves="prudent"` (`MOVES`) the mask leaves out, among those legal commands, the ones that only bleed
money or throw the game away (`prudent_commands`): mortgaging and selling buildings or lots while no cash
is needed, lifting a mortgage taken out in the same turn, and proposing or agreeing to call the game while
the count would make another player the winner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

import numpy as np

from engine import Bundle, PlaceBid, ProposeTrade, trading_open
from engine.core.commands import COMMAND_TYPES, Command
from engine.queries import proposal_additions
from landlords_env.observations import Draft

if TYPE_CHECKING:
    from engine import Board, Game

BID_SHARES: tuple[float, ...] = (0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0)
"""The bid ladder: the least legal bid (0), then these shares of the lot's printed value (a deed's price,
a building's cost), each raised to the least legal bid if below it. Equal amounts are offered once."""

CASH_STEPS: tuple[int, ...] = (10, 50, 100, 500)
"""What one draft action adds to the cash handed over, either way."""

DRAFT_STEPS = 12
"""The most additions one draft takes; then it can only be proposed or dropped."""

LISTED = 64
"""Slots for the commands dealt in the engine's order (travel cards, loans): more than any table lists."""

SIMPLE, SPACE, SEAT, CHOICE, ANSWER, BID, PROPOSAL, OTHER = range(8)

_INT8 = np.dtype(np.int8)
"""The mask's type, made once (numpy would look `np.int8` up again at every call)."""

_ANSWER_FIELDS = frozenset({"trade_id", "deal_id", "offer"})
"""The field naming the open offer that an answer or a withdrawal is about (one is open at a time)."""

MOVES: tuple[str, ...] = ("all", "prudent")
"""What the mask offers: "all", every legal command; "prudent", those `prudent_commands` keeps."""

RAISING = frozenset({"mortgage", "sell_building", "sell_lot"})
"""The commands that raise cash from one's deeds, which `prudent_commands` keeps for when cash is needed."""

CALLING = frozenset({"call_game", "agree_to_call"})
"""The commands that end the game at once by the count, which `prudent_commands` keeps for its leader."""

DraftMove = tuple[str, int]
"""A step of a draft: ("offer_to", seat), ("give_deed", space), ("take_deed", space), ("give_cash",
dollars), ("take_cash", dollars), ("give_card", 1), ("take_card", 1), ("propose", 0), ("drop", 0)."""


@dataclass(frozen=True)
class Family:
    """A block of consecutive actions: its name, first index, size, and the command it gives."""

    name: str
    start: int
    size: int
    command: str  # the command's kind ("build"), or what the block does ("trade draft")
    per: Literal["one", "space", "seat", "choice", "bid", "draft", "listed"]
    choices: tuple[str, ...] = ()


def _required(cls: type) -> dict[str, Any]:
    """Return the fields a command needs besides the player (those with a default, a reason, say, are
    left)."""
    fields = cls.model_fields  # type: ignore[attr-defined]
    return {
        name: info.annotation
        for name, info in fields.items()
        if name not in ("player", "kind") and info.is_required()
    }


def _kind(cls: type) -> str:
    return str(cls.model_fields["kind"].default)  # type: ignore[attr-defined]


class ActionLayout:
    """The actions of one table (its board, its number of seats), and how each maps to a command."""

    def __init__(self, board: Board, seats: int) -> None:
        self.board = board
        self.seats = seats
        families: list[Family] = []
        self._spec: dict[type, tuple[int, int, Any]] = {}
        start = 0

        def add(name: str, size: int, command: str, per: Any, choices: tuple[str, ...] = ()) -> int:
            nonlocal start
            families.append(Family(name, start, size, command, per, choices))
            start += size
            return start - size

        for cls in COMMAND_TYPES:
            need = _required(cls)
            kind = _kind(cls)
            if cls is PlaceBid:
                self.bids = add(kind, len(BID_SHARES), kind, "bid")
                self._spec[cls] = (BID, self.bids, None)
            elif cls is ProposeTrade:
                self._spec[cls] = (PROPOSAL, -1, None)
            elif not need:
                self._spec[cls] = (SIMPLE, add(kind, 1, kind, "one"), None)
            elif set(need) == {"space"}:
                self._spec[cls] = (SPACE, add(kind, board.size, kind, "space"), None)
            elif set(need) == {"target"}:
                self._spec[cls] = (SEAT, add(kind, seats, kind, "seat"), None)
            elif len(need) == 1 and get_origin(next(iter(need.values()))) is Literal:
                field = next(iter(need))
                values = tuple(str(v) for v in get_args(need[field]))
                base = add(kind, len(values), kind, "choice", values)
                self._spec[cls] = (CHOICE, base, (field, {v: i for i, v in enumerate(values)}))
            elif len(need) == 1 and set(need) <= _ANSWER_FIELDS:
                self._spec[cls] = (ANSWER, add(kind, 1, kind, "one"), None)
            else:
                self._spec[cls] = (OTHER, -1, None)
        self.offer_to = add("offer_to", seats, "trade draft", "seat")
        self.give_deed = add("give_deed", board.size, "trade draft", "space")
        self.take_deed = add("take_deed", board.size, "trade draft", "space")
        steps = tuple(str(c) for c in CASH_STEPS)
        self.give_cash = add("give_cash", len(CASH_STEPS), "trade draft", "choice", steps)
        self.take_cash = add("take_cash", len(CASH_STEPS), "trade draft", "choice", steps)
        self.give_card = add("give_jail_card", 1, "trade draft", "one")
        self.take_card = add("take_jail_card", 1, "trade draft", "one")
        self.propose = add("propose", 1, "propose_trade", "draft")
        self.drop = add("drop", 1, "trade draft", "draft")
        self.listed = add("listed", LISTED, "listed", "listed")
        self.families = tuple(families)
        self.size = start
        self._deeds = board.deeds

    def family_of(self, action: int) -> Family:
        for fam in self.families:
            if fam.start <= action < fam.start + fam.size:
                return fam
        raise ValueError(f"no action {action}: the actions are 0 to {self.size - 1}")

    def choices(
        self,
        game: Game,
        me: int,
        draft: Draft | None,
        may_offer: bool,
        mortgaged: frozenset[int] | None = None,
    ) -> tuple[np.ndarray, dict[int, Command | DraftMove]]:
        """Return the mask of `me`'s actions now, and what each allowed action does.

        `mortgaged`: None offers every legal command; a set of spaces offers only the prudent ones
        (`prudent_commands`), those spaces being the deeds `me` mortgaged this turn.

        The mask is filled as bytes and handed to numpy once at the end: setting a numpy element is a
        long trip through numpy's conversions, and this runs at every step."""
        mask = bytearray(self.size)
        moves: dict[int, Command | DraftMove] = {}
        if draft is not None:
            self._draft_choices(game, me, draft, mask, moves)
            return np.frombuffer(mask, _INT8), moves
        n = self.seats
        listed = self.listed
        spec = self._spec
        bid: PlaceBid | None = None
        legal = game.legal_commands(me)
        if mortgaged is not None:
            legal = prudent_commands(game, me, legal, mortgaged)
        for cmd in legal:
            code, base, extra = spec[cmd.__class__]
            if code == SPACE:  # the commonest: building, selling and mortgaging on a deed
                i = base + cmd.space  # type: ignore[union-attr]
            elif code in (SIMPLE, ANSWER):
                i = base
            elif code == BID:
                i = base
                bid = cmd  # type: ignore[assignment]
            elif code == SEAT:
                i = base + (cmd.target - me) % n  # type: ignore[union-attr]
            elif code == CHOICE:
                i = base + extra[1][getattr(cmd, extra[0])]
            else:
                i = listed
                listed += 1
                if listed > self.listed + LISTED:
                    raise RuntimeError(f"more than {LISTED} listed commands at once: {cmd!r}")
            mask[i] = 1
            moves[i] = cmd
        if bid is not None:
            self._bid_ladder(game, me, bid.amount, mask, moves)
        if may_offer and trading_open(game, me):
            players = game.state.players
            for k in range(1, n):
                if not players[(me + k) % n].bankrupt:
                    mask[self.offer_to + k] = 1
                    moves[self.offer_to + k] = ("offer_to", (me + k) % n)
        return np.frombuffer(mask, _INT8), moves

    def _bid_ladder(
        self, game: Game, me: int, least: int, mask: bytearray, moves: dict[int, Command | DraftMove]
    ) -> None:
        pend: Any = game.state.pending
        board = game.board
        value = board.price[pend.space] if pend.lot == "deed" else board.house_cost[pend.space]
        seen = {least}
        check = game.check
        for k, share in enumerate(BID_SHARES[1:], start=1):
            amount = max(least, math.ceil(share * value))
            if amount in seen:
                continue
            seen.add(amount)
            cmd = _bid(me, amount)
            if check(cmd) is None:
                mask[self.bids + k] = 1
                moves[self.bids + k] = cmd

    def _draft_choices(
        self, game: Game, me: int, draft: Draft, mask: bytearray, moves: dict[int, Command | DraftMove]
    ) -> None:
        # What may join each side, and whether the draft may be proposed as it stands, found at once as
        # `Game.apply` would check each proposal (`proposal_additions`, which agrees with
        # `proposal_problem`); the draft is the environment's own, well-formed by construction.
        give = _bundle(draft.give_cash, draft.give_deeds, draft.give_cards)
        take = _bundle(draft.take_cash, draft.take_deeds, draft.take_cards)
        room = proposal_additions(game, me, draft.to, give, take)
        if room.proposable:
            mask[self.propose] = 1
            moves[self.propose] = ("propose", 0)
        mask[self.drop] = 1
        moves[self.drop] = ("drop", 0)
        if draft.steps >= DRAFT_STEPS:
            return
        for space in self._deeds:
            if space in room.give.deeds:
                mask[self.give_deed + space] = 1
                moves[self.give_deed + space] = ("give_deed", space)
            elif space in room.take.deeds:
                mask[self.take_deed + space] = 1
                moves[self.take_deed + space] = ("take_deed", space)
        for k, step in enumerate(CASH_STEPS):
            if step <= room.give.cash:
                mask[self.give_cash + k] = 1
                moves[self.give_cash + k] = ("give_cash", step)
            if step <= room.take.cash:
                mask[self.take_cash + k] = 1
                moves[self.take_cash + k] = ("take_cash", step)
        if room.give.jail_cards >= 1:
            mask[self.give_card] = 1
            moves[self.give_card] = ("give_card", 1)
        if room.take.jail_cards >= 1:
            mask[self.take_card] = 1
            moves[self.take_card] = ("take_card", 1)


def prudent_commands(game: Game, me: int, legal: list[Command], mortgaged: frozenset[int]) -> list[Command]:
    """The commands of `legal` (`me`'s legal commands) left to a prudent player, in their order.

    Left out: mortgaging, selling a building and selling a lot back to the bank (`RAISING`) unless `me`
    needs the cash, that is owes a debt larger than his cash or is offered a deed that costs more than
    his cash; lifting the mortgage of a deed in `mortgaged` (those `me` mortgaged this turn), which gives
    back what mortgaging it raised less the interest; and proposing or agreeing to call the game
    (`CALLING`) unless the count (the edition's standings, as the call is settled) puts `me` first.
    Everything else is kept, refusing a call and declaring bankruptcy among it."""
    short: bool | None = None
    leads: bool | None = None
    kept: list[Command] = []
    for cmd in legal:
        kind = cmd.kind
        if kind in RAISING:
            if short is None:
                short = _needs_cash(game, me)
            if not short:
                continue
        elif kind == "unmortgage":
            if cmd.space in mortgaged:  # type: ignore[union-attr]
                continue
        elif kind in CALLING:
            if leads is None:
                leads = game.ruleset.ending.standings(game)[0][0] == me
            if not leads:
                continue
        kept.append(cmd)
    return kept


def _needs_cash(game: Game, me: int) -> bool:
    """Whether `me` must raise cash now: a debt is his to pay, or a deed he is offered costs more than his
    cash."""
    st = game.state
    pend: Any = st.pending
    if pend is None or pend.player != me:
        return False
    if pend.kind == "debt":
        return True
    return bool(pend.kind == "buy" and game.board.price[pend.space] > st.players[me].cash)


@lru_cache(maxsize=4096)
def _bundle(cash: int, deeds: tuple[int, ...], cards: int) -> Bundle:
    """Return one side of a draft (bundles are immutable: the same one is shared while drafts repeat it)."""
    return Bundle(cash=cash, deeds=tuple(sorted(deeds)), jail_cards=cards)


@cache
def _bid(player: int, amount: int) -> PlaceBid:
    """Return one shared instance of each bid (commands are immutable): `Game.apply` validates its shape
    once."""
    return PlaceBid(player=player, amount=amount)


def drafted(draft: Draft, move: DraftMove) -> Draft:
    """Return the draft with one more item added."""
    what, value = move
    steps = draft.steps + 1
    if what == "give_deed":
        return replace(draft, give_deeds=(*draft.give_deeds, value), steps=steps)
    if what == "take_deed":
        return replace(draft, take_deeds=(*draft.take_deeds, value), steps=steps)
    if what == "give_cash":
        return replace(draft, give_cash=draft.give_cash + value, steps=steps)
    if what == "take_cash":
        return replace(draft, take_cash=draft.take_cash + value, steps=steps)
    if what == "give_card":
        return replace(draft, give_cards=draft.give_cards + value, steps=steps)
    if what == "take_card":
        return replace(draft, take_cards=draft.take_cards + value, steps=steps)
    raise ValueError(f"not an addition to a draft: {move}")


def proposal(me: int, draft: Draft) -> ProposeTrade:
    """Return the engine's command for a draft."""
    return ProposeTrade(
        player=me,
        to=draft.to,
        give=_bundle(draft.give_cash, draft.give_deeds, draft.give_cards),
        take=_bundle(draft.take_cash, draft.take_deeds, draft.take_cards),
    )
