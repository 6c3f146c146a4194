"""Text descriptions of a trade: each deed with its value and what it does for the side receiving it, each
side of an offer, and what the whole deal does to both players' groups."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from engine import Board, Bundle, GameView
from engine.core.narration import card_phrase
from engine.queries import markers_left, side_problem
from room.board_words import tells_groups
from translation import _, money, ngettext, say
from tui.models.trade_model import deed_note, group_changes, holding, value_of
from tui.styles import look
from tui.styles.glyphs import Glyphs


def is_built(view: GameView, board: Board, space: int) -> bool:
    """Whether buildings keep a deed from changing hands (deeds of a group with buildings, where groups
    build together; a lot sold as a house and lot changes hands with its houses)."""
    owner = view.deeds[space].owner
    if owner is None:
        return False
    problem = side_problem(view, owner, Bundle(deeds=(space,)))
    return problem is not None and problem.code == "has_buildings"


def deed_line(view: GameView, board: Board, space: int, receiver: int | None, glyphs: Glyphs) -> Content:
    """Format a deed line, "Or Tennessee Avenue $180 ★": the group's tag on its colour, name, value, mortgage,
    and a star if it completes the receiver's group. An edition without colour groups (1904, Finance: their
    lots are one group) has neither tag nor star."""
    grouped = tells_groups(board)
    parts = [
        Content.assemble(look.group_tag(board, _group(board, space)), " ") if grouped else Content(""),
        Content(f"{board.spaces[space].name} "),
        Content.styled(money(value_of(view, board, space)), "dim"),
    ]
    if view.deeds[space].mortgaged:
        parts.append(Content.styled(f" {glyphs.mortgaged}", "bold $warning"))
    if is_built(view, board, space):
        parts.append(Content.styled(" " + _("(built)"), "dim italic"))
    elif view.deeds[space].level:
        parts.append(
            Content.styled(f" {glyphs.house * view.ruleset.houses(view.deeds[space].level)}", "$success")
        )
    if receiver is not None and grouped:
        held, size = holding(view, board, space, receiver)
        if held + 1 == size:
            parts.append(Content.styled(f" {glyphs.full_group}", "bold $accent"))
    return Content("").join(parts)


def _group(board: Board, space: int) -> str:
    group = board.group_of[space]
    assert group is not None
    return group


def side_text(
    view: GameView,
    board: Board,
    names: Sequence[str],
    glyphs: Glyphs,
    giver: int,
    bundle: Bundle,
    receiver: int,
    back: Bundle | None = None,
) -> Content:
    """Describe one side of an offer: who gives what, each deed with what it means to the receiver once the
    deal is done (`back`: what the receiver gives the other way)."""
    moved = dict.fromkeys(bundle.deeds, receiver) | dict.fromkeys(back.deeds if back else (), giver)
    lines = [Content.styled(_("{name} gives:", name=names[giver]), f"bold {look.player(giver)}")]
    for s in bundle.deeds:
        lines.append(Content("  ") + deed_line(view, board, s, receiver, glyphs))
        lines.append(Content.styled(f"     {deed_note(view, board, s, receiver, names, moved)}", "dim"))
    if bundle.cash:
        lines.append(Content("  " + _("{amount} cash", amount=money(bundle.cash))))
    if bundle.jail_cards:
        lines.append(Content("  " + _("{n} Get Out of Jail Free card(s)", n=bundle.jail_cards)))
    if bundle.houses:
        lots = ", ".join(dict.fromkeys(board.name(s) for s in bundle.houses))
        n = len(bundle.houses)
        houses = ngettext(
            "{n} house from {lots}, to go on {name}'s lots",
            "{n} houses from {lots}, to go on {name}'s lots",
            n,
            lots=lots,
            name=names[receiver],
        )
        lines.append(Content("  " + houses))
    for ref in bundle.cards:
        lines.append(Content(f"  {say(card_phrase(ref, board))}"))
    if bundle.empty:
        lines.append(Content("  " + _("nothing")))
    return Content("\n").join(lines)


def bundle_value(view: GameView, board: Board, bundle: Bundle) -> int:
    return bundle.cash + sum(value_of(view, board, s) for s in bundle.deeds)


def effects_text(
    view: GameView,
    board: Board,
    names: Sequence[str],
    proposer: int,
    partner: int,
    give: Bundle,
    take: Bundle,
) -> Content:
    """Describe the value each side gives, and the groups the deal completes or breaks up for each player."""
    changes = group_changes(view, board, proposer, partner, give, take)
    counted = (
        _("lots at price times houses")
        if board.edition.houses_with_lot
        else _("deeds at price, mortgaged at half")
    )
    lines = [
        Content(
            _(
                "Value: {name} gives {gives}, gets {gets} ({counted}).",
                name=names[proposer],
                gives=money(bundle_value(view, board, give)),
                gets=money(bundle_value(view, board, take)),
                counted=counted,
            )
        )
    ]
    if not board.edition.colour_groups:
        for who, gets, gives in ((proposer, take, give), (partner, give, take)):
            left = markers_left(view, who)
            if left is not None:
                after = left - len(gets.deeds) + len(gives.deeds)
                style = "$error" if after < 0 else "dim"
                text = _("ownership markers left after: {n}", n=after)
                lines.append(Content.assemble((names[who], f"bold {look.player(who)}"), ": ", (text, style)))
        return Content("\n").join(lines)
    for who in (proposer, partner):
        change = changes[who]
        bits = []
        if change.completes:
            bits.append(_("completes {groups}", groups=", ".join(change.completes)))
        if change.breaks:
            bits.append(_("breaks up {groups}", groups=", ".join(change.breaks)))
        text = "; ".join(bits) if bits else _("no group completed or broken")
        style = "bold $success" if change.completes else ("$error" if change.breaks else "dim")
        lines.append(Content.assemble((names[who], f"bold {look.player(who)}"), ": ", (text, style)))
    return Content("\n").join(lines)
