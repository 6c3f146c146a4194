"""The server's ground floor: what it is started with (`config`), its own small JSON files (`state`),
the event loop's clock (`clock`) and how its processes log (`logs`). It imports nothing else of the
server's."""
