"""Reading a typed line into the engine's commands (or a question about the table), and writing each
command back as the line that reads into it.

Words a person can guess: `roll`, `buy`, `bid 120`, `mortgage Baltic`, `offer bob: Park Place and 100 for
Boardwalk`. Where one word answers several decisions (`accept` an offer, a deal, a loan or a call; `pass`
on a deed, in an auction, on a luxury), the decision the game waits for says which. A line read here is
not yet allowed: the session asks the room, which gives the engine's reason for a refusal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from engine import (
    AcceptDeal,
    AcceptLoan,
    AcceptTrade,
    AgreeToCall,
    Board,
    BorrowFromBank,
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
    DealPart,
    DeclareBankruptcy,
    DeclineLuxury,
    DeclineProperty,
    DoneWithTickets,
    EndTurn,
    GameView,
    GoToPoorhouse,
    KeepCard,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlaceBid,
    PlayRefundCard,
    PlayTravelCards,
    ProposeDeal,
    ProposeLoan,
    ProposeTrade,
    RefuseCall,
    RejectDeal,
    RejectLoan,
    RejectTrade,
    RentLot,
    RepayLoan,
    RollDice,
    RollWithTravelCard,
    SellBuilding,
    SellLot,
    TakeRide,
    Unmortgage,
    UseJailCard,
)
from lines.bundles import amount, bundle_words, read_bundle
from lines.names import Miss, player_named, space_named, space_word

LONGEST = 300
"""Characters a line may hold: the longest offer fits many times over."""

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
    "build": "build",  # `build` alone: what may be built, and at what price
}
"""Words that ask about the table or the line mode itself and change nothing in the game."""


@dataclass(frozen=True)
class Table:
    """What reading a line needs: the board, the names, whose line it is, what they see and may do."""

    board: Board
    names: Sequence[str]
    me: int
    view: GameView
    legal: Sequence[Command]
    waiting: str = ""
    """What the game waits for, in the engine's words ("Ada to roll")."""


@dataclass(frozen=True)
class Act:
    """Commands to give, in order; with `confirm`, the sentence that reads them back before they go."""

    commands: tuple[Command, ...]
    confirm: str | None = None


@dataclass(frozen=True)
class Ask:
    """A question about the table (`status`, `deed Boardwalk`) or a setting of the line mode."""

    topic: str
    argument: str = ""


Reading = Act | Ask | Miss


def clean(line: str) -> str | Miss:
    """The line as words, or why it cannot be read (control characters, far too long)."""
    if len(line) > LONGEST:
        return Miss(f"That line is {len(line):,} characters long; a command takes fewer than {LONGEST}.")
    if any((ord(ch) < 32 and ch != "\t") or ord(ch) == 127 for ch in line.rstrip("\r\n")):
        return Miss("That line held control characters; type plain words, then press Enter.")
    return " ".join(line.split())


def read(line: str, table: Table) -> Reading:
    """What a typed line asks for."""
    words = clean(line)
    if isinstance(words, Miss):
        return words
    if not words:
        return Miss("Nothing typed. Type help for the commands that work now.")
    head, _, rest = words.partition(" ")
    key = head.casefold().rstrip(":")
    if key in QUESTIONS and not (key == "build" and rest):
        return Ask(QUESTIONS[key], rest)
    handler = READERS.get(key)
    if handler is None:
        return Miss(f"{head[:30]!r} is not a command. Type help for the commands that work now.")
    return handler(rest, table)


# --- the words for each decision ------------------------------------------------------------------


def _mine(table: Table, kinds: Sequence[type[Command]], fallback: Command) -> Act | Miss:
    """The one legal command of these kinds (the decision the game waits for), else the first kind's
    command as given, for the room to refuse with the engine's reason."""
    for cmd in table.legal:
        if type(cmd) in kinds:
            return Act((cmd,))
    return Act((fallback,))


def _plain(*kinds: type[Command]) -> Callable[[str, Table], Reading]:
    def reader(rest: str, table: Table) -> Reading:
        if rest:
            return Miss(f"That command takes nothing after it: type {_first_word(kinds[0])} alone.")
        fallback: Command = cast(Callable[..., Command], kinds[0])(player=table.me)
        return _mine(table, kinds, fallback)

    return reader


def _first_word(kind: type[Command]) -> str:
    return next(w for w, k in _PLAIN_WORDS.items() if kind in k)


def _answer(*kinds: type[Command]) -> Callable[[str, Table], Reading]:
    """`accept`, `refuse`, `withdraw`: whichever open offer, deal, loan or call the game waits on."""

    def reader(rest: str, table: Table) -> Reading:
        if rest and kinds[0] is not RejectTrade:
            return Miss("That command takes nothing after it.")
        for cmd in table.legal:
            if type(cmd) in kinds:
                return Act((cmd,))
        return Miss("There is nothing to answer now.")

    return reader


def _one_space(
    kind: Callable[..., Command], what: str, among: Callable[[Table], Sequence[int]]
) -> Callable[[str, Table], Reading]:
    """`mortgage Baltic, Mediterranean`: one command for each space named."""

    def reader(rest: str, table: Table) -> Reading:
        if not rest:
            return Miss(f"Name the {what}: for example, {_EXAMPLE.get(what, what)}.")
        spaces = []
        for part in re.split(r"\s*,(?!\d{3})\s*|\s+and\s+", rest):
            space = space_named(part, table.board, among(table), what)
            if isinstance(space, Miss):
                return space
            spaces.append(space)
        return Act(tuple(kind(player=table.me, space=s) for s in spaces))

    return reader


_EXAMPLE = {"deed": "mortgage Baltic", "lot": "build Boardwalk", "space": "ride Boardwalk"}


def _deeds(table: Table) -> Sequence[int]:
    return table.board.deeds


def _streets(table: Table) -> Sequence[int]:
    return table.board.streets


def _spaces(table: Table) -> Sequence[int]:
    return range(table.board.size)


def _steps(kind: type[Build] | type[SellBuilding]) -> Callable[[str, Table], Reading]:
    """`build Boardwalk`, `build Boardwalk 3`, `build Park Place and Boardwalk 2`, `build orange 2`: that
    many buildings on each lot named (or on each lot of the colour group), in the order that keeps the
    group even (the lowest lot first when building, the highest when selling)."""

    def reader(rest: str, table: Table) -> Reading:
        count = 1
        tail = re.search(r"\s+(\d{1,2})$", rest)
        if tail:
            count, rest = int(tail.group(1)), rest[: tail.start()]
        if not 1 <= count <= 12:
            return Miss("Build or sell from 1 to 12 at a time.")
        lots = _group_named(rest, table)
        if lots is None:
            named = _one_space(kind, "lot", _streets)(rest, table)
            if not isinstance(named, Act):
                return named
            lots = [cmd.space for cmd in named.commands]  # type: ignore[union-attr]
        return Act(tuple(kind(player=table.me, space=s) for s in _even(lots, count, table, kind is Build)))

    return reader


def _group_named(text: str, table: Table) -> list[int] | None:
    """The lots of the colour group whose name is typed ("orange", "dark blue group"), or None."""
    want = " ".join(text.casefold().removesuffix(" group").split())
    board = table.board
    for gid, group in board.edition.groups.items():
        lots = board.members.get(gid, ())
        if want == group.name.casefold() and lots and lots in board.street_groups:
            return list(lots)
    return None


def _even(lots: Sequence[int], count: int, table: Table, up: bool) -> list[int]:
    """`count` steps on each lot, each step on the lot that keeps the lots most even."""
    level = {s: table.view.deeds[s].level for s in lots}
    order = {s: i for i, s in enumerate(lots)}
    out = []
    for _ in range(count * len(set(lots))):
        space = min(level, key=lambda s: ((level[s] if up else -level[s]), order[s]))
        out.append(space)
        level[space] += 1 if up else -1
    return out


def _sell(rest: str, table: Table) -> Reading:
    first, _, tail = rest.partition(" ")
    if first.casefold() == "lot":
        return _one_space(SellLot, "lot", _streets)(tail, table)
    return _steps(SellBuilding)(rest, table)


def _keep(rest: str, table: Table) -> Reading:
    first, _, tail = rest.partition(" ")
    if first.casefold() == "card" and not tail:
        return Act((KeepCard(player=table.me),))
    if first.casefold() == "mortgage":
        rest = tail
    for cmd in table.legal:
        if isinstance(cmd, KeepMortgage) and not rest:
            return Act((cmd,))
        if isinstance(cmd, KeepCard) and not rest:
            return Act((cmd,))
    if not rest:
        return Miss("Keep what? keep card, or keep mortgage and the deed's name.")
    return _one_space(KeepMortgage, "deed", _deeds)(rest, table)


def _bid(rest: str, table: Table) -> Reading:
    sum_ = amount(rest)
    if sum_ is None or sum_ <= 0:
        least = next((c.amount for c in table.legal if isinstance(c, PlaceBid)), None)
        hint = f"bid {least}" if least else "bid 120"
        return Miss(f"Say how much: for example, {hint}.")
    return Act((PlaceBid(player=table.me, amount=sum_),))


def _pay(rest: str, table: Table) -> Reading:
    if rest.casefold() not in ("", "fine", "the fine"):
        return Miss("Type pay fine to pay your way out of jail.")
    return Act((PayJailFine(player=table.me),))


def _use(rest: str, table: Table) -> Reading:
    if rest.casefold() not in ("card", "jail card", "the card"):
        return Miss("Type use card to leave jail with a Get Out of Jail Free card.")
    return Act((UseJailCard(player=table.me),))


def _tax(rest: str, table: Table) -> Reading:
    word = rest.casefold().strip()
    if word in ("flat", "fixed", "200", "$200"):
        return Act((ChooseIncomeTax(player=table.me, option="flat"),))
    if word in ("percent", "10%", "10 percent", "percentage"):
        return Act((ChooseIncomeTax(player=table.me, option="percent"),))
    return Miss("Type tax flat or tax percent.")


def _hand(table: Table) -> list[str]:
    return list(table.view.players[table.me].hand)


def _card_at(word: str, table: Table) -> str | Miss:
    hand = _hand(table)
    if not word.isdigit() or not 1 <= int(word) <= len(hand):
        if not hand:
            return Miss("You hold no travel cards.")
        return Miss(f"Name a card by its number in your hand, from 1 to {len(hand)} (status lists them).")
    return hand[int(word) - 1]


def _travel(rest: str, table: Table) -> Reading:
    cards = []
    for word in rest.replace(",", " ").replace(" then ", " ").split():
        card = _card_at(word, table)
        if isinstance(card, Miss):
            return card
        cards.append(card)
    if not cards:
        return Miss("Type travel and the numbers of the cards to play, for example travel 1.")
    return Act((PlayTravelCards(player=table.me, cards=tuple(cards)),))


def _roll(rest: str, table: Table) -> Reading:
    if not rest:
        return Act((RollDice(player=table.me),))
    first, _, tail = rest.partition(" ")
    if first.casefold() != "with":
        return Miss("Type roll, or roll with and a travel card's number.")
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


def _repay(rest: str, table: Table) -> Reading:
    mine = [ln.id for ln in table.view.loans if ln.borrower == table.me]
    if not rest and len(mine) == 1:
        return Act((RepayLoan(player=table.me, loan=mine[0]),))
    word = rest.casefold().removeprefix("loan").strip()
    if not word.isdigit():
        return Miss("Type repay and the loan's number (status lists your loans).")
    return Act((RepayLoan(player=table.me, loan=int(word)),))


_LOAN = re.compile(
    r"^(?:from\s+)?(?P<who>.+?)\s+\$?(?P<principal>[\d,]+)\s+at\s+\$?(?P<interest>[\d,]+)"
    r"(?:\s+against\s+(?P<lots>.+))?$",
    re.IGNORECASE,
)
_NOTES = re.compile(r"^(?P<notes>\d{1,3})(?:\s+notes?)?(?:\s+against\s+(?P<lots>.+))?$", re.IGNORECASE)


def _lots(text: str | None, table: Table) -> tuple[int, ...] | Miss:
    if not text:
        return ()
    out = []
    for part in re.split(r"\s*,\s*|\s+and\s+", text):
        space = space_named(part, table.board, table.board.deeds, "lot")
        if isinstance(space, Miss):
            return space
        out.append(space)
    return tuple(out)


def _loan_terms(rest: str, table: Table, lending: bool) -> Reading:
    found = _LOAN.match(rest)
    if not found:
        example = "lend bob 200 at 20 against Lot 5" if lending else "borrow from bob 200 at 20 against Lot 5"
        return Miss(f"Type the loan like this: {example}.")
    who = player_named(found.group("who"), table.names)
    if isinstance(who, Miss):
        return who
    lots = _lots(found.group("lots"), table)
    if isinstance(lots, Miss):
        return lots
    principal = int(found.group("principal").replace(",", ""))
    if principal <= 0:
        return Miss("A loan is of at least $1.")
    cmd = ProposeLoan(
        player=table.me,
        to=who,
        lender=table.me if lending else who,
        principal=principal,
        interest=int(found.group("interest").replace(",", "")),
        security=lots,
    )
    return Act((cmd,), confirm=f"You {'offer' if lending else 'ask for'} this loan: {spell(cmd, table)}.")


def _borrow(rest: str, table: Table) -> Reading:
    bank = _NOTES.match(rest)
    if bank:
        lots = _lots(bank.group("lots"), table)
        if isinstance(lots, Miss):
            return lots
        notes = int(bank.group("notes"))
        if notes <= 0:
            return Miss("Borrow at least one note.")
        return Act((BorrowFromBank(player=table.me, notes=notes, security=lots),))
    return _loan_terms(rest, table, lending=False)


def _lend(rest: str, table: Table) -> Reading:
    return _loan_terms(rest, table, lending=True)


_FOR = re.compile(r"\s+for\s+", re.IGNORECASE)


def _terms(rest: str, table: Table) -> tuple[int, Command, Command] | Miss:
    """`bob: Park Place and 100 for Boardwalk`: to whom, what I give, what I take."""
    who_text, colon, terms = rest.partition(":")
    if not colon:
        return Miss("Type the offer like this: offer bob: Park Place and 100 for Boardwalk.")
    who = player_named(who_text, table.names)
    if isinstance(who, Miss):
        return who
    sides = _FOR.split(terms.strip(), maxsplit=1)
    if len(sides) != 2:
        return Miss("Say what you give, then for, then what you want: Park Place and 100 for Boardwalk.")
    give, take = (read_bundle(side, table.board) for side in sides)
    if isinstance(give, Miss):
        return give
    if isinstance(take, Miss):
        return take
    return who, give, take  # type: ignore[return-value]


def _offer(rest: str, table: Table) -> Reading:
    terms = _terms(rest, table)
    if isinstance(terms, Miss):
        return terms
    who, give, take = terms
    cmd = ProposeTrade(player=table.me, to=who, give=give, take=take)
    return Act((cmd,), confirm=_read_back(cmd, table))


def _read_back(cmd: ProposeTrade, table: Table) -> str:
    return (
        f"You offer {table.names[cmd.to]} {bundle_words(cmd.give, table.board)} "
        f"for {bundle_words(cmd.take, table.board)}."
    )


def _counter(rest: str, table: Table) -> Reading:
    """Refuse the offer and make one back: `counter: Boardwalk for Park Place and 200`."""
    answer = next((c for c in table.legal if isinstance(c, RejectTrade)), None)
    pend = table.view.pending
    if answer is None or pend is None or pend.kind != "trade_answer":
        return Miss("There is no offer to counter now.")
    proposer = pend.trade.proposer
    terms = _terms(f"{table.names[proposer]}:{rest.partition(':')[2] or rest}", table)
    if isinstance(terms, Miss):
        return terms
    _, give, take = terms
    offer = ProposeTrade(player=table.me, to=proposer, give=give, take=take)
    return Act((answer, offer), confirm="You refuse, and " + _read_back(offer, table)[4:])


def _refuse(rest: str, table: Table) -> Reading:
    if rest and rest.lstrip(":").strip():
        return _counter(rest, table)
    return _answer(RejectTrade, RejectDeal, RejectLoan, RefuseCall)("", table)


_CLAUSE = re.compile(r"^(?P<giver>.+?)\s+gives?\s+(?P<what>.+)\s+to\s+(?P<receiver>.+)$", re.IGNORECASE)


def _deal(rest: str, table: Table) -> Reading:
    """`deal with bob and carol: I give Boardwalk to bob; bob gives 100 to carol; carol gives Park Place
    to me`."""
    head, colon, body = rest.partition(":")
    example = "deal with bob and carol: I give Boardwalk to bob; bob gives 100 to carol"
    if not colon or not head.casefold().startswith("with "):
        return Miss(f"Type the deal like this: {example}.")
    parties = []
    for name in re.split(r"\s*,\s*|\s+and\s+", head[5:].strip()):
        who = player_named(name, table.names)
        if isinstance(who, Miss):
            return who
        parties.append(who)
    parts = []
    for clause in body.split(";"):
        found = _CLAUSE.match(clause.strip())
        if not found:
            return Miss(
                f"Each part of a deal reads: someone gives something to someone; for example {example}."
            )
        giver = player_named(found.group("giver"), table.names, table.me)
        receiver = player_named(found.group("receiver"), table.names, table.me)
        bundle = read_bundle(found.group("what"), table.board)
        for got in (giver, receiver, bundle):
            if isinstance(got, Miss):
                return got
        parts.append(DealPart(giver=giver, receiver=receiver, bundle=bundle))  # type: ignore[arg-type]
    cmd = ProposeDeal(player=table.me, parties=tuple(parties), parts=tuple(parts))
    return Act((cmd,), confirm=f"You propose this: {spell(cmd, table)}.")


def _call(rest: str, table: Table) -> Reading:
    if rest.casefold() not in ("", "game", "the game"):
        return Miss("Type call game to propose ending the game now.")
    return Act((CallGame(player=table.me),))


def _declare(rest: str, table: Table) -> Reading:
    if rest.casefold() not in ("", "bankruptcy", "bankrupt"):
        return Miss("Type bankrupt to give up and leave the game.")
    cmd = DeclareBankruptcy(player=table.me)
    return Act((cmd,), confirm="You declare yourself bankrupt and leave the game.")


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
    "offer": _offer,
    "trade": _offer,
    "counter": _counter,
    "accept": _answer(AcceptTrade, AcceptDeal, AcceptLoan, AgreeToCall),
    "agree": _answer(AgreeToCall, AcceptTrade, AcceptDeal, AcceptLoan),
    "refuse": _refuse,
    "reject": _refuse,
    "withdraw": _answer(CancelTrade, CancelDeal, CancelLoan),
    "deal": _deal,
    "route": _one_space(ChooseRoute, "space", _spaces),
    "go": _go,
    "forward": _direction("forward"),
    "backward": _direction("backward"),
    "travel": _travel,
    "ride": _one_space(TakeRide, "space", _spaces),
    "claim": _claim,
    "ticket": _one_space(BuyTicketLot, "lot", _deeds),
    "borrow": _borrow,
    "lend": _lend,
    "repay": _repay,
    "call": _call,
    "bankrupt": _declare,
    "declare": _declare,
}


# --- writing a command back as its line ------------------------------------------------------------


def spell(cmd: Command, table: Table) -> str:
    """The line that reads back into `cmd` at this table (`read(spell(c)) == c` for every legal `c`)."""
    b = table.board
    names = table.names
    if isinstance(cmd, PlaceBid):
        return f"bid {cmd.amount}"
    if isinstance(cmd, Build | SellBuilding | SellLot | Mortgage | Unmortgage | KeepMortgage | ChooseRoute):
        return f"{_SPACE_WORDS[type(cmd)]} {space_word(cmd.space, b)}"
    if isinstance(cmd, TakeRide | BuyTicketLot):
        return f"{_SPACE_WORDS[type(cmd)]} {space_word(cmd.space, b)}"
    if isinstance(cmd, ChooseIncomeTax):
        return f"tax {cmd.option}"
    if isinstance(cmd, ChooseDirection):
        return cmd.direction
    if isinstance(cmd, ProposeTrade):
        return f"offer {names[cmd.to]}: {bundle_words(cmd.give, b)} for {bundle_words(cmd.take, b)}"
    if isinstance(cmd, ProposeDeal):
        parties = " and ".join(names[p] for p in cmd.parties)
        parts = "; ".join(
            f"{_who(p.giver, table)} gives {bundle_words(p.bundle, b)} to {_who(p.receiver, table)}"
            for p in cmd.parts
        )
        return f"deal with {parties}: {parts}"
    if isinstance(cmd, PlayTravelCards):
        return "travel " + " ".join(str(_hand(table).index(c) + 1) for c in cmd.cards)
    if isinstance(cmd, RollWithTravelCard):
        return f"roll with {_hand(table).index(cmd.card) + 1}"
    if isinstance(cmd, ClaimHalfWinnings):
        return f"claim {names[cmd.target]}"
    if isinstance(cmd, BorrowFromBank):
        lots = " and ".join(space_word(s, b) for s in cmd.security)
        return f"borrow {cmd.notes} note{'s' if cmd.notes != 1 else ''}" + (
            f" against {lots}" if lots else ""
        )
    if isinstance(cmd, RepayLoan):
        return f"repay loan {cmd.loan}"
    if isinstance(cmd, ProposeLoan):
        lots = " and ".join(space_word(s, b) for s in cmd.security)
        against = f" against {lots}" if lots else ""
        if cmd.lender == cmd.player:
            return f"lend {names[cmd.to]} {cmd.principal} at {cmd.interest}{against}"
        return f"borrow from {names[cmd.to]} {cmd.principal} at {cmd.interest}{against}"
    return _SIMPLE_WORDS[cmd.kind]


def _who(player: int, table: Table) -> str:
    return "I" if player == table.me else table.names[player]


_SPACE_WORDS: dict[type, str] = {
    Build: "build",
    SellBuilding: "sell",
    SellLot: "sell lot",
    Mortgage: "mortgage",
    Unmortgage: "unmortgage",
    KeepMortgage: "keep mortgage",
    ChooseRoute: "route",
    TakeRide: "ride",
    BuyTicketLot: "ticket",
}

_SIMPLE_WORDS = {
    "roll_dice": "roll",
    "buy_property": "buy",
    "buy_lot": "buy",
    "buy_luxury": "buy",
    "decline_property": "decline",
    "decline_luxury": "decline",
    "pass_auction": "pass",
    "pay_jail_fine": "pay fine",
    "use_jail_card": "use card",
    "accept_trade": "accept",
    "accept_deal": "accept",
    "accept_loan": "accept",
    "agree_to_call": "agree",
    "reject_trade": "refuse",
    "reject_deal": "refuse",
    "reject_loan": "refuse",
    "refuse_call": "refuse",
    "cancel_trade": "withdraw",
    "cancel_deal": "withdraw",
    "cancel_loan": "withdraw",
    "play_refund_card": "play",
    "keep_card": "keep card",
    "end_turn": "end",
    "declare_bankruptcy": "bankrupt",
    "done_with_tickets": "done",
    "rent_lot": "rent",
    "go_to_poorhouse": "poorhouse",
    "call_game": "call game",
}
"""The line for each command that takes nothing but the word (the decision says which it answers)."""
