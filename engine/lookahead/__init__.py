"""Monte Carlo look-ahead: playing a position forward many times, from what the table can see, to estimate
each player's chance to win.

A position is sampled afresh for every playout from a player's view (or a spectator's): the dice to come
and the order of the unseen cards are drawn from the analysis's own seed, cards held face down are drawn
from those not yet seen, and the game's real seed is never read. Each playout is played by the simple
players (`players`, also the seats of headless play) for a few turns, and the position it reaches is
valued by figures fitted from many games between the bots (`value`). The engine knows nothing of this:
the analysis drives the engine through `Game.apply`, like any player.
"""
