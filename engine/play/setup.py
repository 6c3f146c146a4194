"""Setting up a game: seats, starting cash, shuffled decks and, for the dealt variants, the deal."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence

import engine.core.rng as rng
from engine.core.board import board_for
from engine.core.edition import load_edition
from engine.core.events import DeedDealt, Event, SeedPledged, TurnStarted
from engine.core.fairness import fingerprint
from engine.core.options import RuleOptions
from engine.core.rule_ids import RuleId
from engine.core.state import BankState, DeedState, GameState, PlayerState, awaiting_roll
from engine.core.text import TextError, check_name
from engine.core.unchecked import unchecked
from engine.play.game import Game
from engine.play.rulebook import rules_problem, ruleset_for
from engine.rules.hands import deal_hands

_deed_state = unchecked(DeedState)
_player_state = unchecked(PlayerState)
_bank_state = unchecked(BankState)


class SetupError(ValueError):
    """The game cannot be set up as asked (unknown edition, wrong number of players, ...)."""


def new_game(
    edition: str = "classic",
    players: Sequence[str] = ("Ada", "Grace"),
    seed: int | None = None,
    rules: RuleOptions | None = None,
    dice: Iterable[tuple[int, int]] | None = None,
) -> Game:
    """Return a new game, ready for the first player to roll. `dice` (tests only) are used before the PRNG."""
    try:
        ed = load_edition(edition)
    except ValueError as exc:
        raise SetupError(str(exc)) from exc
    if not ed.min_players <= len(players) <= ed.max_players:
        raise SetupError(
            f"{ed.name} is played by {ed.min_players} to {ed.max_players} players, not {len(players)}."
        )
    try:
        names = [check_name(n) for n in players]
    except TextError as exc:
        raise SetupError(str(exc)) from None
    if len({n.casefold() for n in names}) != len(names):
        raise SetupError("Players need different names.")
    rules = rules or RuleOptions()
    problem = rules_problem(ed, rules)
    if problem is not None:
        raise SetupError(problem)
    if (rules.short_game and ed.short_game is None) or (rules.time_limit_rounds and ed.time_limit is None):
        raise SetupError(f"{ed.name} has no {'Short Game' if rules.short_game else 'Time Limit game'}.")
    scripted = [_die_pair(d) for d in dice] if dice is not None else []
    if seed is None:
        seed = secrets.randbits(63)
    board = board_for(edition)
    try:
        game_rules = ruleset_for(edition, rules)
    except ValueError as exc:  # a variant the edition does not have
        raise SetupError(str(exc)) from exc
    cash, credit = game_rules.starting_funds(len(names), rules)
    state_, inc = rng.seed_state(seed)
    state = GameState(
        edition=edition,
        rules=rules,
        seed=seed,
        rng_state=state_,
        rng_inc=inc,
        players=[_player_state(name=n, cash=cash, credit=credit) for n in names],
        deeds={s: _deed_state() for s in board.deeds},
        bank=_bank_state(houses=ed.bank.houses, hotels=ed.bank.hotels),
        decks={name: [c.id for c in deck.cards] for name, deck in sorted(ed.decks.items())},
        scripted_dice=scripted,
        boxes=dict.fromkeys(ed.boxes, 0),
    )
    game = Game(state, initial=state)  # the true start is recorded once the deal is done
    for name in sorted(state.decks):
        game.shuffle(state.decks[name])
    opening: list[Event] = [SeedPledged(fingerprint=fingerprint(seed))]
    opening += _deal(game) if game.ruleset.dealt is not None else []
    opening += deal_hands(game)
    state.pending = awaiting_roll(0)
    opening.append(TurnStarted(player=0, turn=0))
    opening.extend(game.ruleset.opening(game))  # it may set what the game first waits for
    game.initial = state.copy()
    game.opening = opening
    return game


def _die_pair(d: tuple[int, int]) -> tuple[int, int]:
    a, b = int(d[0]), int(d[1])
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise SetupError(f"Dice show 1 to 6, not {d}.")
    return a, b


def _deal(game: Game) -> list[Event]:
    """Deal deeds round the table, as the Short Game and Time Limit rules say (paid for in the latter)."""
    st = game.state
    dealt = game.ruleset.dealt
    assert dealt is not None
    pile = list(game.board.deeds)
    game.shuffle(pile)
    events: list[Event] = []
    rule: RuleId = "end.short_game" if st.rules.short_game else "end.time_limit"
    for _ in range(dealt.deal_deeds):
        for p, ps in enumerate(st.players):
            if not pile:
                return events
            space = pile.pop()
            price = 0 if dealt.deeds_free else game.board.price[space]
            if ps.cash < price:
                pile.insert(0, space)
                continue
            ps.cash -= price
            st.deeds[space].owner = p
            events.append(DeedDealt(player=p, space=space, price=price, rule=rule))
    return events
