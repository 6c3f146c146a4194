"""The key footer: one line rendered as text, never rebuilt.

Textual's own footer is a row of widgets, one per key, rebuilt whenever the keys on offer may have changed
(a command played, a dialog opened or closed, the focus moved). Each rebuild mounts new widgets and lays
the whole screen out twice, once for the new widgets and once more when they learn their width: on a
server holding dozens of tables, that was a large share of every key's cost. This footer draws the same
line from the screen's active bindings and only repaints its own row when they change.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.screen import Screen

from translation import N_, _
from tui.widgets.shared_lines import SharedLines


@dataclass(frozen=True)
class ShownKey:
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    enabled: bool
    tooltip: str
    action: str = ""


class SteadyFooter(SharedLines, can_focus=False):
    """Footer widget listing the keys the top screen offers now, in one line at the bottom; a click presses a
    key."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    SteadyFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
    }
    """
    # The theme's footer colours, named in the styles of the line itself: component classes would do the
    # same, at the cost of three throwaway style nodes each time the screen's styles are looked at again.
    KEY = "bold $footer-key-foreground on $footer-key-background"
    WORDS = "$footer-description-foreground on $footer-description-background"
    HOVER = " on $block-hover-background"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._drawn: tuple[ShownKey, ...] | None = None
        self._spans: list[tuple[int, int, ShownKey]] = []  # where each key was drawn: start, end
        self._hover: str | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and self.shown() != self._drawn:
            self.refresh()

    def shown(self) -> tuple[ShownKey, ...]:
        """Return the keys on offer, one per action (the first key bound to it) and one per label (a screen's
        `q` Quit and the app's Ctrl+Q Quit: the first), in the order they were bound."""
        keys: list[ShownKey] = []
        actions: set[str] = set()
        labels: set[str] = set()
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in actions:
                continue
            # Descriptions are marked where the bindings are written and translated here, when shown: the
            # language is chosen per session, long after the classes holding the bindings were made.
            description = _(binding.description) if binding.description else ""
            if description in labels:
                continue
            actions.add(binding.action)
            if description:
                labels.add(description)
            display = self.app.get_key_display(binding)
            keys.append(
                ShownKey(
                    binding.key, display, description, enabled, _(tooltip) if tooltip else "", binding.action
                )
            )
        return tuple(keys)

    def render(self) -> Content:
        keys = self.shown()
        self._drawn = keys
        width = self.size.width
        words = footer_words(keys, width)
        parts: list[Content] = []
        self._spans = []
        at = 0
        for i, shown in enumerate(keys):
            if i:
                parts.append(Content(" "))
                at += 1
            extra = (" dim" if not shown.enabled else "") + (self.HOVER if shown.key == self._hover else "")
            parts.append(Content.styled(shown.display, self.KEY + extra))
            end = at + cell_len(shown.display)
            if words[i]:
                parts.append(Content.styled(" " + words[i], self.WORDS + extra))
                end += 1 + cell_len(words[i])
            self._spans.append((at, end, shown))
            at = end
        return Content("").join(parts)

    def _key_at(self, x: int) -> ShownKey | None:
        return next((shown for start, end, shown in self._spans if start <= x < end), None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        shown = self._key_at(event.x)
        if shown is None:
            return
        if shown.enabled:
            self.app.simulate_key(shown.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        shown = self._key_at(event.x)
        hover = shown.key if shown is not None else None
        if hover != self._hover:
            self._hover = hover
            self.tooltip = shown.tooltip or None if shown is not None else None
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()


TEXTUAL_WORDS = (N_("Quit"), N_("Palette"), N_("Help"), N_("Cancel"), N_("Submit"))
"""Textual's own keys' words, which the footer translates like ours."""

HELP = frozenset({"help", "app.help"})
"""The help's action, whose key keeps its word longest."""


def short_words(excess: int, description: str) -> str:
    """Shorten a key's label to its first word ("Vote: seat to a bot" becomes "Vote"), for a footer `excess`
    cells too wide: a word still explains what the key does, where a key alone does not."""
    first = description.split(maxsplit=1)[0] if description.strip() else ""
    return first.rstrip(":;,.-") or first


def footer_words(keys: tuple[ShownKey, ...], width: int) -> list[str]:
    """Return each key's label as drawn at this width. Too many keys for the width: the last ones' words are
    cut to their first, then abridged ("Chan."), then, if that is not enough, the last ones lose them
    (Help, which tells what every other key does, only before the first key); every key stays."""
    helps = [i for i, k in enumerate(keys) if k.action in HELP and i]
    order = [i for i in reversed(range(1, len(keys))) if i not in helps] + helps + [0]
    words = [k.description for k in keys]
    for cut in (short_words, _abridged, lambda _excess, _word: ""):
        for i in order:
            excess = _length(keys, words) - width
            if excess <= 0:
                return words
            words[i] = cut(excess, words[i]) if words[i] else ""
    return words


def _abridged(excess: int, word: str) -> str:
    """Abbreviate a word by the number of cells the line is too long, marked by a full stop ("Chan."), to
    three letters at the fewest; the word as it was when that saves nothing."""
    keep = max(3, len(word) - excess - 1)
    return word[:keep] + "." if keep < len(word) - 1 else word


def bare_keys(keys: tuple[ShownKey, ...], width: int) -> set[int]:
    """Return the keys drawn without their labels at this width (`footer_words`)."""
    words = footer_words(keys, width)
    return {i for i, k in enumerate(keys) if k.description and not words[i]}


def _length(keys: tuple[ShownKey, ...], words: list[str]) -> int:
    """Return the cells the line takes with these labels beside its keys."""
    cells = sum(cell_len(k.display) for k in keys) + max(len(keys) - 1, 0)
    return cells + sum(cell_len(w) + 1 for w in words if w)
