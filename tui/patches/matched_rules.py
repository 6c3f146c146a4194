"""Patch: the CSS rules a widget matches are computed once for each position in the DOM a widget can have.

Textual styles a widget by testing every rule that might apply against the widget and its ancestors, and
keeps what it found only for the siblings mounted with it. A dialog is made anew each time it opens, so
every buy dialog, auction and card was matched against the whole stylesheet again, widget by widget:
about a fifth of the CPU a dialog takes to come on top, and on a server's worker, once for every person.

What a widget's rules come to depends only on the stylesheet's rules and on what selectors can test
along the path from the app to the widget: each node's class, id and classes, and the pseudo-classes
those rules name (hover, focus, disabled, dark, ...) as each node has them now. `install` keys the
result by exactly that and shares it between the widgets, dialogs and apps of the process that stand
in the same place, in the same state, under the same rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from textual.css.model import RuleSet
from textual.css.styles import RulesMap
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

_TEXTUAL_APPLY = Stylesheet.apply

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL_APPLY: "1faf3687bbba428feb76c648ce131943e14cbb86cfa8f081a18f7edb6cd5fb03",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""

MOST_KEPT = 20_000
"""Places kept at most (a game's screens and dialogs use about a thousand); past it, all are forgotten."""
MOST_RULE_LISTS = 256
"""Rule lists numbered at most (an app's grows by one list for each kind of widget it first shows)."""

_ORDER = frozenset({"first-of-type", "last-of-type", "first-child", "last-child", "odd", "even", "empty"})
_UNSHARED = _ORDER | {"focus-within"}  # as Textual: rules that name these are matched every time

_NO_RULES: RulesMap = {}  # the place matches no rule: the widget keeps the rules it has (as Textual)

_rule_sets: dict[tuple[int, ...], tuple[int, list[RuleSet]]] = {}  # rule sets -> their number, kept alive
_number_of: WeakKeyDictionary[Stylesheet, tuple[list[RuleSet], int]] = WeakKeyDictionary()
_named: dict[tuple[int, frozenset[str]], tuple[str, ...]] = {}  # pseudo-classes the candidate rules name
_matched: dict[tuple[object, ...], RulesMap] = {}
_parts: dict[tuple[object, ...], tuple[object, ...]] = {}  # one copy of each node's part of a place


def _forget() -> None:
    _matched.clear()
    _named.clear()
    _parts.clear()
    _rule_sets.clear()
    _number_of.clear()


def _number(sheet: Stylesheet) -> int:
    """Return the version number of the stylesheet's rules as they are now (its rule list is replaced when it
    parses)."""
    rules = sheet.rules
    known = _number_of.get(sheet)
    if known is not None and known[0] is rules:
        return known[1]
    ids = tuple(map(id, rules))
    entry = _rule_sets.get(ids)
    if entry is None:
        if len(_rule_sets) >= MOST_RULE_LISTS:
            _forget()  # numbers start again: nothing matched under an old number may be found
        entry = _rule_sets[ids] = (len(_rule_sets), rules)  # kept: no id is reused while it is known
    _number_of[sheet] = (rules, entry[0])
    return entry[0]


def _pseudo_classes(sheet: Stylesheet, number: int, names: set[str]) -> tuple[str, ...]:
    """Return the pseudo-classes named anywhere in the rules that may apply to a widget with these names."""
    key = (number, frozenset(names))
    named = _named.get(key)
    if named is None:
        rules_map = sheet.rules_map
        found: set[str] = set()
        for name in rules_map.keys() & names:
            for rule in rules_map[name]:
                found |= rule.pseudo_classes
        named = _named[key] = tuple(sorted(found))
    return named


def _apply(
    self: Stylesheet,
    node: DOMNode,
    *,
    animate: bool = False,
    cache: dict[tuple[Any, ...], RulesMap] | None = None,
) -> None:
    number = _number(self)
    pseudo = _pseudo_classes(self, number, node._selector_names)
    if not _UNSHARED.isdisjoint(pseudo):
        _TEXTUAL_APPLY(self, node, animate=animate, cache=cache)
        return
    parts = _parts
    place = []
    for n in node.css_path_nodes:
        part = (type(n), n._id, n.classes, tuple([n.has_pseudo_class(p) for p in pseudo]) if pseudo else ())
        place.append(parts.setdefault(part, part))
    key = (number, *place)
    rules = _matched.get(key)
    if rules is None:
        found: dict[tuple[Any, ...], RulesMap] = {}
        _TEXTUAL_APPLY(self, node, animate=animate, cache=found)  # Textual keeps what it matched there
        if len(_matched) >= MOST_KEPT:
            _matched.clear()  # the numbers stay: `key` was made under them
            _parts.clear()
        _matched[key] = next(iter(found.values()), _NO_RULES)
        return
    node._has_hover_style = "hover" in pseudo
    node._has_focus_within = False
    node._has_order_style = False
    node._has_odd_or_even = False
    if rules is not _NO_RULES:
        self.replace_rules(node, rules, animate=animate)
    self._process_component_classes(node)


def install() -> None:
    """Share matched rules between the widgets of this process from now on (once per process)."""
    if Stylesheet.apply is not _apply:
        Stylesheet.apply = _apply  # type: ignore[method-assign]


def uninstall() -> None:
    """Restore Textual's own matching of each widget (for the tests that compare the two)."""
    Stylesheet.apply = _TEXTUAL_APPLY  # type: ignore[method-assign]
    _forget()


def installed() -> bool:
    """Whether this patch is in place now."""
    return Stylesheet.apply is _apply
