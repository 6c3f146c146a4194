"""The deed card of the selected space: price, the whole rent ladder with the current level marked,
house cost, mortgage value, owner, and the rent a visitor would pay now."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Static

from engine import Board, GameView
from engine.queries import deed_terms, is_pledged, occupants, rent_schedule
from room.board_words import box_name
from translation import N_, _, money, say
from tui.client import Facts
from tui.styles import look
from tui.styles.glyphs import UNICODE, Glyphs
from tui.text.spaces import space_rule
from tui.widgets.lines import LinesView


@dataclass(frozen=True)
class CardParts:
    """A space's card in three parts, stacked in the side panel and side by side in dialogs."""

    title: Content
    facts: list[Content]
    ladder: list[Content]


def _row(label: str, value: str, width: int, marked: bool = False, glyphs: Glyphs = UNICODE) -> Content:
    mark = glyphs.marker if marked else " "
    body = f"{label:<{max(width - len(value) - 2, len(label) + 1)}}{value}"
    return Content.assemble((mark, "bold $accent"), " ", (body, "bold $accent" if marked else ""))


def card_parts(
    view: GameView,
    board: Board,
    space: int,
    names: Sequence[str],
    facts: Facts,
    glyphs: Glyphs = UNICODE,
    width: int = 30,
) -> CardParts:
    sp = board.spaces[space]
    inner = max(width - 2, 16)
    title = Content.styled(sp.name.center(width), look.band(board, space))
    deed = view.deeds.get(space)
    if deed is None:
        return CardParts(title, _not_a_deed(view, board, space, names), [])
    box = board.spaces[space].box
    seller = _("the {box}", box=box_name(board, box)) if box else _("the bank")
    owner = _("{seller} (for sale)", seller=seller) if deed.owner is None else names[deed.owner]
    facts_lines = [_row(_("Price"), money(board.price[space]), inner), _row(_("Owner"), owner, inner)]
    # the engine's words for the rents and terms, put into the language spoken (`translation.say`)
    ladder = [_row(say(r.label), say(r.amount), inner, r.current, glyphs) for r in rent_schedule(view, space)]
    facts_lines += [_row(say(label), say(value), inner) for label, value in deed_terms(view, space)]
    if view.loans and is_pledged(view, space):
        lender = next(
            (_("the bank") if ln.lender is None else names[ln.lender])
            for ln in view.loans
            if space in ln.security
        )
        facts_lines.append(_row(_("Pledged to"), lender, inner))
    if box:  # a lot: the tokens on it change what the next one pays
        here = [names[q] for q in occupants(view, space, -1)]
        if here:
            facts_lines.append(_row(_("On it now"), ", ".join(here), inner))
    if deed.owner is None and box:
        rent = board.rent[space][0]
        facts_lines.append(
            Content.styled(
                _("Unowned: buy it, or rent it for {rent} from {seller}.", rent=money(rent), seller=seller),
                "italic",
            )
        )
    else:
        facts_lines.append(_visitor_pays(deed.owner, deed.mortgaged, space, facts))
    return CardParts(title, facts_lines, ladder)


def deed_card(
    view: GameView,
    board: Board,
    space: int,
    names: Sequence[str],
    facts: Facts,
    glyphs: Glyphs = UNICODE,
    width: int = 30,
) -> list[Content]:
    """Return the lines of a space's card, one above the other."""
    parts = card_parts(view, board, space, names, facts, glyphs, width)
    rule = Content.styled(glyphs.rule * width, "$foreground 30%")
    lines = [parts.title, *parts.facts[:2]]
    if parts.ladder:
        lines += [rule, *parts.ladder, rule]
    lines += parts.facts[2:]
    return lines


def _visitor_pays(owner: int | None, mortgaged: bool, space: int, facts: Facts) -> Content:
    if owner is None:
        return Content.styled(_("Unowned: buy it, or the bank auctions it."), "italic")
    if mortgaged:
        return Content.styled(_("Mortgaged: no rent."), "bold $warning")
    now = facts.rent.get(space)
    if now is None:
        return Content("")
    if now.per_pip:
        return _pays(_("A visitor pays {amount} now.", amount=_BOLD), _("{n} x the dice", n=now.per_pip))
    if now.detail:
        sentence = _("A visitor pays {amount} now ({detail}).", amount=_BOLD, detail=now.detail)
        return _pays(sentence, money(now.amount))
    return _pays(_("A visitor pays {amount} now.", amount=_BOLD), money(now.amount))


_BOLD = "\x00"
"""Where the amount goes in a sentence it is drawn bold in, wherever the language puts it."""


def _pays(sentence: str, amount: str) -> Content:
    before, _sep, after = sentence.partition(_BOLD)
    return Content.assemble(before, (amount, "bold"), after)


def _not_a_deed(view: GameView, board: Board, space: int, names: Sequence[str]) -> list[Content]:
    sp = board.spaces[space]
    ed = board.edition
    beside = ed.jail is not None and ed.jail.beside  # a jail drawn beside a space, not a corner of its own
    here = [
        names[p]
        for p, ps in enumerate(view.players)
        if ps.position == space and not (ps.bankrupt or ps.in_poorhouse or (ps.in_jail and beside))
    ]
    text: list[str] = []
    amount = money(sp.amount) if sp.amount is not None else ""
    if sp.kind == "go":
        salary = money(ed.salary)
        text.append(
            _(
                "Collect {salary} salary each time you land on or pass {space}.",
                salary=salary,
                space=sp.name.upper(),
            )
        )
    elif sp.kind == "ride":
        text.append(
            _("A railroad nobody owns: pay the {amount} fare and throw again at once.", amount=amount)
        )
    elif sp.kind == "onward" and sp.to is not None:
        to = board.name(sp.to)
        if sp.amount:
            text.append(
                _(
                    "Pay {amount}, then go straight on to {space}, collecting nothing on the way.",
                    amount=amount,
                    space=to,
                )
            )
        else:
            text.append(_("Go straight on to {space}, collecting nothing on the way.", space=to))
    elif sp.kind == "carnival":
        text.append(
            _("Throw again at once: an even throw moves you forward that many spaces, an odd one back.")
        )
    elif sp.kind == "bonus":
        text.append(_("Collect {amount} from the bank.", amount=amount))
    elif sp.kind == "theatre":
        text.append(
            _(
                "Buy a seat for every player still in the game, yourself included: {amount} each.",
                amount=amount,
            )
        )
    elif sp.kind == "sweepstakes":
        text.append(
            _(
                "Throw the dice: every other player pays you {n} times the throw. The throw moves nothing.",
                n=sp.amount,
            )
        )
    elif sp.kind == "tax" and sp.tax is not None:
        tax = ed.taxes[sp.tax]
        if tax.percent is not None and not view.rules.short_game:
            text.append(
                _(
                    "Pay {flat} or {percent}% of your total worth, chosen before you add it up.",
                    flat=money(tax.flat),
                    percent=tax.percent,
                )
            )
        else:
            text.append(_("Pay {amount}.", amount=money(tax.flat)))
    elif sp.kind == "card" and sp.deck is not None:
        text.append(_("Draw a {deck} card and do what it says.", deck=ed.decks[sp.deck].name))
    elif sp.kind == "jail":
        inside = [names[p] for p, ps in enumerate(view.players) if ps.in_jail and not ps.bankrupt]
        text.append(_("In jail: {names}.", names=_people(inside)))
        fine = money(ed.jail.fine) if ed.jail is not None else _("jail")
        text.append(_("Leave by doubles, the {fine} fine or a Get Out of Jail Free card.", fine=fine))
        visiting = [n for n in here if n not in inside]
        text.append(_("Just visiting: {names}.", names=_people(visiting)))
        here = []
    elif sp.kind == "free_parking":
        if view.rules.free_parking_pot:
            text.append(_("The pot: {amount}, to whoever lands here.", amount=money(view.pot)))
        else:
            text.append(_("A free resting place: nothing happens."))
    elif sp.kind == "go_to_jail" and ed.jail is not None and ed.jail.beside:
        text.append(
            _("Go to the jail beside {space}; no wages for the trip.", space=board.name(ed.jail.space))
        )
    elif sp.kind == "go_to_jail":
        text.append(_("Go directly to jail. Do not pass GO, do not collect the salary."))
    magie = _magie_space(view, board, space, names)
    text += magie or space_rule(view, board, space)  # Magie's spaces are told by their own words
    for link in view.ruleset.track.links[space]:
        how = _(_CROSSING.get(link.when, N_("a move passing here may change rings")))
        text.append(_("A junction with {space}: {how}.", space=board.name(link.to), how=how))
    if here:
        text.append(_("Here now: {names}.", names=", ".join(here)))
    return [Content(t) for t in text]


_CROSSING = {  # when a move passing a junction crosses, by the link's condition
    "even_steps": N_("an even move passing here changes rings"),
    "odd_steps": N_("an odd move passing here changes rings"),
    "choice": N_("a move passing here may go across or keep to its ring"),
    "always": N_("every move passing here changes rings"),
    "card": N_("a card's move passing here changes rings"),
}


def _people(names: Sequence[str]) -> str:
    """Join names into a list, or "nobody"."""
    return ", ".join(names) if names else _("nobody")


def _magie_space(view: GameView, board: Board, space: int, names: Sequence[str]) -> list[str]:
    """Describe what the spaces of Magie's 1904 board do, and who is in the jail or poorhouse drawn beside
    one."""
    sp = board.spaces[space]
    ed = board.edition
    box = _("the {box}", box=box_name(board, sp.box)) if sp.box and sp.box in ed.boxes else _("the bank")
    text: list[str] = []
    if sp.kind == "mother_earth":
        interest = _(", less {amount} a bank note", amount=money(ed.loans.interest)) if ed.loans else ""
        limit = _(" for the first {n} circuits", n=ed.circuits) if ed.circuits else ""
        wages = money(sp.pays or 0)
        text.append(
            _("{wages} wages each time round{limit}{interest}.", wages=wages, limit=limit, interest=interest)
        )
    elif sp.kind == "necessity":
        text.append(
            _(
                "An absolute necessity: pay {fee} into {box} (indirect taxation).",
                fee=money(sp.fee or 0),
                box=box,
            )
        )
    elif sp.kind == "fare":
        text.append(
            _(
                "Pay a {fee} fare into {box}. On a double, passing a railroad, you may",
                fee=money(sp.fee or 0),
                box=box,
            )
        )
        text.append(_("ride free to any other and count the rest of the throw from there."))
    elif sp.kind == "luxury":
        text.append(_("Buy a luxury ticket for {fee} into {box}; it counts", fee=money(sp.fee or 0), box=box))
        text.append(
            _("{amount} at the end. Do without it and you lose the move.", amount=money(sp.counts or 0))
        )
    elif sp.kind == "franchise":
        holder = view.charters.get(space)
        who = _("nobody yet: the first to stop here takes it free") if holder is None else names[holder]
        text.append(
            _("Charter: {who}. Everyone else pays the holder {fee}.", who=who, fee=money(sp.fee or 0))
        )
    elif sp.kind == "legacy":
        text.append(
            _("Receive {amount} from {box} and a legacy ticket.", amount=money(sp.award or 0), box=box)
        )
    if ed.jail is not None and ed.jail.beside and space == ed.jail.space:
        inside = [names[p] for p, ps in enumerate(view.players) if ps.in_jail]
        text.append(_("The jail is beside it. In jail: {names}.", names=_people(inside)))
        text.append(_("Out by a double, or a {fine} fine before throwing.", fine=money(ed.jail.fine)))
    if ed.poorhouse is not None and space == ed.poorhouse.space:
        inside = [names[p] for p, ps in enumerate(view.players) if ps.in_poorhouse]
        text.append(_("The poorhouse is beside it. In it: {names}.", names=_people(inside)))
    return text


class DeedPanel(LinesView, can_focus=True):
    """Widget showing the selected space's card in the side panel."""

    DEFAULT_CSS = """
    DeedPanel {
        border: round $primary 50%;
        padding: 0 1;
        background: $surface;
    }
    DeedPanel:focus {
        border: round $accent;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = _("Deed")
        self.border_subtitle = _("y: its rules")
        self._args: tuple[GameView, Board, int, Sequence[str], Facts, Glyphs] | None = None
        self._key: object = None

    def show(
        self,
        view: GameView,
        board: Board,
        space: int,
        names: Sequence[str],
        facts: Facts,
        glyphs: Glyphs = UNICODE,
    ) -> None:
        self._args = (view, board, space, names, facts, glyphs)
        self._draw()

    def _draw(self) -> None:
        if self._args is None:
            return
        view, board, space, names, facts, glyphs = self._args
        width = max(self.text_width, 24) if self.is_mounted else 30
        key = (view, space, facts, glyphs, width)
        if key == self._key:
            return
        self._key = key
        self.set_lines(deed_card(view, board, space, names, facts, glyphs, width))

    def on_resize(self, event: events.Resize) -> None:
        """Redraw for the new width (Textual then calls the lines' own `on_resize`, which finds them
        wrapped already)."""
        self._draw()


class DeedCard(Horizontal):
    """Widget showing a space's card in a dialog: its facts beside its rent ladder."""

    DEFAULT_CSS = """
    DeedCard {
        height: auto;
    }
    DeedCard > Static {
        width: 1fr;
        height: auto;
    }
    DeedCard > #ladder {
        margin-left: 2;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="facts")
        yield Static(id="ladder")

    def show(
        self,
        view: GameView,
        board: Board,
        space: int,
        names: Sequence[str],
        facts: Facts,
        glyphs: Glyphs = UNICODE,
    ) -> None:
        parts = card_parts(view, board, space, names, facts, glyphs, 34)
        self.query_one("#facts", Static).update(Content("\n").join([parts.title, *parts.facts]))
        self.query_one("#ladder", Static).update(Content("\n").join(parts.ladder))
