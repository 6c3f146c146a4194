"""The terminal interface. Its lines of text make their caches when first used (`tui.strips`), and its
layouts leave no map behind for the garbage collector (`tui.maps`)."""

from tui.maps import install as _maps_free_of_cycles
from tui.strips import install as _lazy_strip_caches

_lazy_strip_caches()
_maps_free_of_cycles()
