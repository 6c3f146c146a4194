"""One session: its app (`app`), opening on the lobby, and the terminal it draws on (`terminal`). It is the
layer above the screens and everything below them."""
