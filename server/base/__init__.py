"""The server's base layer: its configuration (`config`), its own small JSON files (`state`),
the event loop's clock (`clock`) and how its processes log (`logs`). It imports nothing else of the
server's."""
