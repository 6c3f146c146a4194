"""Observation encoding as fixed-size arrays: the table as the agent's seat sees it, never the order of the
decks, the dice to come nor the other players' hidden cards.

The encoder reads only what `engine.play.view` puts in a seat's view, and reads it from anything shaped like
one: the view itself, or (much faster, as every step of a learner needs) the live state, where it
touches nothing a view leaves out. A test holds the two readings equal, position after position, in
every edition. The whole view, with every edition's own pieces (loans, lot tickets, travel cards), is
`raw_env.view(agent)`.

Seats are listed from the observer's: index 0 is the observer, 1 the player after him, and so on round
the table. Spaces are numbered as on the board (`landlords rules` names them).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, get_args

import numpy as np

from engine.core.state import Pending

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from engine.core.board import Board
    from engine.core.events import Event
    from engine.core.state import DeedState, PlayerState, TradeOffer

HIGH = 1e9
"""The bound of what has no other: sums of money (cash, bids, debts, the pot, offers) and the counts that
grow with the game (turns, rounds, doubles in a row, throws failed in jail, times round the board), all
from 0 to this; larger than any a game reaches, and finite."""

DECISIONS: tuple[str, ...] = tuple(
    cls.__dataclass_fields__["kind"].default for cls in get_args(get_args(Pending)[0])
)
"""Every kind of decision the game can wait for, in the engine's order (`engine.core.state.Pending`)."""


@dataclass(frozen=True)
class Segment:
    """One named part of the observation: where it starts in the flat array, its shape, what it holds."""

    name: str
    start: int
    shape: tuple[int, ...]
    low: float
    meaning: str

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))

    @property
    def stop(self) -> int:
        return self.start + self.size


PLAYER_COLUMNS: tuple[str, ...] = (
    "cash",
    "position",
    "in_jail",
    "jail_turns",
    "jail_cards",
    "cards_held",
    "bankrupt",
    "circuits",
)
"""The columns of `players`: cash in dollars, the space the token stands on, 1 in jail, throws failed in
this stay in jail, Get Out of Jail Free cards held, other cards held in hand (face up or not), 1 out of
the game, times round the board (where the edition counts them)."""


def _segments(seats: int, spaces: int) -> tuple[Segment, ...]:
    """Return the layout for a table of `seats` on a board of `spaces`, in the order of the flat array."""
    parts: list[tuple[str, tuple[int, ...], float, str]] = [
        ("seat", (1,), 0, "the observer's own seat number (0 plays first)"),
        (
            "players",
            (seats, len(PLAYER_COLUMNS)),
            0,
            "a row per player, the observer's first: `PLAYER_COLUMNS`",
        ),
        ("bank", (2,), 0, "houses and hotels left in the bank"),
        (
            "clock",
            (4,),
            0,
            "turns played, rounds played, doubles thrown this turn, whose turn (seat from the observer)",
        ),
        ("dice", (2,), 0, "the last throw (0, 0 before the first)"),
        ("pot", (1,), 0, "the pot on the table (a Free Parking pot, an edition's pool)"),
        ("decider", (1,), -1, "whose decision it is (seat from the observer; -1 when the game is over)"),
        ("subject", (1,), -1, "the space the decision is about (a deed to buy or auctioned, ...), or -1"),
        (
            "auction",
            (3,),
            -1,
            "auction: the next least bid, the highest bid, its bidder (seat from the observer, -1 none)",
        ),
        ("debt", (2,), -1, "in a debt: what is owed, and to whom (seat from the observer, -1 the bank)"),
        ("decision", (len(DECISIONS),), 0, "one-hot: what the game waits for (`DECISIONS`)"),
        (
            "owner",
            (spaces,),
            -1,
            "by space: -1 no deed, 0 the bank, k + 1 the player k seats after the observer",
        ),
        ("level", (spaces,), 0, "by space: buildings, 0 bare, one per house, the top level a hotel"),
        ("mortgaged", (spaces,), 0, "by space: 1 for a mortgaged deed"),
        (
            "offer",
            (5,),
            -1,
            "an open trade the observer is party to: the other side (seat from the observer, -1 none), "
            "cash out, cash in, jail cards out, jail cards in",
        ),
        ("offer_out", (spaces,), 0, "by space: 1 for a deed the observer would hand over in that trade"),
        ("offer_in", (spaces,), 0, "by space: 1 for a deed the observer would receive in that trade"),
        ("draft", (5,), -1, "the observer's own offer being composed, as `offer`"),
        ("draft_out", (spaces,), 0, "by space: deeds the draft hands over"),
        ("draft_in", (spaces,), 0, "by space: deeds the draft asks for"),
    ]
    out: list[Segment] = []
    start = 0
    for name, shape, low, meaning in parts:
        seg = Segment(name, start, shape, low, meaning)
        out.append(seg)
        start = seg.stop
    return tuple(out)


@dataclass(frozen=True)
class Draft:
    """An offer an agent is composing, action by action (`landlords_env.actions`)."""

    to: int
    give_cash: int = 0
    take_cash: int = 0
    give_deeds: tuple[int, ...] = ()
    take_deeds: tuple[int, ...] = ()
    give_cards: int = 0
    take_cards: int = 0
    steps: int = 0


QUIET: frozenset[str] = frozenset(
    {
        "seed_pledged", "turn_started", "dice_rolled", "player_moved", "route_chosen", "sent_on",
        "forced_move", "passed_go", "sent_to_jail", "jail_roll_failed", "left_jail", "jail_fine_paid",
        "jail_card_used", "card_drawn", "property_offered", "property_declined", "auction_started",
        "bid_placed", "auction_passed", "rent_paid", "tax_paid", "paid_to_bank", "bank_fee_paid",
        "paid_by_bank", "paid_to_player", "pot_collected", "credit_drawn", "trade_proposed",
        "trade_rejected", "trade_cancelled", "deal_proposed", "deal_accepted", "deal_rejected",
        "deal_cancelled", "debt_incurred", "jail_cards_transferred", "card_taken", "travel_cards_played",
        "held_card_played", "held_card_kept", "ride_declined", "backward_roll_set", "levy_thrown",
        "triple_play_thrown", "triple_play_won", "paid_into_box", "fee_paid", "tickets_dealt",
        "tickets_returned", "lot_offered", "stopped_short", "move_lost", "circuit_completed",
        "direction_chosen", "loan_proposed", "loan_rejected", "loan_cancelled", "went_to_poorhouse",
        "poorhouse_throw", "left_poorhouse", "pot_share_collected", "hand_transferred", "call_proposed",
        "call_answered", "reason_given",
    }
)  # fmt: skip
"""Events that leave every deed as it was (owner, buildings, mortgage): after them the observation's deeds
need no reading. A test holds this against the deeds themselves, command after command, in every edition."""

ONE_DEED: frozenset[str] = frozenset(
    {
        "property_bought", "auction_won", "building_auction_uncontested", "auction_unsold", "lot_sold",
        "building_bought", "building_placed", "building_sold", "buildings_returned", "mortgaged",
        "unmortgaged", "mortgage_kept", "deed_transferred", "deed_dealt",
    }
)  # fmt: skip
"""Events that change at most the deed on their own `space`. Any event in neither set (a trade, a
bankruptcy, an edition's own) has every deed read again."""

_NOTHING: Any = object()
_NO_DECISION = (-1, -1, 0, 0, -1, 0, -1)
"""decider, subject, auction and debt when the game waits for nothing (it is over)."""


class _Memory:
    """Cache of one observer's current array, part by part, so that a step rewrites only what changed."""

    __slots__ = (
        "buf", "decision", "deeds", "draft", "level", "mortgaged", "objs", "order", "owner", "raw",
        "relative", "touched", "trade",
    )  # fmt: skip

    def __init__(self, layout: ObservationLayout, me: int) -> None:
        n = layout.seats
        self.order = tuple((me + k) % n for k in range(n))  # the seats, from the observer's
        self.relative: dict[int | None, int] = {None: 0, **{p: (p - me) % n + 1 for p in range(n)}}
        self.buf = layout.empty()
        self.raw = memoryview(self.buf.data)  # its memory, which the packed parts are written into
        self.buf[0] = me
        self.deeds: Any = None  # the deeds' mapping last read (held: a fresh one never passes for it)
        self.objs: list[DeedState] = []  # its deeds, in board order
        self.owner: list[Any] = []  # each deed's owner, level and mortgage as written in the array
        self.level: list[int] = []
        self.mortgaged: list[Any] = []
        self.touched: set[int] | None = None  # deeds changed since the last read (`note`); None: any
        self.decision = -1
        self.trade: Any = _NOTHING
        self.draft: Any = _NOTHING


class ObservationLayout:
    """The arrays of one table: `segments` name the parts of the flat array, `encode` fills it."""

    def __init__(self, board: Board, seats: int, *, noted: bool = False) -> None:
        """`noted`: the events of every command applied to the game read from its live state are passed
        to `note`, so that a read looks again only at the deeds they changed; otherwise every read compares
        every deed."""
        self.board = board
        self.noted = noted
        self._place = {space: i for i, space in enumerate(board.deeds)}
        self.seats = seats
        self.spaces = board.size
        self.segments = _segments(seats, board.size)
        self.by_name = {s.name: s for s in self.segments}
        self.size = self.segments[-1].stop
        low = np.zeros(self.size, dtype=np.float32)
        for seg in self.segments:
            low[seg.start : seg.stop] = seg.low
        self.low = low
        self.high = _highs(self, board)
        self._decision = {kind: i for i, kind in enumerate(DECISIONS)}
        # the parts rewritten at every step, packed straight into the array's memory
        self._pack_hot = _packer(self.by_name)
        self._hot_at = 4 * self.by_name["players"].start
        self._owner_col = self.by_name["owner"].start
        self._level_col = self.by_name["level"].start
        self._mortgaged_col = self.by_name["mortgaged"].start
        self._tail = self.by_name["decision"].start
        self._auction = self._decision["auction"]
        self._debt = self._decision["debt"]
        self._offer = self.by_name["offer"].start
        self._draft = self.by_name["draft"].start
        self._memory: dict[int, _Memory] = {}

    def forget(self) -> None:
        """Clear the cached observer arrays: the next read of each writes it whole (after the game
        read was replaced, as `raw_env.restore` does)."""
        self._memory = {}

    def __getstate__(self) -> dict[str, Any]:
        """Pickle and deep-copy the layout without its cached arrays (a `memoryview` and a packer, which
        neither pickles): the copy's first read of each observer writes the array whole."""
        state = self.__dict__.copy()
        del state["_pack_hot"]
        state["_memory"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._pack_hot = _packer(self.by_name)

    def empty(self) -> np.ndarray:
        """Return the initial array: zeros, and -1 where -1 means none."""
        out = np.zeros(self.size, dtype=np.float32)
        for name in ("decider", "subject", "offer", "draft"):
            out[self.by_name[name].start] = -1
        out[self.by_name["auction"].start + 2] = -1
        out[self.by_name["debt"].start + 1] = -1
        owner = self.by_name["owner"].start
        deeds = set(self.board.deeds)
        for space in range(self.spaces):
            if space not in deeds:
                out[owner + space] = -1
        return out

    def encode(self, table: Any, me: int, draft: Draft | None = None) -> np.ndarray:
        """Encode the flat observation of seat `me`, read from a `GameView` or a `GameState` (the same
        fields): a new array, which the environment never changes afterwards."""
        mem = self._memory.get(me)
        if mem is None:
            mem = self._memory[me] = _Memory(self, me)
        buf = mem.buf
        n = self.seats
        players: Sequence[PlayerState] = table.players
        hot: list[Any] = []
        extend = hot.extend
        for k in mem.order:
            p = players[k]
            extend(
                (
                    p.cash,
                    p.position,
                    p.in_jail,
                    p.jail_turns,
                    len(p.jail_cards),
                    len(p.hand),
                    p.bankrupt,
                    p.circuits,
                )
            )
        bank = table.bank
        dice = table.last_dice or (0, 0)
        pend = table.pending
        extend((bank.houses, bank.hotels, table.turn, table.round, table.doubles, (table.current - me) % n))
        extend((dice[0], dice[1], table.pot))
        if pend is None:
            extend(_NO_DECISION)
            kind = -1
        else:
            kind = self._decision[pend.kind]
            space = getattr(pend, "space", None)
            if space is None:
                space = getattr(pend, "at", -1)
            extend(((pend.player - me) % n, space))
            if kind == self._auction:
                extend(
                    (
                        pend.next_minimum,
                        pend.high_bid,
                        -1 if pend.high_bidder is None else (pend.high_bidder - me) % n,
                    )
                )
            else:
                extend((0, 0, -1))
            if kind == self._debt:
                extend((pend.amount, -1 if pend.creditor is None else (pend.creditor - me) % n))
            else:
                extend((0, -1))
        self._pack_hot(mem.raw, self._hot_at, *hot)
        if kind != mem.decision:
            if mem.decision >= 0:
                buf[self._tail + mem.decision] = 0
            if kind >= 0:
                buf[self._tail + kind] = 1
            mem.decision = kind
        self._deeds(mem, table.deeds, me)
        trade = _open_trade(pend, me)
        if trade is not mem.trade:
            mem.trade = trade
            self._clear_offer(buf, self._offer)
            if trade is not None:
                proposer = trade.proposer == me
                mine, theirs = (trade.give, trade.take) if proposer else (trade.take, trade.give)
                other = trade.to if proposer else trade.proposer
                self._offer_part(
                    buf, self._offer, (other - me) % n, mine.cash, theirs.cash, mine.jail_cards,
                    theirs.jail_cards, mine.deeds, theirs.deeds,
                )  # fmt: skip
        if draft is not mem.draft:
            mem.draft = draft
            self._clear_offer(buf, self._draft)
            if draft is not None:
                self._offer_part(
                    buf, self._draft, (draft.to - me) % n, draft.give_cash, draft.take_cash,
                    draft.give_cards, draft.take_cards, draft.give_deeds, draft.take_deeds,
                )  # fmt: skip
        return buf.copy()

    def note(self, events: Sequence[Event]) -> None:
        """Record the events of a command just applied to the game this layout reads (with `noted`): the deeds
        they changed are read again at each observer's next read, and only those."""
        spaces: list[int] = []
        for event in events:
            kind = event.kind
            if kind in QUIET:
                continue
            if kind in ONE_DEED:
                spaces.append(event.space)  # type: ignore[union-attr,arg-type]
                continue
            for mem in self._memory.values():
                mem.touched = None
            return
        if spaces:
            for mem in self._memory.values():
                if mem.touched is not None:
                    mem.touched.update(spaces)

    def _deeds(self, mem: _Memory, deeds: Mapping[int, DeedState], me: int) -> None:
        """Write owner, buildings and mortgages by space, only where they changed."""
        touched = mem.touched
        if deeds is mem.deeds and touched is not None:  # told what changed since the last read
            if touched:
                self._reread(mem, touched)
                touched.clear()
            return
        if self.noted:
            mem.touched = set()
        if deeds is not mem.deeds:  # a state's deeds are changed in place, never replaced: read them once
            mem.deeds = deeds
            mem.objs = [deeds[s] for s in self.board.deeds]
            unread = len(mem.objs)  # what the array holds is not known: every deed is written anew
            mem.owner, mem.level, mem.mortgaged = [_NOTHING] * unread, [-1] * unread, [None] * unread
        objs = mem.objs
        buf = mem.buf
        owner = [d.owner for d in objs]
        if owner != mem.owner:  # each deed that changed hands written alone (most steps: none)
            rel = mem.relative
            at = self._owner_col
            for space, now, was in zip(self.board.deeds, owner, mem.owner, strict=True):
                if now != was:
                    buf[at + space] = rel[now]
            mem.owner = owner
        level = [d.level for d in objs]
        if level != mem.level:
            at = self._level_col
            for space, now, was in zip(self.board.deeds, level, mem.level, strict=True):
                if now != was:
                    buf[at + space] = now
            mem.level = level
        mortgaged = [d.mortgaged for d in objs]
        if mortgaged != mem.mortgaged:
            at = self._mortgaged_col
            for space, now, was in zip(self.board.deeds, mortgaged, mem.mortgaged, strict=True):
                if now != was:
                    buf[at + space] = now
            mem.mortgaged = mortgaged

    def _reread(self, mem: _Memory, spaces: set[int]) -> None:
        """Rewrite the deeds on `spaces` (the others are as the last read left them)."""
        buf = mem.buf
        for space in spaces:
            i = self._place[space]
            deed = mem.objs[i]
            owner, level, mortgaged = deed.owner, deed.level, deed.mortgaged
            if owner != mem.owner[i]:
                buf[self._owner_col + space] = mem.relative[owner]
                mem.owner[i] = owner
            if level != mem.level[i]:
                buf[self._level_col + space] = level
                mem.level[i] = level
            if mortgaged != mem.mortgaged[i]:
                buf[self._mortgaged_col + space] = mortgaged
                mem.mortgaged[i] = mortgaged

    def _clear_offer(self, buf: np.ndarray, at: int) -> None:
        buf[at : at + 5 + 2 * self.spaces] = 0
        buf[at] = -1

    def _offer_part(
        self,
        buf: np.ndarray,
        at: int,
        other: int,
        cash_out: int,
        cash_in: int,
        cards_out: int,
        cards_in: int,
        deeds_out: Sequence[int],
        deeds_in: Sequence[int],
    ) -> None:
        buf[at : at + 5] = (other, cash_out, cash_in, cards_out, cards_in)
        spaces = self.spaces
        for space in deeds_out:
            buf[at + 5 + space] = 1
        for space in deeds_in:
            buf[at + 5 + spaces + space] = 1

    def named(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Return the flat observation as named arrays (views of it, not copies): the dict form."""
        return {s.name: flat[s.start : s.stop].reshape(s.shape) for s in self.segments}


def _highs(layout: ObservationLayout, board: Board) -> np.ndarray:
    """Return each element's upper bound: 1 for a flag, the last seat or space for one, 6 for a die, the
    edition's own figures for its stock of buildings, its top building level, its cards; `HIGH` for money
    and the counts that grow with the game."""
    seats, spaces = layout.seats, layout.spaces
    edition = board.edition
    jail_cards = len(board.jail_card)
    cards = sum(len(deck) for deck in board.cards.values())
    columns = {
        "cash": HIGH, "position": spaces - 1, "in_jail": 1, "jail_turns": HIGH, "jail_cards": jail_cards,
        "cards_held": cards, "bankrupt": 1, "circuits": HIGH,
    }  # fmt: skip
    offer = (seats - 1, HIGH, HIGH, jail_cards, jail_cards, *([1] * (2 * spaces)))
    parts: dict[str, Sequence[float]] = {
        "seat": (seats - 1,),
        "players": [columns[c] for c in PLAYER_COLUMNS] * seats,
        "bank": (edition.bank.houses, edition.bank.hotels),
        "clock": (HIGH, HIGH, HIGH, seats - 1),
        "dice": (6, 6),
        "pot": (HIGH,),
        "decider": (seats - 1,),
        "subject": (spaces - 1,),
        "auction": (HIGH, HIGH, seats - 1),
        "debt": (HIGH, seats - 1),
        "decision": (1,) * len(DECISIONS),
        "owner": (seats,) * spaces,
        "level": (edition.max_level,) * spaces,
        "mortgaged": (1,) * spaces,
        "offer": offer[:5],
        "offer_out": offer[5 : 5 + spaces],
        "offer_in": offer[5 + spaces :],
        "draft": offer[:5],
        "draft_out": offer[5 : 5 + spaces],
        "draft_in": offer[5 + spaces :],
    }
    high = np.zeros(layout.size, dtype=np.float32)
    for seg in layout.segments:
        high[seg.start : seg.stop] = parts[seg.name]
    return high


BOARD_COLUMNS: tuple[str, ...] = (
    "deed", "street", "group", "rent_model", "price", "mortgage", "house_cost", "pays",
)  # fmt: skip
"""The columns of `board_data` before the rents: 1 a space with a title deed, 1 a deed that takes
buildings, its group (an index into `board_groups`, -1 none), its rent model (an index into
`rent_models`, -1 none), its price, its mortgage value, the cost of a building on it, and what landing on
or passing it pays (GO's salary). Then `rent_0`, `rent_1`, ...: its printed rents, as its rent model reads
them (a street's by building level, a station's by the number owned, a utility's multipliers by the
number owned), 0 past the last."""


def board_groups(board: Board) -> tuple[str, ...]:
    """Return the board's groups, in the order `board_data` numbers them (by name)."""
    return tuple(sorted(board.members))


def rent_models(board: Board) -> tuple[str, ...]:
    """Return the board's rent models (`engine.core.hooks.RENT_MODELS`), in the order `board_data` numbers
    them."""
    return tuple(sorted({m for m in board.rent_models if m is not None}))


def board_data(board: Board) -> tuple[tuple[str, ...], np.ndarray]:
    """Return the board's printed figures, which never change in a game, as one array: a row per space, the
    columns `BOARD_COLUMNS` then the rents (`rent_0`, ...). Its column names and the array."""
    rent = [_printed_rents(board, space) for space in range(board.size)]
    width = max((len(r) for r in rent), default=0)
    groups = {g: i for i, g in enumerate(board_groups(board))}
    models = {m: i for i, m in enumerate(rent_models(board))}
    deeds = set(board.deeds)
    streets = set(board.streets)
    out = np.zeros((board.size, len(BOARD_COLUMNS) + width), dtype=np.float32)
    for space in range(board.size):
        group = board.group_of[space]
        model = board.rent_models[space]
        rents = rent[space]
        out[space, : len(BOARD_COLUMNS)] = (
            space in deeds,
            space in streets,
            -1 if group is None else groups[group],
            -1 if model is None else models[model],
            board.price[space],
            board.mortgage[space],
            board.house_cost[space],
            board.pays[space],
        )
        out[space, len(BOARD_COLUMNS) : len(BOARD_COLUMNS) + len(rents)] = rents
    return (*BOARD_COLUMNS, *(f"rent_{k}" for k in range(width))), out


def _printed_rents(board: Board, space: int) -> Sequence[int]:
    """Return a deed's rents as printed: its own (a street's), or its group's tiers or multipliers."""
    if board.rent[space]:
        return board.rent[space]
    group = board.group_of[space]
    if group is None:
        return ()
    printed = board.edition.groups[group]
    return printed.tiers or printed.multipliers or ()


def _packer(by_name: Mapping[str, Segment]) -> Any:
    """Return a packer for the parts rewritten at every step (`players` to `debt`) straight into an array's
    memory."""
    size = by_name["debt"].stop - by_name["players"].start
    return struct.Struct(f"<{size}f").pack_into


def _open_trade(pend: Any, me: int) -> TradeOffer | None:
    """Return the trade awaiting an answer, if the observer is one of its two sides."""
    if pend is None or pend.kind != "trade_answer":
        return None
    trade: TradeOffer = pend.trade
    return trade if me in (trade.proposer, trade.to) else None
