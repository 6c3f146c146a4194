"""Drawing helpers below the widgets: the hardware cursor, repainting regions, notices drawn on top."""
