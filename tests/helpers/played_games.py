"""Games played forward by the simple players to a given turn, for the look-ahead's tests: real positions
of every edition, with cards in hand, buildings and players gone out."""

from __future__ import annotations

from engine import Event, Game, new_game
from engine.bots import make_bot
from engine.lookahead.players import SimplePlayer
from engine.rules.hands import split_ref


def played(edition: str, turns: int, seed: int = 5) -> Game:
    game = new_game(edition, ["Ada", "Grace", "Linus", "Ken"], seed=seed)
    player = SimplePlayer()
    st = game.state
    while st.turn < turns and st.winner is None:
        assert st.pending is not None
        game.apply(player.decide(game, st.pending.player))
    return game


def lookalike(game: Game) -> Game:
    """The same table as `game` to everyone at it, but another seed, other deck orders and other cards
    face down in the players' hands: what the table cannot see, changed everywhere it can be."""
    state = game.state.copy()
    state.seed = state.seed + 1
    state.rng_state ^= 0x5DEECE66D
    for order in state.decks.values():
        order.reverse()
    hidden = [
        (p, i)
        for p, ps in enumerate(state.players)
        for i, ref in enumerate(ps.hand)
        if game.board.edition.decks[split_ref(ref)[0]].hidden
    ]
    if hidden:  # the first face-down card changes places with the top of its deck
        p, i = hidden[0]
        deck, card = split_ref(state.players[p].hand[i])
        if state.decks[deck]:
            state.players[p].hand[i], state.decks[deck][0] = f"{deck}/{state.decks[deck][0]}", card
    return Game.from_state(state)


def until_buy(edition: str = "classic", most_turns: int = 40, cash: int = 0) -> Game:
    """A game played by the simple players up to the first time someone with at least `cash` is asked
    whether to buy the deed he stands on (the first seed that gets there within `most_turns` turns)."""
    for seed in range(1, 100):
        game = new_game(edition, ["Ada", "Grace", "Linus", "Ken"], seed=seed)
        player = SimplePlayer()
        st = game.state
        while st.turn < most_turns and st.winner is None:
            assert st.pending is not None
            if st.pending.kind == "buy" and st.players[st.pending.player].cash >= cash:
                return game
            game.apply(player.decide(game, st.pending.player))
    raise AssertionError(f"no buy decision within {most_turns} turns in a hundred games")


def hard_game_at_seat_0(seed: int, decisions: int) -> list[tuple[Game, list[Event]]]:
    """Seat 0's choices in a game of four `hard` seeded `seed`: a copy of the game at each, and the events so
    far."""
    game = new_game("classic", ["Ada", "Grace", "Linus", "Ken"], seed=seed)
    bots = [make_bot("hard", seed, s) for s in range(4)]
    history: list[Event] = list(game.opening)
    out: list[tuple[Game, list[Event]]] = []
    st = game.state
    while st.winner is None and len(out) < decisions:
        assert st.pending is not None
        p = st.pending.player
        legal = game.legal_commands(p)
        cmd = bots[p].choose(game.view(p), legal)
        if p == 0 and (len(legal) > 1 or cmd.kind == "propose_trade"):
            out.append((Game.from_state(st.copy()), list(history)))
        events = game.apply(cmd)
        history += events
        for b in bots:
            b.observe(events)
    return out
