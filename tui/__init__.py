"""The terminal interface. Its lines of text make their caches when first used (`tui.strips`), its
layouts leave no map behind for the garbage collector (`tui.maps`), and its apps share parsed stylesheets
(`tui.stylesheets`) and the rules they match for each place a widget stands (`tui.matched_rules`)."""

from tui.maps import install as _maps_free_of_cycles
from tui.matched_rules import install as _shared_matches
from tui.strips import install as _lazy_strip_caches
from tui.stylesheets import install as _shared_stylesheets

_lazy_strip_caches()
_maps_free_of_cycles()
_shared_stylesheets()
_shared_matches()
