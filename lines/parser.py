"""Parsing a typed line into the engine's commands, or a question about the table (offers, deals and
loans are read in `lines.offers`; each command is written back as its line in `lines.spelling`).

Words a person can guess: `roll`, `buy`, `bid 120`, `mortgage Baltic`, `offer bob: Park Place and 100 for
Boardwalk`. Where one word answers several decisions (`accept` an offer, a deal, a loan or a call; `pass`
on a deed, in an auction, on a luxury), the decision the game waits for says which. A line read here is
not yet allowed: the session asks the room, which gives the engine's reason for a refusal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import cast

from engine import (
    AcceptDeal,
    AcceptLoan,
    AcceptTrade,
    AgreeToCall,
    Build,
    BuyLot,
    BuyLuxury,
    BuyProperty,
    BuyTicketLot,
    CallGame,
    CancelDeal,
    CancelLoan,
    CancelTrade,
    ChooseDirection,
    ChooseIncomeTax,
    ChooseRoute,
    ClaimHalfWinnings,
    Command,
    DeclareBankruptcy,
    DeclineLuxury,
    DeclineProperty,
    DoneWithTickets,
    EndTurn,
    GoToPoorhouse,
    KeepCard,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlaceBid,
    PlayRefundCard,
    PlayTravelCards,
    RefuseCall,
    RejectDeal,
    RejectLoan,
    RejectTrade,
    RentLot,
    RollDice,
    RollWithTravelCard,
    SellBuilding,
    SellLot,
    TakeRide,
    Unmortgage,
    UseJailCard,
)
from lines import verbs
from lines.bundles import PARTS, amount
from lines.names import Miss, player_named, space_named
from lines.offers import borrow, counter, deal, lend, offer, repay
from lines.reading import Act, Ask, Reading, Table, clean, hand
from lines.spelling import spell
from room.board_words import group_named
from translation import N_, _

__all__ = ["QUESTIONS", "READERS", "Act", "Ask", "Reading", "Table", "clean", "read", "spell"]

QUESTIONS = {
    "status": "status",
    "me": "status",
    "who": "who",
    "players": "who",
    "deed": "deed",
    "where": "where",
    "board": "board",
    "chances": "chances",
    "help": "help",
    "?": "help",
    "commands": "help",
    "repeat": "repeat",
    "again": "repeat",
    "history": "history",
    "verbose": "verbose",
    "brief": "brief",
    "mine": "mine",
    "everyone": "everyone",
    "everything": "everyone",
    "save": "save",
    "quit": "quit",
    "exit": "quit",
    "bye": "quit",
    "yes": "yes",
    "y": "yes",
    "no": "no",
    "n": "no",
    "turn": "turn",
    "undo": "undo",
    "advice": "advice",
    "advise": "advice",
    "hint": "advice",
    "review": "review",
    "more": "more",
    "next": "more",
    "build": "build",  # `build` alone: what may be built, and at what price
}
"""Words that ask about the table or the line mode itself and change nothing in the game."""


def read(line: str, table: Table) -> Reading:
    """Parse a typed line."""
    words = clean(line)
    if isinstance(words, Miss):
        return words
    if not words:
        return Miss(_("Nothing typed. Type help for the commands that work now."))
    head, _space, rest = words.partition(" ")
    key = verbs.command(head.rstrip(":"))
    rest = verbs.inner(rest)
    if key in QUESTIONS and not (key == "build" and rest):
        return Ask(QUESTIONS[key], rest)
    handler = READERS.get(key)
    if handler is None:
        return Miss(
            _(
                "{word!r} is not a command. Type {help} for the commands that work now.",
                word=head[:30],
                help=verbs.word("help"),
            )
        )
    return handler(rest, table)


# --- the words for each decision ------------------------------------------------------------------


def _mine(table: Table, kinds: Sequence[type[Command]], fallback: Command) -> Act | Miss:
    """Return the one legal command of these kinds (the decision the game waits for), else the first kind's
    command as given, for the room to refuse with the engine's reason."""
    for cmd in table.legal:
        if type(cmd) in kinds:
            return Act((cmd,))
    return Act((fallback,))


def _plain(*kinds: type[Command]) -> Callable[[str, Table], Reading]:
    def reader(rest: str, table: Table) -> Reading:
        if rest:
            return Miss(
                _("That command takes nothing after it: type {word} alone.", word=_first_word(kinds[0]))
            )
        fallback: Command = cast(Callable[..., Command], kinds[0])(player=table.me)
        return _mine(table, kinds, fallback)

    return reader


def _first_word(kind: type[Command]) -> str:
    return verbs.word(next(w for w, k in _PLAIN_WORDS.items() if kind in k))


def _answer(*kinds: type[Command]) -> Callable[[str, Table], Reading]:
    """Parse `accept`, `refuse`, `withdraw`: whichever open offer, deal, loan or call the game waits on."""

    def reader(rest: str, table: Table) -> Reading:
        if rest and kinds[0] is not RejectTrade:
            return Miss(_("That command takes nothing after it."))
        for cmd in table.legal:
            if type(cmd) in kinds:
                return Act((cmd,))
        return Miss(_("There is nothing to answer now."))

    return reader


def _one_space(
    kind: Callable[..., Command], what: str, among: Callable[[Table], Sequence[int]]
) -> Callable[[str, Table], Reading]:
    """Parse `mortgage Baltic, Mediterranean`: one command for each space named."""

    def reader(rest: str, table: Table) -> Reading:
        if not rest:
            return Miss(
                _(
                    _NAME_THE.get(what, "Name the space: for example, {example}."),
                    example=" ".join((verbs.word(_EXAMPLE[what][0]), _EXAMPLE[what][1])),
                )
            )
        spaces = []
        for part in PARTS.split(rest):
            space = space_named(part, table.board, among(table), what)
            if isinstance(space, Miss):
                return space
            spaces.append(space)
        return Act(tuple(kind(player=table.me, space=s) for s in spaces))

    return reader


_EXAMPLE = {"deed": ("mortgage", "Baltic"), "lot": ("build", "Boardwalk"), "space": ("ride", "Boardwalk")}
_NAME_THE = {
    "deed": N_("Name the deed: for example, {example}."),
    "lot": N_("Name the lot: for example, {example}."),
    "space": N_("Name the space: for example, {example}."),
}


def _deeds(table: Table) -> Sequence[int]:
    return table.board.deeds


def _streets(table: Table) -> Sequence[int]:
    return table.board.streets


def _spaces(table: Table) -> Sequence[int]:
    return range(table.board.size)


def _steps(kind: type[Build] | type[SellBuilding]) -> Callable[[str, Table], Reading]:
    """Parse `build Boardwalk`, `build Boardwalk 3`, `build Park Place and Boardwalk 2`, `build orange 2`:
    that many buildings on each lot named (or on each lot of the colour group), in the order that keeps the
    group even (the lowest lot first when building, the highest when selling)."""

    def reader(rest: str, table: Table) -> Reading:
        count = 1
        tail = re.search(r"\s+(\d{1,2})$", rest)
        if tail:
            count, rest = int(tail.group(1)), rest[: tail.start()]
        if not 1 <= count <= 12:
            return Miss(_("Build or sell from 1 to 12 at a time."))
        lots = _group_named(rest, table)
        if lots is None:
            named = _one_space(kind, "lot", _streets)(rest, table)
            if not isinstance(named, Act):
                return named
            lots = [cmd.space for cmd in named.commands]  # type: ignore[union-attr]
        return Act(tuple(kind(player=table.me, space=s) for s in _even(lots, count, table, kind is Build)))

    return reader


def _group_named(text: str, table: Table) -> list[int] | None:
    """Return the lots of the colour group whose name is typed, in the current language or in English
    ("orange", "dark blue group", "azul oscuro"), or None."""
    board = table.board
    words = text.casefold().strip().removesuffix(" group").removeprefix("group ")
    gid = group_named(words, board)
    lots = board.members.get(gid or "", ())
    return list(lots) if lots and lots in board.street_groups else None


def _even(lots: Sequence[int], count: int, table: Table, up: bool) -> list[int]:
    """Return `count` steps on each lot, each step on the lot that keeps the lots most even."""
    level = {s: table.view.deeds[s].level for s in lots}
    order = {s: i for i, s in enumerate(lots)}
    out = []
    for _n in range(count * len(set(lots))):
        space = min(level, key=lambda s: ((level[s] if up else -level[s]), order[s]))
        out.append(space)
        level[space] += 1 if up else -1
    return out


def _sell(rest: str, table: Table) -> Reading:
    first, _space, tail = rest.partition(" ")
    if first.casefold() == "lot":
        return _one_space(SellLot, "lot", _streets)(tail, table)
    return _steps(SellBuilding)(rest, table)


def _keep(rest: str, table: Table) -> Reading:
    first, _space, tail = rest.partition(" ")
    if first.casefold() == "card" and not tail:
        return Act((KeepCard(player=table.me),))
    if verbs.command(first) == "mortgage":
        rest = tail
    for cmd in table.legal:
        if isinstance(cmd, KeepMortgage) and not rest:
            return Act((cmd,))
        if isinstance(cmd, KeepCard) and not rest:
            return Act((cmd,))
    if not rest:
        return Miss(_("Keep what? keep card, or keep mortgage and the deed's name."))
    return _one_space(KeepMortgage, "deed", _deeds)(rest, table)


def _bid(rest: str, table: Table) -> Reading:
    sum_ = amount(rest)
    if sum_ is None or sum_ <= 0:
        least = next((c.amount for c in table.legal if isinstance(c, PlaceBid)), None)
        hint = f"{verbs.word('bid')} {least or 120}"
        return Miss(_("Say how much: for example, {hint}.", hint=hint))
    return Act((PlaceBid(player=table.me, amount=sum_),))


def _pay(rest: str, table: Table) -> Reading:
    if rest.casefold() not in ("", "fine", "the fine"):
        return Miss(_("Type pay fine to pay your way out of jail."))
    return Act((PayJailFine(player=table.me),))


def _use(rest: str, table: Table) -> Reading:
    if rest.casefold() not in ("card", "jail card", "the card"):
        return Miss(_("Type use card to leave jail with a Get Out of Jail Free card."))
    return Act((UseJailCard(player=table.me),))


def _tax(rest: str, table: Table) -> Reading:
    word = rest.casefold().strip()
    if word in ("flat", "fixed", "200", "$200"):
        return Act((ChooseIncomeTax(player=table.me, option="flat"),))
    if word in ("percent", "10%", "10 percent", "percentage"):
        return Act((ChooseIncomeTax(player=table.me, option="percent"),))
    return Miss(_("Type tax flat or tax percent."))


def _card_at(word: str, table: Table) -> str | Miss:
    held = hand(table)
    if not word.isdigit() or not 1 <= int(word) <= len(held):
        if not held:
            return Miss(_("You hold no travel cards."))
        return Miss(
            _("Name a card by its number in your hand, from 1 to {n} (status lists them).", n=len(held))
        )
    return held[int(word) - 1]


def _travel(rest: str, table: Table) -> Reading:
    cards = []
    for word in rest.replace(",", " ").replace(" then ", " ").split():
        card = _card_at(word, table)
        if isinstance(card, Miss):
            return card
        cards.append(card)
    if not cards:
        return Miss(_("Type travel and the numbers of the cards to play, for example travel 1."))
    return Act((PlayTravelCards(player=table.me, cards=tuple(cards)),))


def _roll(rest: str, table: Table) -> Reading:
    if not rest:
        return Act((RollDice(player=table.me),))
    first, _space, tail = rest.partition(" ")
    if first.casefold() != "with":
        return Miss(_("Type roll, or roll with and a travel card's number."))
    card = _card_at(tail.strip(), table)
    return card if isinstance(card, Miss) else Act((RollWithTravelCard(player=table.me, card=card),))


def _claim(rest: str, table: Table) -> Reading:
    who = player_named(rest, table.names)
    return who if isinstance(who, Miss) else Act((ClaimHalfWinnings(player=table.me, target=who),))


def _direction(word: str) -> Callable[[str, Table], Reading]:
    def reader(rest: str, table: Table) -> Reading:
        return Act((ChooseDirection(player=table.me, direction=word),))

    return reader


def _go(rest: str, table: Table) -> Reading:
    word = rest.casefold()
    if word in ("forward", "backward"):
        return _direction(word)("", table)
    return _one_space(ChooseRoute, "space", _spaces)(rest, table)


def _refuse(rest: str, table: Table) -> Reading:
    if rest and rest.lstrip(":").strip():
        return counter(rest, table)
    return _answer(RejectTrade, RejectDeal, RejectLoan, RefuseCall)("", table)


def _call(rest: str, table: Table) -> Reading:
    if rest.casefold() not in ("", "game", "the game"):
        return Miss(_("Type call game to propose ending the game now."))
    return Act((CallGame(player=table.me),))


def _declare(rest: str, table: Table) -> Reading:
    if rest.casefold() not in ("", "bankruptcy", "bankrupt"):
        return Miss(_("Type bankrupt to give up and leave the game."))
    cmd = DeclareBankruptcy(player=table.me)
    return Act((cmd,), confirm=_("You declare yourself bankrupt and leave the game."))


_PLAIN_WORDS: dict[str, tuple[type[Command], ...]] = {
    "buy": (BuyProperty, BuyLot, BuyLuxury),
    "decline": (DeclineProperty, DeclineLuxury),
    "pass": (PassAuction, DeclineProperty, DeclineLuxury, KeepCard, DoneWithTickets),
    "end": (EndTurn,),
    "done": (EndTurn, DoneWithTickets),
    "rent": (RentLot,),
    "poorhouse": (GoToPoorhouse,),
    "refund": (PlayRefundCard,),
    "play": (PlayRefundCard,),
}

READERS: dict[str, Callable[[str, Table], Reading]] = {
    **{word: _plain(*kinds) for word, kinds in _PLAIN_WORDS.items()},
    "roll": _roll,
    "bid": _bid,
    "build": _steps(Build),
    "sell": _sell,
    "mortgage": _one_space(Mortgage, "deed", _deeds),
    "unmortgage": _one_space(Unmortgage, "deed", _deeds),
    "lift": _one_space(Unmortgage, "deed", _deeds),
    "keep": _keep,
    "pay": _pay,
    "use": _use,
    "tax": _tax,
    "offer": offer,
    "trade": offer,
    "counter": counter,
    "accept": _answer(AcceptTrade, AcceptDeal, AcceptLoan, AgreeToCall),
    "agree": _answer(AgreeToCall, AcceptTrade, AcceptDeal, AcceptLoan),
    "refuse": _refuse,
    "reject": _refuse,
    "withdraw": _answer(CancelTrade, CancelDeal, CancelLoan),
    "deal": deal,
    "route": _one_space(ChooseRoute, "space", _spaces),
    "go": _go,
    "forward": _direction("forward"),
    "backward": _direction("backward"),
    "travel": _travel,
    "ride": _one_space(TakeRide, "space", _spaces),
    "claim": _claim,
    "ticket": _one_space(BuyTicketLot, "lot", _deeds),
    "borrow": borrow,
    "lend": lend,
    "repay": repay,
    "call": _call,
    "bankrupt": _declare,
    "declare": _declare,
}
