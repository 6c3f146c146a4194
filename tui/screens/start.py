"""The start screen: Quick game, Learn, New game, Resume, Quit."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from room.levels import DEFAULT_LEVEL, level_word
from translation import N_, _
from tui.styles.glyphs import UNICODE
from tui.styles.themes import GROUP_COLOURS, group_var
from tui.widgets.steady_footer import SteadyFooter

CHOICES = (
    ("quick_game", N_("Quick game"), N_("You and three {level} bots, Short Game rules")),
    ("learn", N_("Learn"), N_("A first game that explains itself")),
    ("new_game", N_("New game"), N_("Edition, rules, 2 to 8 people or bots")),
    ("resume", N_("Resume"), N_("Carry on a saved game")),
    ("quit", N_("Quit"), ""),
)
"""The menu's choices: an action, its word and what it does (translated when the menu is drawn; `{level}`
is the quick game's bots' level)."""


def banner(stripe_glyph: str = "\u2580") -> Content:
    stripe = Content("").join(Content.styled(stripe_glyph * 5, f"${group_var(c)}") for c in GROUP_COLOURS[:8])
    title = Content.styled("L  A  N  D  L  O  R  D  S".center(40), "bold $accent")
    line = Content.styled(_("a property-trading game for the terminal").center(40), "$text-muted")
    return Content("\n").join([stripe, Content(""), title, line, Content(""), stripe])


class StartScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "app.quick_game", N_("Quick game")),
        Binding("l", "app.learn", N_("Learn")),
        Binding("n", "app.new_game", N_("New game")),
        Binding("r", "app.resume", N_("Resume")),
        Binding("q,escape", "app.quit", N_("Quit"), show=False),
    ]
    DEFAULT_CSS = """
    StartScreen Vertical {
        width: 60;
        height: auto;
    }
    StartScreen #banner {
        width: 40;
        margin-bottom: 1;
    }
    StartScreen OptionList {
        width: 60;
        height: auto;
        border: round $primary;
    }
    StartScreen #note {
        width: 60;
        color: $text-muted;
        margin-top: 1;
    }
    """

    def __init__(self, note: str = "") -> None:
        super().__init__()
        self.note = note

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical():
            with Center():
                yield Static(banner(getattr(self.app, "glyphs", UNICODE).stripe), id="banner")
            labels = [_(label) for _action, label, _about in CHOICES]
            pad = max(12, *(len(label) + 2 for label in labels))
            quick = level_word(DEFAULT_LEVEL)
            yield OptionList(
                *[
                    Option(
                        Content.assemble(
                            (label.ljust(pad), "bold"), (_(about, level=quick) if about else "", "dim")
                        ),
                        id=action,
                    )
                    for label, (action, _label, about) in zip(labels, CHOICES, strict=True)
                ],
                id="menu",
            )
            yield Static(self.note, id="note")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        action = event.option.id
        if action:
            self.app.call_later(self.app.run_action, action)
