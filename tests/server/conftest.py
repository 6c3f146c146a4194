"""The servers these tests start run their workers' apps as a worker process does: with `tui.patches`."""

from __future__ import annotations

from tui import patches

patches.install()
