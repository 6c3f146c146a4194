"""Models behind the full screen's widgets: the board's layout, trade and deal drafts, game statistics."""
