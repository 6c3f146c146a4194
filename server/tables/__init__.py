"""The server's tables: a table's plan (`plans`), a table and its clocks and votes (`table`, `table_clocks`,
`seat_clocks`, `seat_vote`), the hall of tables one worker holds (`hall`), a table's line in the lobby
(`lobby_line`) and one session's client of a table (`client`). It imports the people and the base layer."""
