"""Playing a game: `Game.apply` (the one way a game's state changes), what is legal now, a seat's view,
setting a game up, taking moves back, the odds, and where each rule comes from."""
