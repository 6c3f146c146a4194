"""Text shown on the game screen: the status line, the head of the board's centre, each event in
the log, and why a key does nothing now."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from rich.cells import cell_len
from textual.content import Content

from engine import (
    Board,
    Build,
    CallGame,
    Command,
    EndTurn,
    GameView,
    Mortgage,
    PayJailFine,
    PlayTravelCards,
    RollDice,
    UseJailCard,
)
from engine.core.events import Event
from engine.queries import airplane_at, held_of
from room.board_words import box_name, edition_name
from room.levels import level_word
from translation import N_, _, money
from tui.client import GameClient, refusal
from tui.styles import look
from tui.styles.glyphs import Glyphs, plain
from tui.text.spaces import legend
from tui.text.words import actor_of, fit, speed_word

ACTION_WORDS = {
    "roll": N_("roll"),
    "end_turn": N_("end turn"),
    "pay_fine": N_("pay fine"),
    "use_card": N_("use card"),
    "call_game": N_("call the game"),
    "build": N_("build"),
    "mortgage": N_("mortgage"),
    "trade": N_("trade"),
    "travel": N_("travel cards"),
    "bank": N_("bank"),
    "loan": N_("loan"),
}
"""The game keys in the prompt's words (translated when the prompt is drawn)."""

CANNOT = {
    "roll": N_("You cannot roll now."),
    "end_turn": N_("You cannot end turn now."),
    "pay_fine": N_("You cannot pay fine now."),
    "use_card": N_("You cannot use card now."),
    "call_game": N_("You cannot call the game now."),
    "build": N_("You cannot build now."),
    "mortgage": N_("You cannot mortgage now."),
    "trade": N_("You cannot trade now."),
    "travel": N_("You cannot travel cards now."),
    "bank": N_("You cannot bank now."),
    "loan": N_("You cannot loan now."),
}
"""What a game key that does nothing says when the engine gives no reason (translated when said)."""


class Told(Protocol):
    """The source the captions are rendered from: a game at the table, or a replayed past game."""

    @property
    def board(self) -> Board: ...

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def levels(self) -> Sequence[str | None]:
        """Each seat's bot level; None for a person (and for every seat where it is not known)."""
        ...

    def narrate(self, event: Event) -> str: ...


def entry(event: Event, client: Told, glyphs: Glyphs) -> Content:
    """Render an event as text, in the colour of the player it is about."""
    text = client.narrate(event)
    if glyphs.ascii_only:
        text = plain(text)
    if event.kind == "turn_started":
        return Content.styled(text, "bold $text-muted")
    if event.kind == "game_over":
        return Content.styled(text, "bold $accent")
    who = actor_of(event)
    if event.kind == "reason_given":  # a bot's aside on its move: quieter than the move itself
        return Content.styled(text, "italic" if who is None else f"italic {look.player(who)}")
    return Content(text) if who is None else Content.styled(text, look.player(who))


def status_line(
    client: GameClient, view: GameView, me: int | None, people: int, speed: str, glyphs: Glyphs
) -> Content:
    """Return the status line: the game, the variant, the turn, whose seat the keyboard has, the bots' pace
    and the saving."""
    rules = view.rules
    dot = f" {glyphs.dot} "
    variant = dot + _("Short Game") if rules.short_game else ""
    if rules.time_limit_rounds:
        rounds = _("Time Limit ({round}/{rounds} rounds)", round=view.round, rounds=rules.time_limit_rounds)
        variant = dot + rounds
    seat = dot + _("you are {name}", name=client.names[me]) if me is not None and people > 1 else ""
    saving = _("autosave on") if client.saving else _("not saved")
    pace = dot + _("bot pace {speed}", speed=speed_word(speed)) if any(s.is_bot for s in client.seats) else ""
    turn = _("turn {n}", n=view.turn + 1)
    return Content.assemble(
        ("landlords", "bold"),
        f"{dot}{edition_name(client.board.edition)}{variant}{dot}{turn}{seat}",
        f"{pace}{dot}{saving}",
    )


def dice_line(view: GameView, glyphs: Glyphs) -> Content:
    if view.last_dice is None:
        return Content.styled(_("No dice thrown yet."), "dim")
    d1, d2 = view.last_dice
    return Content.assemble(
        (f"{glyphs.die(d1)} {glyphs.die(d2)}", "bold"),
        f"  {d1} + {d2} = {d1 + d2}",
        (" " + _("doubles") if d1 == d2 else "", "bold $accent"),
    )


def table_line(client: Told, view: GameView) -> Content | None:
    """Return the line describing what lies on the table besides the board: the pot or pool, and any movable
    marker (the airplane)."""
    board = client.board
    parts = []
    if board.edition.hooks.pot != "free_parking" or view.rules.free_parking_pot:
        if board.edition.hooks.pot != "free_parking":
            parts.append(_("Pool {amount}", amount=money(view.pot)))
        else:
            parts.append(_("Free Parking pot {amount}", amount=money(view.pot)))
    plane = airplane_at(view, view.markers)
    if plane is not None:
        parts.append(_("the airplane on {space}", space=board.name(plane)))
    if not parts:
        return None
    return Content.styled("; ".join(parts), "dim")


def turn_line(client: GameClient, view: GameView, width: int | None = None) -> Content:
    """Return whose turn it is and what the game waits for; where that is wider than `width`, what it waits
    for alone (the arrow in the players' rows says whose turn it is), so that the line keeps to one row and
    the log under it does not move as the wait changes."""
    names = client.names
    if view.winner is not None:
        return Content.styled(_("Game over: {name} wins.", name=names[view.winner]), "bold $accent")
    cur = view.current
    what = client.waiting_for()
    line = Content.assemble(
        (_("{name}'s turn", name=names[cur]), f"bold {look.player(cur)}"),
        _(": waiting for {what}.", what=what),
    )
    if width is None or line.cell_length <= width:
        return line
    return Content.styled(_("Waiting for {what}.", what=what), f"bold {look.player(cur)}")


PLACE_LEAST = 8
"""The fewest cells a player's row keeps for where he stands ("Visiting", a space's short name) before a
bot's level beside it."""


def player_rows(
    client: Told, view: GameView, glyphs: Glyphs, width: int, local: Collection[int] = ()
) -> list[Content]:
    """Return the player summary rows: whose turn (the arrow), his mark, name, cash and where he stands; two
    to a line when more than four play."""
    n = len(view.players)
    columns = 2 if n > 4 and width >= 50 else 1
    cell = width // columns - (1 if columns > 1 else 0)
    cells = [_player_cell(client, view, glyphs, p, cell, p in local and len(local) < n) for p in range(n)]
    if columns == 1:
        return cells
    rows = []
    for i in range(0, n, 2):
        left = cells[i]
        pad = Content(" " * max(cell - left.cell_length + 1, 1))
        rows.append(left + pad + cells[i + 1] if i + 1 < n else left)
    return rows


def _player_cell(client: Told, view: GameView, glyphs: Glyphs, p: int, width: int, you: bool) -> Content:
    ps = view.players[p]
    names = client.names
    name_width = min(max(len(name) for name in names), 12)
    turn = glyphs.turn if p == view.current and view.winner is None else " "
    name = names[p][:name_width].ljust(name_width)
    head = Content.assemble(
        (turn, "bold $accent"),
        (glyphs.mark(p), look.mark(p)),
        " ",
        (name, f"bold {look.player(p)}"),
    )
    if ps.bankrupt:
        return head + Content.styled(f"  {glyphs.bankrupt} " + _("bankrupt"), "bold $error")
    cash = Content.styled(f"{money(ps.cash):>8}", "bold")
    line = head + Content(" ") + cash + Content("  ")
    level = client.levels[p] if p < len(client.levels) else None
    tag = _("you") if you else "" if level is None else fit(level_word(level), 12)  # a bot's level
    room = width - line.cell_length - (len(tag) + 2 if tag else 0)
    if level is not None and room < PLACE_LEAST:  # a narrow cell: the place first (Holdings tells the level)
        tag, room = "", room + len(tag) + 2
    board = client.board
    if ps.in_jail:
        place = Content.styled(f"{glyphs.jail} {_('in jail')}"[:room], "bold $warning")
    else:
        full, short = board.name(ps.position), board.spaces[ps.position].short
        if ps.position == board.jail:  # standing on the jail corner is not being in jail
            full, short = _("Just Visiting"), _("Visiting")
        text = full if len(full) <= room else fit(short, max(room, 0))
        place = Content.styled(text, "$text-muted")
    line += place
    if tag:  # the person at this terminal, or a bot's level
        line += Content.styled("  " + tag, "dim italic")
    return line


def prompt_line(
    client: GameClient,
    view: GameView,
    me: int | None,
    keys: Sequence[tuple[str, str]],
    can_decide: bool,
    held: bool = False,
    width: int | None = None,
    ellipsis: str = "…",
) -> Content:
    """Return the prompt: what the person at the keyboard may do now, with the keys. While a window over the
    table holds the bots (`held`: a dialog, an answer read, the rules), it is that window the game waits on,
    and the prompt says so rather than that the bots move.

    Within `width` cells, when given, so that it never wraps to a second line (the log under it moved down
    and up as a long prompt came and went): the keys that fit, the others left to the footer after an
    ellipsis; shorter words where the long ones do not fit (without the name, which the turn line above
    says, when not even one key fits beside it)."""
    pend = view.pending
    if me is None or pend is None or view.winner is not None:
        return Content("")
    if pend.player != me:
        if client.bots_due() and held:
            words = [
                _("The bots wait until you close the window over the board."),
                _("The bots wait until this window closes."),
            ]
            return _fitted([Content.styled(w, "bold") for w in words], width)
        if client.bots_due():
            words = [
                _("Bots are moving: space skips ahead, + and - set the pace."),
                _("Bots are moving: space skips ahead."),
            ]
            return _fitted([Content.styled(w, "dim") for w in words], width)
        return Content("")
    name = client.names[me]
    if not keys:
        ask = " " + _("Enter opens the decision.") if can_decide else ""
        heads = [_("{name}, your move.", name=name), _("Your move.")]
        return _fitted([Content.assemble((head, "bold $accent"), ask) for head in heads], width)
    offers = [f"[{key}] {_(word)}" for key, word in keys]
    whole = Content.assemble((_("{name}, your move: ", name=name), "bold $accent"), "  ".join(offers))
    if width is None or whole.cell_length <= width:
        return whole
    more = "  " + ellipsis  # the keys left out are in the footer
    lines = []
    for head in (_("{name}, your move: ", name=name), _("Your move: ")):  # the name, if a key fits beside it
        shown: list[str] = []
        for offer in offers:  # in the footer's order: the first ones are the game's own moves
            if cell_len(head + "  ".join([*shown, offer]) + more) > width:
                break
            shown.append(offer)
        if shown:
            lines.append(Content.assemble((head, "bold $accent"), "  ".join(shown) + more))
    return _fitted(lines or [whole], width)


def _fitted(lines: Sequence[Content], width: int | None) -> Content:
    """Return the first of `lines` (the longest first) that fits in `width` cells, else the last cut to fit
    with an ellipsis."""
    for line in lines:
        if width is None or line.cell_length <= width:
            return line
    return lines[-1].truncate(width, ellipsis=True) if width is not None else lines[-1]


def boxes_line(view: GameView, client: GameClient) -> Content | None:
    """Return the line describing the money boxes in the middle of the board (Magie's 1904 game): what the
    boxes that only take in money hold (the Public Treasury, the Railroad), what the others have paid out
    (Wages), and what the bank has lent in notes."""
    edition = client.board.edition
    if not edition.boxes:
        return None
    lender = edition.loans.box if edition.loans is not None else None
    parts = []
    for key, box in edition.boxes.items():
        total = view.boxes.get(key, 0)
        name = box_name(client.board, key)
        if key == lender:
            lent = sum(ln.principal for ln in view.loans if ln.lender is None)
            parts.append(Content.assemble((name, "bold"), " " + _("lent {amount}", amount=money(lent))))
        elif box.pays_out:
            paid = _("paid {amount}", amount=money(max(-total, 0)))
            parts.append(Content.assemble((name, "bold"), " " + paid))
        else:
            parts.append(Content.assemble((name, "bold"), f" {money(total)}"))
    return Content("  ").join(parts)


def selected_line(
    client: GameClient, view: GameView, space: int, glyphs: Glyphs, explained: bool = True
) -> Content:
    """Describe the selected space in one line: its owner and the rent it charges now; for another space, what
    its letters on the board mean (unless not `explained`)."""
    board = client.board
    deed = view.deeds.get(space)
    head = Content.assemble(
        (glyphs.marker, "bold $accent"), " ", (f" {board.name(space)} ", look.band(board, space))
    )
    if deed is None:
        said = legend(view, board, space) if explained else ""
        return head + Content.styled(f"  {said}", "$text-muted") if said else head
    if deed.owner is None:
        if board.spaces[space].box:  # a lot for sale or rent (1904)
            price, rent_of = money(board.price[space]), money(board.rent[space][0])
            return head + Content("  " + _("for sale {price} or rent {rent}", price=price, rent=rent_of))
        return head + Content("  " + _("for sale, {price}", price=money(board.price[space])))
    rent = client.facts().rent.get(space)
    state = " " + _("mortgaged") if deed.mortgaged else ""
    if rent is not None and not deed.mortgaged:
        due = _("{n} x dice", n=rent.per_pip) if rent.per_pip else money(rent.amount)
        state = _(", rent {due}", due=due)
    return head + Content(f"  {client.names[deed.owner]}{state}")


def hint(action: str, client: GameClient, me: int | None) -> str:
    """Return one sentence explaining why a game key does nothing now."""
    view = client.view(me)
    if view.winner is not None:
        return _("The game is over.")
    if action == "skip":
        return _("No bot is moving now.")
    if action == "decide":
        return _("There is nothing for you to decide now.")
    if me is None:
        return _("You are watching: every seat is played by a bot.")
    if action == "build":
        mine = [s for s in client.board.streets if view.deeds[s].owner == me]
        if not mine:
            return _("You own no streets to build on.")
        reasons = [refusal(client, Build(player=me, space=s)) for s in mine]
        return next((r for r in reasons if r), _("Nothing to build now."))
    if action == "mortgage":
        mine = [s for s in client.board.deeds if view.deeds[s].owner == me]
        if not mine:
            return _("You own no deeds to mortgage.")
        return refusal(client, Mortgage(player=me, space=mine[0])) or _("Nothing to mortgage now.")
    if action == "trade":
        return _("Trades wait until the auction or the open offer is settled.")
    if action == "deal":
        if sum(1 for ps in view.players if not ps.bankrupt) < 3:
            return _("A deal among several needs three players still in the game.")
        return _("Deals wait until the auction or the open offer is settled.")
    if action == "travel":
        cards = held_of(view, me, "travel")
        if not cards:
            return _("You hold no travel cards: they are drawn on the elevators.")
        reason = client.check(PlayTravelCards(player=me, cards=(cards[0],)))
        return reason or _("Travel cards are played instead of the first throw of your turn.")
    if action in ("bank", "loan") and client.board.edition.loans is None:
        return _("Nobody borrows in this game.")
    if action == "bank":
        return _("Not in the middle of a move or an auction; and you need lots to borrow against.")
    if action == "loan":
        return _("Loans wait until the auction, the move or the open offer is settled.")
    probe: dict[str, Command] = {
        "roll": RollDice(player=me),
        "end_turn": EndTurn(player=me),
        "pay_fine": PayJailFine(player=me),
        "use_card": UseJailCard(player=me),
        "call_game": CallGame(player=me),
    }
    cmd = probe.get(action)
    reason = client.check(cmd) if cmd is not None else None
    return reason or (_(CANNOT[action]) if action in CANNOT else _("You cannot {action} now.", action=action))
