"""The game server: `landlords serve`. People reach it with a plain `ssh -p 2222 host`, meet in a lobby and
play at shared tables, each from their own terminal.

The process model: every session is a Textual app in the server's own process, on its one event loop,
drawing to its SSH channel (`server.terminal.ChannelDriver`); every table is a `room.Room` in the same
process, which all the sessions at it follow. Nothing is shared between sessions but the rooms.
"""
