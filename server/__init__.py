"""The game server: `landlords serve`. People reach it with a plain `ssh -p 2222 host`, meet in a lobby and
play at shared tables, each from their own terminal.

The process model: a front process holds the SSH side (listener, keys, names, limits) and the registry of
rooms (`server.network.front`); worker processes, one per core by default, each hold some rooms (`room.Room`s
and their bots and saves) and run the Textual apps of the sessions at them (`server.network.worker`). Each
session's terminal is relayed from the front to its worker in frames over a Unix socket
(`server.network.frames`), and on to another worker when the player goes to a room held there. A room lives in
exactly one worker.

Its modules form layers, a folder each, lowest first: `base`, `people`, `tables`, `screens`, `session` (one
session's app and terminal) and `network`; each imports only its own layer and those below it
(`tests/test_layers.py`).
"""
