"""Text the full screen shows: captions, announcements, labels, descriptions of spaces and trades."""
