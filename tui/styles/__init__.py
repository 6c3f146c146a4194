"""The full screen's look: colour themes, colour styles, focus styling and the board's symbols."""
