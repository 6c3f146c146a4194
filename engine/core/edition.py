"""Edition data: the board, the track, the decks, the printed figures and the names of the rule hooks.

An edition is data plus the names of a few rule hooks (`EditionHooks`, space kinds, rent models, card
effects, link conditions), each resolved through `engine.core.registry`. Editions differ by their data file
(which may extend another edition and replace some of its top-level keys), never by `if edition == ...` in
the rules. The packaged editions live in `engine/data/*.json`; `register_edition` adds one from data
already read (a test's board, a player's own edition).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.catalogue import EDITIONS
from engine.core.rule_ids import RuleId


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


# --- card effects -------------------------------------------------------------------------------


class AdvanceTo(_Data):
    kind: Literal["advance_to"] = "advance_to"
    space: int
    salary: bool = True  # False: "Do not collect $200" (nothing for passing or landing on a space that pays)


class AdvanceToNearest(_Data):
    """Move forward to the nearest space of a group; rent is then changed as the card specifies."""

    kind: Literal["advance_to_nearest"] = "advance_to_nearest"
    group: str
    rent_multiplier: int | None = None  # "pay twice the rental" -> 2
    dice_multiplier: int | None = None  # "throw dice and pay ten times the amount thrown" -> 10


class MoveBy(_Data):
    kind: Literal["move_by"] = "move_by"
    steps: int


class GoToJail(_Data):
    kind: Literal["go_to_jail"] = "go_to_jail"


class Collect(_Data):
    kind: Literal["collect"] = "collect"
    amount: int = Field(gt=0)


class Pay(_Data):
    kind: Literal["pay"] = "pay"
    amount: int = Field(gt=0)


class JailFree(_Data):
    kind: Literal["jail_free"] = "jail_free"


class Repairs(_Data):
    kind: Literal["repairs"] = "repairs"
    per_house: int
    per_hotel: int


class PayEachPlayer(_Data):
    kind: Literal["pay_each_player"] = "pay_each_player"
    amount: int = Field(gt=0)


class CollectFromEachPlayer(_Data):
    kind: Literal["collect_from_each_player"] = "collect_from_each_player"
    amount: int = Field(gt=0)


class FreeRide(_Data):
    """Move forward to the nearest space of a kind (a railroad) and take its ride without its charge."""

    kind: Literal["free_ride"] = "free_ride"
    space_kind: str


class ExtraThrow(_Data):
    """Throw the dice again and move by the throw, at once (a throw given by a card)."""

    kind: Literal["extra_throw"] = "extra_throw"


class PayPerDeed(_Data):
    """Pay `amount` for each title deed the drawer holds, mortgaged or not."""

    kind: Literal["pay_per_deed"] = "pay_per_deed"
    amount: int = Field(gt=0)


class CollectOnRing(_Data):
    """Collect `amount` if the drawer's token stands on ring `ring` of the track (0 the outer)."""

    kind: Literal["collect_on_ring"] = "collect_on_ring"
    amount: int = Field(gt=0)
    ring: int = Field(ge=0)


class DrawToHand(_Data):
    """Take the top card of another deck into your hand."""

    kind: Literal["draw_to_hand"] = "draw_to_hand"
    deck: str


class Keep(_Data):
    """A card held until needed (or sold), then played at the moment `use` names and returned to the
    bottom of its deck: "full_refund" (the whole pool at the refund space), "half_winnings" (half of
    another player's triple play winnings)."""

    kind: Literal["keep"] = "keep"
    use: Literal["full_refund", "half_winnings"]


class Travel(_Data):
    """A travel card, held and played instead of a throw: `steps` along the track (negative: back)."""

    kind: Literal["travel"] = "travel"
    steps: int

    @model_validator(mode="after")
    def _moves(self) -> Travel:
        if self.steps == 0:
            raise ValueError("a travel card moves at least one step")
        return self


class TriplePlayNumbers(_Data):
    """A triple play card, held face up: the three dice numbers it scores on when a triple play is thrown."""

    kind: Literal["triple_play_numbers"] = "triple_play_numbers"
    numbers: tuple[int, int, int]

    @model_validator(mode="after")
    def _dice(self) -> TriplePlayNumbers:
        if any(not 1 <= n <= 6 for n in self.numbers):
            raise ValueError("triple play numbers are dice numbers, 1 to 6")
        return self


CardEffect = Annotated[
    AdvanceTo
    | AdvanceToNearest
    | MoveBy
    | GoToJail
    | Collect
    | Pay
    | JailFree
    | Repairs
    | PayEachPlayer
    | CollectFromEachPlayer
    | FreeRide
    | ExtraThrow
    | PayPerDeed
    | CollectOnRing
    | DrawToHand
    | Keep
    | Travel
    | TriplePlayNumbers,
    Field(discriminator="kind"),
]

HAND_EFFECTS: frozenset[str] = frozenset({"keep", "travel", "triple_play_numbers"})
"""Card effects of cards that players hold in their hands (a Get Out of Jail Free card is held apart)."""


class Card(_Data):
    id: str
    text: str
    effect: CardEffect

    @property
    def kept(self) -> bool:
        """Held by whoever draws it instead of going back under its deck at once."""
        return self.effect.kind == "jail_free" or self.effect.kind in HAND_EFFECTS


class Deck(_Data):
    name: str
    cards: list[Card]
    deal: int = Field(default=0, ge=0)  # cards dealt into each player's hand before the first turn
    hidden: bool = False  # cards held from this deck are face down: only their holder sees them

    @model_validator(mode="after")
    def _unique_ids(self) -> Deck:
        ids = [c.id for c in self.cards]
        if len(ids) != len(set(ids)):
            raise ValueError(f"deck {self.name}: card ids must be unique")
        return self


# --- board ---------------------------------------------------------------------------------------

SpaceKind = str
"""A space kind names its action in `engine.core.registry.SPACE_ACTIONS` ("go", "street", "card", ...)."""
DEED_KINDS: frozenset[str] = frozenset({"street", "railroad", "utility", "lot"})
MORTGAGE_KINDS: frozenset[str] = frozenset({"street", "railroad", "utility"})
"""Deeds that carry a printed mortgage value (a lot for sale or rent has none)."""
AMOUNT_KINDS: frozenset[str] = frozenset({"ride", "bonus", "theatre", "sweepstakes"})
"""Special spaces whose action works with the space's `amount`."""


class Space(_Data):
    name: str
    short: str  # at most 8 characters, for compact boards
    kind: SpaceKind
    group: str | None = None
    price: int | None = None
    mortgage: int | None = None
    rent: list[int] | None = None  # streets: one rent per building level, from the bare lot up
    house_cost: int | None = None
    deck: str | None = None
    tax: str | None = None
    pays: int | None = Field(default=None, gt=0)
    """Paid to a token that lands on or passes the space going forward (GO pays the salary unasked)."""
    amount: int | None = Field(default=None, ge=0)
    """The figure a special space works with: a fare, a fee, a reward, a price per seat, a multiple."""
    to: int | None = None
    """Where a space sends the token that stops on it (the Surprise Move's corners)."""
    figures: list[int] | None = None
    """The figures a special space's action reads (a levy by the throw, prizes, a share of the pool)."""
    fee: int | None = Field(default=None, gt=0)
    """Paid by a player who stops here (a tax, a fare, a luxury's price, a franchise's toll)."""
    award: int | None = Field(default=None, gt=0)
    """Paid to a player who stops here (a legacy)."""
    counts: int | None = Field(default=None, gt=0)
    """What a ticket bought here counts at the end of the game (a luxury ticket)."""
    color: str | None = None  # the colour band of a space outside any group (a theme's group colour)
    box: str | None = None
    """The money box (`Edition.boxes`) the space's payments go into or come out of: a lot's price and
    its rent while unowned, a fee, an award, the wages a paying space hands over."""

    @property
    def is_deed(self) -> bool:
        return self.kind in DEED_KINDS

    @model_validator(mode="after")
    def _complete(self) -> Space:
        if len(self.short) > 8:
            raise ValueError(f"{self.name}: short name longer than 8 characters")
        if self.kind in DEED_KINDS and (self.group is None or self.price is None):
            raise ValueError(f"{self.name}: a deed needs a group and a price")
        if self.kind == "lot" and (self.rent is None or len(self.rent) != 1):
            raise ValueError(f"{self.name}: a lot has one rent")
        if self.kind == "street" and (self.rent is None or len(self.rent) < 2 or self.house_cost is None):
            raise ValueError(f"{self.name}: a street needs a rent per building level and a house cost")
        if self.kind == "card" and self.deck is None:
            raise ValueError(f"{self.name}: a card space names its deck")
        if self.kind == "tax" and self.tax is None:
            raise ValueError(f"{self.name}: a tax space names its tax")
        if self.kind in AMOUNT_KINDS and self.amount is None:
            raise ValueError(f"{self.name}: a {self.kind} space needs its amount")
        if self.kind == "onward" and self.to is None:
            raise ValueError(f"{self.name}: an onward space names where it sends the token")
        return self


class Group(_Data):
    name: str
    color: str  # a colour name for themes; the TUI maps it
    rent_model: str  # names a rent model in `engine.core.registry.RENT_MODELS`
    tiers: list[int] | None = None  # count_tiers: rent by number owned
    multipliers: list[int] | None = None  # dice_multiplier: times the dice by number owned


class Tax(_Data):
    name: str
    flat: int
    percent: int | None = None  # offers the choice "flat or percent of worth"
    worth: Literal["printed_prices", "mortgage_values"] = "printed_prices"
    rule: RuleId = "tax.penalty"  # the rule the tax is charged under (`engine.core.rule_ids`)


class JailRules(_Data):
    space: int
    fine: int
    max_turns: int | None = 3  # None: stay until a double or the fine, however long
    fine_before_roll_turns: int | None = 2  # on which jail turns the fine may be paid before rolling
    beside: bool = False
    """The jail is drawn beside `space`, which is a space of its own kind (not a jail corner)."""
    box: str | None = None  # the money box the fine goes into (None: the bank)


class BankSupply(_Data):
    houses: int
    hotels: int


class LargeGame(_Data):
    """Figures for a crowded table: more than `above` players start with `cash` plus a bank credit."""

    above: int
    cash: int
    credit: int


class DealtStart(_Data):
    """An official variant that deals deeds at the start (the Short Game and the Time Limit game)."""

    deal_deeds: int
    deeds_free: bool
    houses_before_hotel: int = 4
    flat_income_tax: bool = False
    pay_fine_after_failed_roll: bool = False
    mortgaged_at_half: bool = False
    ending: str  # names the rule in `engine.core.registry.END_RULES` that ends the variant's game


class MoneyBox(_Data):
    """A box in the middle of the board that money is paid into or out of (the Public Treasury, the
    wages). The table keeps a running total for each: what went in less what came out."""

    name: str
    pays_out: bool = True  # False: money only goes in, so its total is never negative
    article: bool = True  # False: a name said bare, as the board writes it ("from Wages", never "the Wages")


class LotTickets(_Data):
    """Tickets naming the lots, some drawn at the start so that their drawers may buy those lots first."""

    drawn: int = Field(gt=0)  # drawn in all, one at a time round the table
    cash_without: int = Field(ge=0)  # the starting cash when the game is played without them


class Poorhouse(_Data):
    """Instead of bankruptcy: a player who cannot pay goes here and throws until he has made `pips`."""

    space: int  # the space it is drawn beside
    pips: int = Field(gt=0)  # the throws' total that brings him out
    leads_to: int  # where he comes out (and is paid as for passing it)


class LoanRules(_Data):
    """Borrowing: from the bank in whole notes against pledged lots, and between players on any terms."""

    note: int = Field(gt=0)  # one bank note's principal
    margin: int = Field(ge=0)  # the pledged lots must be worth this much more than the notes
    interest: int = Field(ge=0)  # per note, paid at each of the borrower's wages
    box: str  # the money box the bank lends from and is repaid into
    between_players: bool = True


class Link(_Data):
    """A way from one ring of the track to another: a token leaving `at` may go on from `to` instead.

    `when` names a condition in `engine.core.registry.LINK_CONDITIONS`: the parity of the move's steps, the
    mover's choice, or a card move. Changing rings uses no step.
    """

    at: int
    to: int
    when: str


class TrackData(_Data):
    """The board's path: rings of spaces, each walked in its order (and back), and links between them."""

    rings: list[list[int]]
    links: list[Link] = Field(default_factory=list)


class EditionHooks(_Data):
    """The rule hooks an edition names, each resolved in its table in `engine.core.hooks`."""

    throw_again: str = "doubles"  # which throws earn another throw in the turn
    building: str = "complete_group"  # when a lot may take its next building level
    arrival: str = "none"  # what happens as a token comes to rest, before the space's own action
    ending: str = "last_solvent"  # how the game ends and who wins
    pot: str = "free_parking"  # which payments to the bank go to a pot on the table instead
    track: str = "as_printed"  # how the edition's own rule options change the track
    throw: str = "standard"  # what a throw of the dice does (move, doubles, jail)
    opening: str = "none"  # what happens before the first throw (a deal of lot tickets)


class EditionOption(_Data):
    """A rule option of the edition's own (an alternative its source describes), off by default.

    A "flag" is 0 or 1; a "number" is a figure between `minimum` and `maximum`; a "space" is a space of
    the board, on ring `ring` when given. An option the program cannot play (`supported` false) is
    described in the help and never offered."""

    label: str
    help: str
    kind: Literal["flag", "number", "space"] = "flag"
    default: int = 0
    minimum: int = 0
    maximum: int | None = None
    ring: int | None = None
    supported: bool = True


class Edition(_Data):
    id: str
    name: str
    year: str
    description: str
    min_players: int = 2
    max_players: int = 8
    starting_cash: int
    starting_cash_by_players: dict[int, int] = Field(default_factory=dict)
    """Starting cash for a given number of players, where it differs from `starting_cash`."""
    salary: int
    large_game: LargeGame | None = None
    bank: BankSupply
    jail: JailRules | None = None  # None: the edition has no jail (and no Go To Jail, cards or doubles rule)
    auction_min_bid: int
    mortgage_interest_percent: int = 10
    mortgages: bool = True
    houses_before_hotel: int = 4
    hotels: bool = True  # a hotel is the building level above the most houses a lot takes
    doubles_limit: int | None = Field(default=3, ge=1)  # this many doubles in one turn go to jail
    lot_limit: int | None = Field(default=None, ge=1)
    """The most deeds one player may hold (Finance's eight ownership markers); None: no limit."""
    houses_with_lot: int = Field(default=0, ge=0)
    """Houses the bank puts on a lot when it sells it ("a house and lot"). Such a lot is never bare while
    owned, so it changes hands with its houses."""
    bank_buys_lots: bool = False
    """The bank buys back a lot with its houses at any time, for half their printed value."""
    auction_returned_deeds: bool = True
    """Deeds a bankrupt returns to the bank are auctioned (else they simply wait for a buyer)."""
    colour_groups: bool = True
    """Lots come in colour groups that rent and build together; False: each lot stands alone."""
    house_sales: bool = False
    """Players may sell houses to one another in a trade; the buyer puts them on his own lots at once."""
    forced_move_steps: int = Field(default=5, ge=1)
    """How far back a rival's token goes when another comes to rest on its space (the forced move)."""
    hooks: EditionHooks = Field(default_factory=EditionHooks)
    track: TrackData | None = None  # None: one ring, the spaces in order
    groups: dict[str, Group]
    taxes: dict[str, Tax]
    spaces: list[Space]
    decks: dict[str, Deck]
    short_game: DealtStart | None = None  # None: the edition has no Short Game
    time_limit: DealtStart | None = None  # None: the edition has no Time Limit game
    rules_summary: list[str]
    options: dict[str, EditionOption] = Field(default_factory=dict)
    """The edition's own rule options, by name (`RuleOptions.edition_rules` sets them)."""
    boxes: dict[str, MoneyBox] = Field(default_factory=dict)
    lot_tickets: LotTickets | None = None
    poorhouse: Poorhouse | None = None
    loans: LoanRules | None = None
    circuits: int | None = Field(default=None, gt=0)
    """Times round the board after which the game ends (the ending rule says how), if it ends so."""
    differences: list[str] = Field(default_factory=list)
    """What differs from the classic game, for the help screen."""

    @property
    def max_level(self) -> int:
        """The highest building level a lot takes: the most houses, and a hotel above them."""
        return self.houses_before_hotel + (1 if self.hotels else 0)

    @model_validator(mode="after")
    def _consistent(self) -> Edition:
        n = len(self.spaces)
        levels = self.max_level + 1 - self.houses_with_lot  # the levels a lot can stand at while owned
        for i, s in enumerate(self.spaces):
            if s.kind == "street" and s.rent is not None and len(s.rent) != levels:
                raise ValueError(
                    f"space {i} ({s.name}): needs {_number(levels)} rents, one per building level"
                )
            if s.kind in MORTGAGE_KINDS and self.mortgages and s.mortgage is None:
                raise ValueError(f"space {i} ({s.name}): a deed needs its mortgage value")
            if s.to is not None and not 0 <= s.to < n:
                raise ValueError(f"space {i} ({s.name}): sends the token to no space")
        self._check_track(n)
        for i, s in enumerate(self.spaces):
            if s.group is not None and s.group not in self.groups:
                raise ValueError(f"space {i} ({s.name}): unknown group {s.group}")
            if s.deck is not None and s.deck not in self.decks:
                raise ValueError(f"space {i} ({s.name}): unknown deck {s.deck}")
            if s.tax is not None and s.tax not in self.taxes:
                raise ValueError(f"space {i} ({s.name}): unknown tax {s.tax}")
        self._check_jail(n)
        if self.houses_with_lot > self.houses_before_hotel:
            raise ValueError("houses_with_lot: more houses than a lot takes")
        self._check_boxes(n)
        for deck in self.decks.values():
            for card in deck.cards:
                eff = card.effect
                if isinstance(eff, AdvanceTo) and not 0 <= eff.space < n:
                    raise ValueError(f"card {card.id}: no space {eff.space}")
                if isinstance(eff, AdvanceToNearest) and eff.group not in self.groups:
                    raise ValueError(f"card {card.id}: unknown group {eff.group}")
                if isinstance(eff, FreeRide) and not any(s.kind == eff.space_kind for s in self.spaces):
                    raise ValueError(f"card {card.id}: no {eff.space_kind} space to ride to")
                if isinstance(eff, DrawToHand) and eff.deck not in self.decks:
                    raise ValueError(f"card {card.id}: unknown deck {eff.deck}")
        for name, option in self.options.items():
            if option.kind == "space" and not 0 <= option.default < n:
                raise ValueError(f"option {name}: no space {option.default}")
            if option.ring is not None and not 0 <= option.ring < len(
                self.track.rings if self.track else [0]
            ):
                raise ValueError(f"option {name}: no ring {option.ring}")
        for gid, g in self.groups.items():
            members = [s for s in self.spaces if s.group == gid]
            if not members:
                raise ValueError(f"group {gid} has no spaces")
            if g.rent_model == "count_tiers" and (g.tiers is None or len(g.tiers) < len(members)):
                raise ValueError(f"group {gid}: count_tiers needs a tier per member")
            if g.rent_model == "dice_multiplier" and (
                g.multipliers is None or len(g.multipliers) < len(members)
            ):
                raise ValueError(f"group {gid}: dice_multiplier needs a multiplier per member")
        return self

    def _check_jail(self, n: int) -> None:
        if self.jail is not None:
            if (
                not 0 <= self.jail.space < n
                or (self.spaces[self.jail.space].kind != "jail") != self.jail.beside
            ):
                raise ValueError("jail.space must name the jail, or the space it is drawn beside")
            return
        if any(s.kind in ("jail", "go_to_jail") for s in self.spaces):
            raise ValueError("a jail space needs the jail rules")
        if self.doubles_limit is not None:
            raise ValueError("doubles_limit sends a player to jail: an edition without a jail has none")
        for deck in self.decks.values():
            if any(isinstance(c.effect, GoToJail | JailFree) for c in deck.cards):
                raise ValueError(f"deck {deck.name}: a jail card in an edition without a jail")

    def _check_boxes(self, n: int) -> None:
        named = [s.box for s in self.spaces] + [
            self.jail.box if self.jail else None,
            self.loans.box if self.loans else None,
        ]
        for box in named:
            if box is not None and box not in self.boxes:
                raise ValueError(f"no money box {box!r}")
        if self.poorhouse is not None and not (
            0 <= self.poorhouse.space < n and 0 <= self.poorhouse.leads_to < n
        ):
            raise ValueError("the poorhouse must stand beside a space and lead to one")

    def _check_track(self, n: int) -> None:
        if self.track is None:
            return
        seen = [s for ring in self.track.rings for s in ring]
        if sorted(seen) != list(range(n)):
            raise ValueError("track: the rings must hold every space exactly once")
        if any(len(ring) < 2 for ring in self.track.rings):
            raise ValueError("track: a ring needs at least two spaces")
        for link in self.track.links:
            if not (0 <= link.at < n and 0 <= link.to < n) or link.at == link.to:
                raise ValueError(f"track: link {link.at} -> {link.to} does not join two spaces")


def _number(n: int) -> str:
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[n] if 0 <= n < len(words) else str(n)


_REGISTERED: dict[str, dict[str, Any]] = {}


def _read(name: str) -> dict[str, Any]:
    if name in _REGISTERED:
        return dict(_REGISTERED[name])
    text = resources.files("engine.data").joinpath(f"{name}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def base_of(name: str) -> str | None:
    """Return the edition `name` extends, if any (a packaged one, or one registered since)."""
    if name not in known_editions():
        return None
    base = _read(name).get("extends")
    return base if isinstance(base, str) else None


def known_editions() -> tuple[str, ...]:
    """Return every edition a game may be played in: the packaged ones and any registered since."""
    return EDITIONS + tuple(e for e in _REGISTERED if e not in EDITIONS)


def register_edition(data: Mapping[str, Any]) -> Edition:
    """Add an edition from its data (already read, as from a JSON file) and return it validated.

    It may `extend` a packaged edition. Registering the same id again replaces it.
    """
    edition_id = data.get("id")
    if not isinstance(edition_id, str) or not edition_id:
        raise ValueError("an edition needs an id")
    _REGISTERED[edition_id] = dict(data)
    load_edition.cache_clear()
    try:
        return load_edition(edition_id)
    except Exception:
        del _REGISTERED[edition_id]
        raise


def edition_named(text: str) -> str | None:
    """Return an offered edition as people write it: its id or its name, in any case ("Classic",
    "darrow-1935"); None if it names none."""
    from engine.core.catalogue import EDITIONS

    wanted = text.strip().casefold()
    return next((e for e in EDITIONS if wanted in (e.casefold(), load_edition(e).name.casefold())), None)


@cache
def load_edition(name: str) -> Edition:
    """Load and validate an edition; `extends` names a base whose top-level keys this file replaces."""
    if name not in known_editions():
        raise ValueError(f"unknown edition {name!r}; known: {', '.join(known_editions())}")
    data = _read(name)
    base = data.pop("extends", None)
    if base is not None:
        merged = _read(base)
        merged.pop("extends", None)
        merged.update(data)
        data = merged
    return Edition.model_validate(data)
