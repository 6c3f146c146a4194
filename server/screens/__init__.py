"""The server's own screens: the first visit's name, the lobby, a new room, waiting for players, chat."""
