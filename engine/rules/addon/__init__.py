"""Rule areas of the 1995 add-on board alone: its inner ring, travel cards, Triple Play, Double Trouble,
the Subway and the track's own options."""
