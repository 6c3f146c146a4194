"""Long-lived processes and the garbage collector.

What a process loads once (modules, classes, the engine's validators and the bots' tables) lives as long
as it does, yet every full pass of Python's cyclic collector walks it again: about 20 ms of CPU for the
engine's validators alone, paid by whichever bot decision or screen update happens to trigger the pass.
`settle` sets everything alive at that moment aside from those passes (`gc.freeze`); what is made later
is collected as before.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Collect what is already garbage, then set everything still alive aside from future full passes."""
    gc.collect()
    gc.freeze()
