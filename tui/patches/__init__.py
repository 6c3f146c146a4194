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

Each module's `install` and `uninstall` act on its own patch (the tests compare the two ways). They are
written against Textual's private code, so each module also says which Textual versions it was written
for (`TEXTUAL_VERSIONS`), the sha256 of the source of every Textual function it replaces or wraps
(`FINGERPRINTS`) and the Textual version at which it is to be removed or checked again (`REMOVE_AT`, see
docs/textual-upstream.md). `install()` puts in place only the patches whose versions and fingerprints
match the installed Textual, and logs one line for each it skips: Textual's own code then runs, which
draws the same, only more slowly. `LANDLORDS_TEXTUAL_PATCHES=0` in the environment turns them all off.
"""

from __future__ import annotations

import hashlib
import inspect
import logging
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

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


class Patch(Protocol):
    """Metadata of one patch module: one change to Textual, and the Textual code it was written against."""

    __name__: str
    TEXTUAL_VERSIONS: tuple[str, ...]
    FINGERPRINTS: dict[Callable[..., Any], str]
    REMOVE_AT: str

    def install(self) -> None: ...

    def uninstall(self) -> None: ...

    def installed(self) -> bool: ...


PATCHES: tuple[Patch, ...] = (
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


SWITCH = "LANDLORDS_TEXTUAL_PATCHES"
"""The environment variable that turns the patches off when it is `0` (the app and the tests honour it)."""

log = logging.getLogger(__name__)


def name(patch: Patch) -> str:
    """Return the patch's module name (`crops`)."""
    return patch.__name__.rsplit(".", 1)[-1]


def wanted() -> bool:
    """Whether the patches are to be installed: not when `LANDLORDS_TEXTUAL_PATCHES` is `0`."""
    return os.environ.get(SWITCH, "1").strip() != "0"


def textual_version() -> str:
    """Return the installed Textual's version (`8.2.8`).

    It is read from the name of the `.dist-info` folder beside the package (`textual-8.2.8.dist-info`, as
    the packaging standard names it): asking `importlib.metadata` would slow down the start screen, which
    is kept lean. Where no such folder is found, `importlib.metadata` is asked."""
    import textual

    found = sorted(Path(textual.__file__).resolve().parent.parent.glob("textual-*.dist-info"))
    if len(found) == 1:
        return found[0].name.removeprefix("textual-").removesuffix(".dist-info")
    from importlib.metadata import version

    return version("textual")


def version_tuple(text: str) -> tuple[int, ...]:
    """Return a version's leading numbers (`9.0.0a1` is `(9, 0, 0)`), for comparing versions."""
    match = re.match(r"\d+(?:\.\d+)*", text)
    return tuple(int(part) for part in match.group().split(".")) if match else ()


def fingerprint(function: Callable[..., Any]) -> str:
    """Return the sha256 of a function's source, as `inspect.getsource` gives it."""
    return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()


def function_name(function: Callable[..., Any]) -> str:
    """Return a function's full name (`textual._compositor.Compositor._get_renders`)."""
    return f"{function.__module__}.{function.__qualname__}"


def mismatch(patch: Patch, textual: str | None = None) -> str | None:
    """Return why the patch does not fit the installed Textual (or the version given), or None if it does."""
    textual = textual or textual_version()
    here = version_tuple(textual)
    if not any(here[:2] == version_tuple(written)[:2] for written in patch.TEXTUAL_VERSIONS):
        return f"written for Textual {', '.join(patch.TEXTUAL_VERSIONS)}, installed is {textual}"
    changed = [function_name(f) for f, digest in patch.FINGERPRINTS.items() if fingerprint(f) != digest]
    if changed:
        return f"the source of {', '.join(changed)} is not the one it was written against"
    return None


def install() -> None:
    """Install every patch that fits the installed Textual, once per process (a second call changes
    nothing), logging one line for each that does not; none when `LANDLORDS_TEXTUAL_PATCHES` is `0`."""
    if not wanted():
        log.info("Textual patches off (%s=0): Textual's own code runs", SWITCH)
        return
    for patch in PATCHES:
        if patch.installed():
            continue
        why = mismatch(patch)
        if why is None:
            patch.install()
        else:
            log.warning("Textual patch %s skipped, Textual's own code runs: %s", name(patch), why)


def installed() -> dict[str, bool]:
    """Return which patches are installed now, by module name."""
    return {name(patch): patch.installed() for patch in PATCHES}
