"""The server's tables: a table's plan (`plans`), a table and its clocks and votes (`table`, `table_clocks`,
`seat_clocks`, `seat_vote`), the rooms one worker holds (`worker_rooms`), a table's line in the lobby
(`lobby_line`) and one session's client of a table (`client`). It imports the people and the base layer."""
