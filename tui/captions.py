"""What the game screen says in words: the status line, the head of the board's centre, each event in
the log, and why a key does nothing now."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from engine import (
    Build,
    Command,
    EndTurn,
    GameView,
    Mortgage,
    PayJailFine,
    PlayTravelCards,
    RollDice,
    UseJailCard,
)
from engine.events import Event
from engine.narration import money
from engine.queries import airplane_at, held_of
from tui import look
from tui.client import GameClient, refusal
from tui.glyphs import Glyphs, plain
from tui.words import actor_of

ACTION_WORDS = {
    "roll": "roll",
    "end_turn": "end turn",
    "pay_fine": "pay fine",
    "use_card": "use card",
    "build": "build",
    "mortgage": "mortgage",
    "trade": "trade",
    "travel": "travel cards",
}


def entry(event: Event, client: GameClient, glyphs: Glyphs) -> Content:
    """An event in words, in the colour of the player it is about."""
    text = client.narrate(event)
    if glyphs.ascii_only:
        text = plain(text)
    if event.kind == "turn_started":
        return Content.styled(text, "bold $text-muted")
    if event.kind == "game_over":
        return Content.styled(text, "bold $accent")
    who = actor_of(event)
    return Content(text) if who is None else Content.styled(text, look.player(who))


def status_line(
    client: GameClient, view: GameView, me: int | None, people: int, speed: str, glyphs: Glyphs
) -> Content:
    """The game, the variant, the turn, whose seat the keyboard has, the bots' pace and the saving."""
    rules = view.rules
    variant = " Short Game" if rules.short_game else ""
    if rules.time_limit_rounds:
        variant = f" Time Limit ({view.round}/{rules.time_limit_rounds} rounds)"
    dot = f" {glyphs.dot} "
    seat = f"{dot}you are {client.names[me]}" if me is not None and people > 1 else ""
    saving = "autosave on" if client.saving else "not saved"
    return Content.assemble(
        ("landlords", "bold"),
        f"{dot}{client.board.edition.name}{variant}{dot}turn {view.turn + 1}{seat}",
        f"{dot}bots {speed}{dot}{saving}",
    )


def dice_line(view: GameView, glyphs: Glyphs) -> Content:
    if view.last_dice is None:
        return Content.styled("No dice thrown yet.", "dim")
    d1, d2 = view.last_dice
    return Content.assemble(
        (f"{glyphs.die(d1)} {glyphs.die(d2)}", "bold"),
        f"  {d1} + {d2} = {d1 + d2}",
        (" doubles" if d1 == d2 else "", "bold $accent"),
    )


def table_line(client: GameClient, view: GameView) -> Content | None:
    """What lies on the table besides the board: the pot or pool, and any movable marker (the airplane)."""
    board = client.board
    parts = []
    if board.edition.hooks.pot != "free_parking" or view.rules.free_parking_pot:
        name = "Pool" if board.edition.hooks.pot != "free_parking" else "Free Parking pot"
        parts.append(f"{name} {money(view.pot)}")
    plane = airplane_at(view, view.markers)
    if plane is not None:
        parts.append(f"the airplane on {board.name(plane)}")
    if not parts:
        return None
    return Content.styled("; ".join(parts), "dim")


def turn_line(client: GameClient, view: GameView) -> Content:
    names = client.names
    if view.winner is not None:
        return Content.styled(f"Game over: {names[view.winner]} wins.", "bold $accent")
    cur = view.current
    return Content.assemble(
        (f"{cur + 1}", look.token(cur)),
        " ",
        (f"{names[cur]}'s turn", f"bold {look.player(cur)}"),
        f"; waiting for {client.waiting_for()}.",
    )


def prompt_line(
    client: GameClient, view: GameView, me: int | None, keys: Sequence[tuple[str, str]], can_decide: bool
) -> Content:
    """What the person at the keyboard may do now, with the keys."""
    pend = view.pending
    if me is None or pend is None or view.winner is not None:
        return Content("")
    if pend.player != me:
        if client.bots_due():
            return Content.styled("Bots are moving: space skips ahead, + and - set the pace.", "dim")
        return Content("")
    name = client.names[me]
    if not keys:
        ask = " Enter opens the decision." if can_decide else ""
        return Content.assemble((f"{name}, your move.", "bold $accent"), ask)
    offer = "  ".join(f"[{key}] {word}" for key, word in keys)
    return Content.assemble((f"{name}, your move: ", "bold $accent"), offer)


def selected_line(client: GameClient, view: GameView, space: int, glyphs: Glyphs) -> Content:
    """The selected space in one line: its owner and the rent it charges now."""
    board = client.board
    deed = view.deeds.get(space)
    head = Content.assemble(
        (glyphs.marker, "bold $accent"), " ", (f" {board.name(space)} ", look.band(board, space))
    )
    if deed is None:
        return head
    if deed.owner is None:
        return head + Content(f"  for sale, {money(board.price[space])}")
    rent = client.facts().rent.get(space)
    state = " mortgaged" if deed.mortgaged else ""
    if rent is not None and not deed.mortgaged:
        due = f"{rent.per_pip} x dice" if rent.per_pip else money(rent.amount)
        state = f", rent {due}"
    return head + Content(f"  {client.names[deed.owner]}{state}")


def hint(action: str, client: GameClient, me: int | None) -> str:
    """Why a game key does nothing now, in one sentence."""
    view = client.view(me)
    if view.winner is not None:
        return "The game is over."
    if action == "skip":
        return "No bot is moving now."
    if action == "decide":
        return "There is nothing for you to decide now."
    if me is None:
        return "You are watching: every seat is played by a bot."
    if action == "build":
        mine = [s for s in client.board.streets if view.deeds[s].owner == me]
        if not mine:
            return "You own no streets to build on."
        reasons = [refusal(client, Build(player=me, space=s)) for s in mine]
        return next((r for r in reasons if r), "Nothing to build now.")
    if action == "mortgage":
        mine = [s for s in client.board.deeds if view.deeds[s].owner == me]
        if not mine:
            return "You own no deeds to mortgage."
        return refusal(client, Mortgage(player=me, space=mine[0])) or "Nothing to mortgage now."
    if action == "trade":
        return "Trades wait until the auction or the open offer is settled."
    if action == "travel":
        cards = held_of(view, me, "travel")
        if not cards:
            return "You hold no travel cards: they are drawn on the elevators."
        reason = client.check(PlayTravelCards(player=me, cards=(cards[0],)))
        return reason or "Travel cards are played instead of the first throw of your turn."
    probe: dict[str, Command] = {
        "roll": RollDice(player=me),
        "end_turn": EndTurn(player=me),
        "pay_fine": PayJailFine(player=me),
        "use_card": UseJailCard(player=me),
    }
    cmd = probe.get(action)
    reason = client.check(cmd) if cmd is not None else None
    return reason or f"You cannot {ACTION_WORDS.get(action, action)} now."
