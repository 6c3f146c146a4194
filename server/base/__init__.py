"""The server's ground floor: what it is started with (`config`), its own small JSON files (`state`) and
the event loop's clock (`clock`). It imports nothing else of the server's."""
