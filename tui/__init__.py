"""The terminal interface. Its lines of text make their caches when first used (`tui.strips`)."""

from tui.strips import install as _lazy_strip_caches

_lazy_strip_caches()
