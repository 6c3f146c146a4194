"""Tools built on the engine's public API: the simple built-in players, headless simulation, tournaments
between bot levels and the scorecard of what each level did. Nothing in the rules imports them."""
