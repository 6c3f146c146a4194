"""Changes to Textual's own classes that save memory and CPU, installed by the programs that run apps.

Each module here replaces one method of a Textual class for the whole process, so none is installed by
importing it (nor by importing `tui`): the entry points that run apps call `install()` once before the
first one starts, the `landlords` command (`cli.launch`) and the server's worker
(`server.network.worker`). An app run without them (a test, another program using `tui`) behaves and draws the
same, only more slowly.

- `strips`: a line of text makes its seven caches when first used, not when made, and never keeps itself
  in one (no reference cycle per line drawn).
- `maps`: the compositor's map of where each widget is no longer sits in a reference cycle, so the next
  layout frees it at once instead of the garbage collector's full pass.
- `stylesheets`: the apps of a process share the rules parsed from the same CSS under the same theme.
- `crops`: the compositor renders only the rows of each widget that an update draws.
- `covered`: the compositor cuts a widget's row into pieces only where some of it shows.
- `matched_rules`: the rules a widget's CSS resolves to are worked out once for each place a widget
  can stand, and shared by the widgets, dialogs and apps of the process that stand there.
- `component_nodes`: a widget's component styles are worked out on the same stand-in nodes each time,
  not on new ones that each leave a reference cycle behind.
- `filters`: a line that the app's line filter leaves as it was (the game's lines, in exact colours) is
  handed out as itself, not as a copy the line then keeps.
- `caches`: a cache that is cleared lets go of its entries at once, not at the collector's next pass.
- `mailboxes`: each widget's message queue and "mounted" flag hold no deque of their own (three apiece).
- `tooltips`: a screen mounts its tooltip the first time a mouse moves over it, not when it is composed.
- `weak_tables`: a node's weak table of timers and its signals' tables of subscribers are made when first
  used.

Each module's `install` and `uninstall` act on its own patch (the tests compare the two ways); they are
written against Textual's private names, which is why `textual` is pinned to one minor version.
"""

from __future__ import annotations

from textual._compositor import Compositor
from textual.cache import LRUCache
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen
from textual.strip import Strip

from tui.patches import (
    caches,
    component_nodes,
    covered,
    crops,
    filters,
    mailboxes,
    maps,
    matched_rules,
    strips,
    stylesheets,
    tooltips,
    weak_tables,
)

PATCHES = (
    strips,
    maps,
    stylesheets,
    matched_rules,
    crops,
    covered,
    component_nodes,
    filters,
    caches,
    mailboxes,
    tooltips,
    weak_tables,
)
"""Every patch, in the order they are installed."""


def install() -> None:
    """Install every patch (once per process: a second call changes nothing)."""
    for patch in PATCHES:
        patch.install()


def installed() -> dict[str, bool]:
    """Which patches are in place now, by module name."""
    return {
        "strips": Strip.__init__ is strips._init,
        "maps": Compositor._arrange_root is maps._arrange_root,
        "stylesheets": Stylesheet._parse_rules is stylesheets._parse_rules,
        "matched_rules": Stylesheet.apply is matched_rules._apply,
        "crops": Compositor._get_renders is crops._get_renders,
        "covered": Compositor._render_chops is covered._render_chops,
        "component_nodes": Stylesheet._process_component_classes
        is component_nodes._process_component_classes,
        "filters": Strip.apply_filter is filters._apply_filter,
        "caches": LRUCache.clear is caches._clear,
        "mailboxes": mailboxes.installed(),
        "tooltips": Screen._extend_compose is tooltips._extend_compose,
        "weak_tables": weak_tables.installed(),
    }
