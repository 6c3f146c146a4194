"""`raw_env`: landlords as a PettingZoo AEC environment, a thin adapter over the engine and `room/`.

One agent per learning seat (`player_<seat>`); the other seats are played by the built-in bots (or the
engine's simple players), seated as a room seats them (`room.opponents`). The game is the engine's own:
every move goes through `Game.apply`, the mask is the engine's list of legal commands
(`landlords_env.actions`), the observation is the seat's view as arrays (`landlords_env.observations`).
An agent acts whenever the game waits on its seat; while it is its decision it may also build, sell,
mortgage and compose a trade. With `moves="prudent"` the mask offers only the legal commands a prudent
player would give (`landlords_env.actions.prudent_commands`).
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from engine import Game, GameState, GameView, IllegalCommand, RuleOptions, board_for, load_edition, new_game
from engine.bots import check_level
from engine.bots.base import BotBase
from engine.core.commands import Command
from engine.core.events import Event
from engine.core.narration import describe
from engine.lookahead.sampling import Sampler
from engine.tools.simulate import game_seed
from landlords_env.actions import MOVES, ActionLayout, DraftMove, drafted, proposal
from landlords_env.observations import Draft, ObservationLayout, board_data
from room.opponents import Opponent, SimpleOpponent, make_opponents, tell_opponents
from room.seats import Seat
from saves.eventlog import Player, event_lines

SIMPLE = "simple"
"""An opponent level besides the bots': the engine's simple player (fast, predictable)."""


# PettingZoo ships no type hints, so its base class is Any to the type checker.
class raw_env(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name)
    """The PettingZoo AEC environment of landlords, for learning agents. See docs/research.md for the
    observation and the action layouts."""

    metadata: dict[str, Any] = {
        "name": "landlords_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        edition: str = "classic",
        seats: int = 4,
        opponents: Sequence[str] | Mapping[int, str] | None = None,
        seed: int | None = None,
        *,
        rules: RuleOptions | None = None,
        max_turns: int = 1000,
        shaping: float = 0.0,
        observation: Literal["flat", "dict"] = "flat",
        offers_per_turn: int = 2,
        moves: Literal["all", "prudent"] = "all",
        illegal: Literal["raise", "lose"] = "raise",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """`opponents`: the levels of the seats not learning, as a list for seats 1, 2, ... (the agent in
        seat 0) or a mapping from seat to level; None: every seat is an agent. `moves`: "all", every legal
        command is an allowed action; "prudent", only those `prudent_commands` keeps. `options` are rule
        options (`engine.RuleOptions`: `short_game=True`, `auctions=False`, ...), or pass `rules`."""
        super().__init__()
        ed = load_edition(edition)
        if not ed.min_players <= seats <= ed.max_players:
            raise ValueError(
                f"{ed.name} is played by {ed.min_players} to {ed.max_players} players, not {seats}"
            )
        if options and rules is not None:
            raise ValueError("give the rule options as `rules` or as keywords, not both")
        self.rules = RuleOptions(**options) if options else (rules or RuleOptions())
        self.edition = edition
        self.seats = seats
        self.levels = _levels(opponents, seats)
        if len(self.levels) == seats:
            raise ValueError("every seat is an opponent: leave at least one seat to an agent")
        if observation not in ("flat", "dict"):
            raise ValueError(f"observation is 'flat' or 'dict', not {observation!r}")
        if moves not in MOVES:
            raise ValueError(f"moves is 'all' or 'prudent', not {moves!r}")
        self.moves = moves
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal is 'raise' or 'lose', not {illegal!r}")
        self.illegal = illegal
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.max_turns = max_turns
        self.shaping = float(shaping)
        self.observation_form = observation
        self.offers_per_turn = offers_per_turn
        self.render_mode = render_mode
        self.names = [f"Player {s + 1}" for s in range(seats)]
        self._seat_of = {f"player_{s}": s for s in range(seats) if s not in self.levels}
        self._agent_at = {s: a for a, s in self._seat_of.items()}
        self._agent_seats = tuple(self._agent_at)
        self.possible_agents = list(self._seat_of)
        self.layout = ObservationLayout(board_for(edition), seats, noted=True)  # remembers what it wrote
        self.board_columns, self.board_data = board_data(self.layout.board)
        """The board's printed figures (prices, rents, building costs, groups), a row per space."""
        self.actions = ActionLayout(self.layout.board, seats)
        flat = gymnasium.spaces.Box(self.layout.low, self.layout.high, dtype=np.float32)
        inner: gymnasium.spaces.Space[Any] = flat
        if observation == "dict":
            inner = gymnasium.spaces.Dict(
                {
                    s.name: gymnasium.spaces.Box(
                        self.layout.low[s.start : s.stop].reshape(s.shape),
                        self.layout.high[s.start : s.stop].reshape(s.shape),
                        dtype=np.float32,
                    )
                    for s in self.layout.segments
                }
            )
        mask = gymnasium.spaces.Box(0, 1, (self.actions.size,), dtype=np.int8)
        self._observation_space = gymnasium.spaces.Dict({"observation": inner, "action_mask": mask})
        self._action_space = gymnasium.spaces.Discrete(self.actions.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self._base_seed = seed
        self._episode = 0
        self.game_seed = 0
        self.game: Game | None = None

    # --- the PettingZoo API -------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: the k-th since the env was seeded with S plays the game seeded `game_seed(S, k)`,
        the seed `landlords simulate --seed S` gives its k-th game; unseeded, a random one.
        `options={"state": state}` goes on from a `GameState` of this edition and table instead (a
        position to practise, a game saved half way)."""
        if seed is not None:
            self._base_seed = seed
            self._episode = 0
        if self._base_seed is None:
            self.game_seed = secrets.randbits(63)
        else:
            self.game_seed = game_seed(self._base_seed, self._episode)
        self._episode += 1
        start = (options or {}).get("state")
        if start is not None:
            self.game = self._from(start)
        else:
            self.game = new_game(self.edition, self.names, seed=self.game_seed, rules=self.rules)
        self._opponents = _seat_opponents(self.levels, self.names, self.game_seed)
        self._bots = {s: o for s, o in self._opponents.items() if not isinstance(o, SimpleOpponent)}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._ended: str | None = None  # why the game ended, as its `game_over` event says
        self._drafts: dict[int, Draft] = {}
        self._offers: dict[int, tuple[int, int]] = {}  # seat -> (turn, drafts opened in it)
        self._mortgaged: dict[int, tuple[int, frozenset[int]]] = {}  # seat -> (turn, deeds mortgaged in it)
        self._version = 0
        self._cached: tuple[int, str, np.ndarray, dict[int, Command | DraftMove]] | None = None
        self._told: list[Event] = list(self.game.opening)
        self._potential = self._potentials() if self.shaping else {}
        self._skip_agent_selection = None
        self._rewarded = False
        self.agent_selection = self.agents[0]
        self._play_opponents()
        self._settle()

    def observe(self, agent: str) -> dict[str, Any]:
        game = self._game()
        seat = self._seat_of[agent]
        flat = self.layout.encode(game.state, seat, self._drafts.get(seat) if self._drafts else None)
        if agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent]):
            cached = self._cached
            if cached is not None and cached[0] == self._version and cached[1] == agent:
                mask = cached[2]
            else:
                mask = self._choices(agent)[0]
        else:
            mask = np.zeros(self.actions.size, dtype=np.int8)
        if self.observation_form == "dict":
            return {"observation": self.layout.named(flat), "action_mask": mask}
        return {"observation": flat, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is in the game: it needs an action, not None")
        cached = self._cached
        if cached is not None and cached[0] == self._version and cached[1] == agent:
            moves = cached[3]
        else:
            moves = self._choices(agent)[1]
        move = moves.get(int(action))
        if move is None and self.illegal == "lose":
            self._lose_for(agent, int(action))
            return
        if move is None:
            raise ValueError(
                f"action {int(action)} is not allowed to {agent} now: {self.explain(int(action))}"
            )
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # the rewards of the step before: cleared (they are none, most steps)
            self._clear_rewards()
            self._rewarded = False
        if type(move) is tuple:
            self._draft_step(self._seat_of[agent], move)
        else:
            self._apply(move)  # type: ignore[arg-type]
        if self._opponents:
            self._play_opponents()
        self._settle()
        if self._rewarded:
            self._accumulate_rewards()

    def render(self) -> str | None:
        """Render in `ansi` mode: what happened since the last render, as text, and where everyone stands."""
        if self.render_mode is None:
            return None
        game = self._game()
        board = game.board
        names = [p.name for p in game.state.players]
        lines = [describe(e, names, board) for e in self._told if e.kind != "reason_given"]
        self._told = []
        for name, ps in zip(names, game.state.players, strict=True):
            where = "bankrupt" if ps.bankrupt else f"${ps.cash:,} on {board.name(ps.position)}"
            lines.append(f"{name}: {where}")
        return "\n".join(lines)

    def close(self) -> None:
        self._opponents = {}

    # --- beyond PettingZoo: the game itself, for those who want more than arrays --------------------

    def view(self, agent: str) -> GameView:
        """Return everything the agent's seat may see: the engine's view, with every edition's own pieces."""
        return self._game().view(self._seat_of[agent])

    def command_for(self, agent: str, action: int) -> Command | DraftMove | None:
        """Return what `action` would do for `agent` now: the engine's command, a step of a draft, or None if
        it is not allowed now."""
        if agent != self.agent_selection:
            return None
        return self._choices(agent)[1].get(int(action))

    def event_lines(self) -> Iterator[str]:
        """Yield the game so far as the open event log (`saves.eventlog`, docs/research.md), a line at a time:
        the agents' seats of the kind `agent`, the others bots of their level."""
        game = self._game()
        seats = [
            Player(name=p.name, kind="agent")
            if s in self._agent_at
            else Player(name=p.name, kind="bot", level=self.levels[s])
            for s, p in enumerate(game.state.players)
        ]
        return event_lines(game, seats)

    def explain(self, action: int) -> str:
        """Describe an action's family and place in it: "build, space 39 (Boardwalk)"."""
        fam = self.actions.family_of(action)
        k = action - fam.start
        if fam.per == "space":
            return f"{fam.name}, space {k} ({self.layout.board.name(k)})"
        if fam.per == "seat":
            return f"{fam.name}, the player {k} seat(s) on"
        if fam.per == "choice":
            return f"{fam.name}, {fam.choices[k]}"
        if fam.per == "bid":
            return f"{fam.name}, rung {k} of the ladder"
        if fam.per == "listed":
            return f"{fam.name}, the legal command listed {k + 1}th"
        return fam.name

    # --- copies: for search, and for keeping a position ------------------------------------------

    def snapshot(self) -> Snapshot:
        """Return a copy of the environment's mutable state: the game (its state, start and commands),
        the bots' own memories and randomness, an open trade draft and the drafts counted this turn,
        the rewards, ends and infos, and whose move it is. `restore` puts it back, exactly; a snapshot
        may be restored any number of times, into this environment or another of the same table."""
        return Snapshot(self._table(), _copy_game(self._game()), _moving(self))

    def restore(self, snapshot: Snapshot) -> None:
        """Restore the environment to where `snapshot` was taken: the same observations, masks, rewards,
        and the same game to come under the same actions."""
        if snapshot.table != self._table():
            raise ValueError(
                f"the snapshot is of another table: {_told(snapshot.table)}; this environment plays "
                f"{_told(self._table())}"
            )
        self.__dict__.update(_moving(snapshot.moving))
        self.game = _copy_game(snapshot.game)
        self._cached = None
        self.layout.forget()

    def clone(self) -> raw_env:
        """Return an independent copy of the environment as it stands (as `snapshot` and `restore` make it):
        played on with the same actions, it plays the same game as this one."""
        other: raw_env = object.__new__(raw_env)
        other.__dict__.update(self.__dict__)  # the table's fixed parts shared: spaces, layouts, options
        other.layout = copy.copy(self.layout)  # its own memory of the arrays it wrote (none yet)
        other.__dict__.update(_moving(self))
        other.game = _copy_game(self._game())
        other._cached = None
        return other

    def determinised(self, agent: str, seed: int) -> raw_env:
        """Return a copy of the environment as `agent` knows it, with what its seat cannot know drawn afresh
        from `seed`: the dice to come, the order of every deck, the cards others hold face down (the
        look-ahead's sampler, `engine.lookahead.sampling.Sampler`), and the bots' own randomness. The
        agent's observation and mask are the same as here; the game to come is one the table cannot tell
        from this one. For searches that sample the unknown (determinisation, information-set search).
        The copy's game starts at this position (its start and seed are the drawn position's)."""
        game = self._game()
        seat = self._seat_of[agent]
        drawn = Sampler(game.view(seat)).draw(seed)
        other = self.clone()
        other.game = Game(drawn, initial=drawn.copy())
        other.game.opening = []
        other.game_seed = seed
        other.layout.forget()
        for opponent in other._opponents.values():
            bot = getattr(opponent, "bot", None)
            if isinstance(bot, BotBase):
                bot.reseed(seed)
        return other

    def __getstate__(self) -> dict[str, Any]:
        """Pickle (and deep-copy) the environment with its game as the game's parts: the engine's rules are
        functions of the edition, rebuilt when the game is read back."""
        state = self.__dict__.copy()
        game = state.pop("game")
        state["game"] = None if game is None else (game.state, game.initial, game.log, game.opening)
        state["_cached"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        parts = state.pop("game")
        self.__dict__.update(state)
        self.game = None
        if parts is not None:
            self.game = Game(parts[0], initial=parts[1])
            self.game.log = parts[2]
            self.game.opening = parts[3]

    # --- inside -------------------------------------------------------------------------------------

    def _table(self) -> tuple[str, int, tuple[tuple[int, str], ...]]:
        """Return what a snapshot must match: the edition, the seats, the opponents' seats and levels."""
        return self.edition, self.seats, tuple(sorted(self.levels.items()))

    def _game(self) -> Game:
        """Return the game under way (reset() starts one)."""
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def _from(self, state: GameState) -> Game:
        """Return a game continuing from `state`, checked to fit this table."""
        if state.edition != self.edition or len(state.players) != self.seats:
            raise ValueError(
                f"the state is of {state.edition} with {len(state.players)} players; "
                f"this environment plays {self.edition} with {self.seats}"
            )
        game = Game.from_state(state)
        self.game_seed = state.seed
        return game

    def _choices(self, agent: str) -> tuple[np.ndarray, dict[int, Command | DraftMove]]:
        cached = self._cached
        if cached is not None and cached[0] == self._version and cached[1] == agent:
            return cached[2], cached[3]
        game = self._game()
        seat = self._seat_of[agent]
        turn, opened = self._offers.get(seat, (-1, 0))
        may_offer = (opened if turn == game.state.turn else 0) < self.offers_per_turn
        mortgaged: frozenset[int] | None = None
        if self.moves == "prudent":
            turn, spaces = self._mortgaged.get(seat, (-1, frozenset()))
            mortgaged = spaces if turn == game.state.turn else frozenset()
        mask, moves = self.actions.choices(game, seat, self._drafts.get(seat), may_offer, mortgaged)
        self._cached = (self._version, agent, mask, moves)
        return mask, moves

    def _draft_step(self, seat: int, move: DraftMove) -> None:
        what = move[0]
        self._version += 1
        if what == "offer_to":
            turn = self._game().state.turn
            before, opened = self._offers.get(seat, (turn, 0))
            self._offers[seat] = (turn, (opened if before == turn else 0) + 1)
            self._drafts[seat] = Draft(to=move[1])
        elif what == "drop":
            del self._drafts[seat]
        elif what == "propose":
            self._apply(proposal(seat, self._drafts.pop(seat)))
        else:
            self._drafts[seat] = drafted(self._drafts[seat], move)

    def _apply(self, cmd: Command) -> None:
        if cmd.kind == "mortgage" and self.moves == "prudent" and cmd.player in self._agent_at:
            turn = self._game().state.turn
            before, spaces = self._mortgaged.get(cmd.player, (turn, frozenset()))
            kept = spaces if before == turn else frozenset()
            self._mortgaged[cmd.player] = (turn, kept | {cmd.space})
        try:
            events = self.game.apply(cmd)  # type: ignore[union-attr]
        except IllegalCommand as exc:  # the mask said yes: the engine and the mask disagree
            raise RuntimeError(f"the engine refused an action the mask allowed: {exc}") from exc
        self._version += 1
        self.layout.note(events)
        if self.game.state.winner is not None and self._ended is None:  # type: ignore[union-attr]
            self._ended = next((e.reason for e in events if e.kind == "game_over"), "won")  # type: ignore[union-attr]
        if self._bots:
            tell_opponents(self._bots, events)
        if self.render_mode is not None:
            self._told.extend(events)

    def _agents_left(self) -> bool:
        players = self._game().state.players
        return any(not players[s].bankrupt for s in self._agent_at)

    def _play_opponents(self) -> None:
        """Play the opponents' moves until the game waits on an agent, ends, or reaches the turn cap."""
        game = self._game()
        st = game.state
        while st.winner is None and st.turn < self.max_turns and st.pending is not None:
            p = st.pending.player
            if p in self._agent_at and not st.players[p].bankrupt:
                return
            if not self._agents_left():
                return
            self._apply(self._opponents[p].decide(game, p))

    def _settle(self) -> None:
        """Update rewards, terminations and the agent to move after a step."""
        st = self._game().state
        pend = st.pending
        players = st.players
        agent_at = self._agent_at
        if st.winner is None and st.turn < self.max_turns and pend is not None and pend.player in agent_at:
            for seat in self._agent_seats:  # a plain loop: this runs at every step
                if players[seat].bankrupt:
                    break
            else:  # the game goes on, and waits on an agent: nothing ends
                self.agent_selection = agent_at[pend.player]
                turn, seed = st.turn, self.game_seed
                infos = self.infos
                for agent in self.agents:
                    infos[agent] = {"turn": turn, "seed": seed}
                if self.shaping:
                    self._shape()
                return
        self._rewarded = True
        left = self._agents_left()
        for agent in self.agents:
            if self.terminations[agent] or self.truncations[agent]:
                continue
            seat = self._seat_of[agent]
            end: str | None = None
            if st.winner is not None:
                self.terminations[agent] = True
                self.rewards[agent] += 1.0 if st.winner == seat else -1.0
                end = self._ended or "won"
            elif players[seat].bankrupt:
                self.terminations[agent] = True
                self.rewards[agent] -= 1.0
                end = "bankrupt"
            elif st.turn >= self.max_turns:
                self.truncations[agent] = True
                end = "turn_cap"
            elif not left:
                self.truncations[agent] = True
                end = "no_agent_left"
            info: dict[str, Any] = {"turn": st.turn, "seed": self.game_seed}
            if end is not None:
                info["end"] = end
                info["winner"] = st.winner
            self.infos[agent] = info
        if self.shaping:
            self._shape()
        live = [a for a in self.agents if not (self.terminations[a] or self.truncations[a])]
        if live and pend is not None and pend.player in agent_at:
            self.agent_selection = agent_at[pend.player]
        elif live:
            self.agent_selection = live[0]
        self._deads_step_first()

    def _lose_for(self, agent: str, action: int) -> None:
        """Apply `illegal="lose"`: an action the mask refuses ends the episode, -1 to the agent that gave it
        and 0 to the others (as PettingZoo's classic games end theirs)."""
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.rewards[agent] = -1.0
        for other in self.agents:
            self.terminations[other] = True
            self.infos[other] = {**self.infos[other], "end": "illegal_action", "illegal": agent}
        try:
            self.infos[agent]["refused"] = self.explain(action)
        except ValueError as outside:  # not an action of the space at all
            self.infos[agent]["refused"] = str(outside)
        self._rewarded = True
        self._accumulate_rewards()
        self._deads_step_first()

    def _shape(self) -> None:
        """Apply reward shaping: each agent's change of its share of the table's worth, times `shaping`."""
        self._rewarded = True
        after = self._potentials()
        for agent, value in after.items():
            if agent in self.rewards:
                self.rewards[agent] += self.shaping * (value - self._potential.get(agent, value))
        self._potential = after

    def _potentials(self) -> dict[str, float]:
        """Return each agent's share of the table's worth, by the edition's count (for the shaping)."""
        game = self._game()
        worth = game.ruleset.ending.worth
        values = [worth(game, s) for s in range(self.seats)]
        total = sum(values) or 1
        return {agent: values[seat] / total for agent, seat in self._seat_of.items()}


MOVING: tuple[str, ...] = (
    "agents", "agent_selection", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos",
    "_skip_agent_selection", "_rewarded", "_potential", "_opponents", "_bots", "_drafts", "_offers",
    "_mortgaged", "_version", "_told", "_episode", "_base_seed", "game_seed", "_ended",
)  # fmt: skip
"""What moves in an environment besides its game: all a snapshot keeps beside it."""


@dataclass(frozen=True)
class Snapshot:
    """A saved copy of an environment's state (`raw_env.snapshot`): its table, its game and all else that
    moves."""

    table: tuple[str, int, tuple[tuple[int, str], ...]]  # the edition, the seats, the opponents' levels
    game: Game
    moving: dict[str, Any]


def _told(table: tuple[str, int, tuple[tuple[int, str], ...]]) -> str:
    edition, seats, levels = table
    opponents = ", ".join(f"seat {s} {level}" for s, level in levels) or "no opponents"
    return f"{edition} with {seats} seats, {opponents}"


def _moving(source: raw_env | Mapping[str, Any]) -> dict[str, Any]:
    """Return a deep copy of the mutable state (`MOVING`), from an environment or a snapshot's copy of it: one
    copy, so that the bots listed twice (`_opponents`, `_bots`) stay one bot each."""
    values = source.__dict__ if isinstance(source, raw_env) else source
    return copy.deepcopy({name: values[name] for name in MOVING if name in values})


def _copy_game(game: Game) -> Game:
    """Return an independent copy of a game: its state copied, its start shared (nothing changes a game's
    start), its commands and opening events in lists of their own (each one immutable)."""
    other = Game(game.state.copy(), initial=game.initial)
    other.log = list(game.log)
    other.opening = list(game.opening)
    return other


def _levels(opponents: Sequence[str] | Mapping[int, str] | None, seats: int) -> dict[int, str]:
    """Return the opponents' seats and levels, validated."""
    if opponents is None:
        return {}
    if isinstance(opponents, Mapping):
        levels = {int(s): str(v) for s, v in opponents.items()}
    else:
        if isinstance(opponents, str):
            raise ValueError(
                "opponents is a list of levels (or a mapping from seat to level), not one string"
            )
        if len(opponents) >= seats:
            raise ValueError(f"{len(opponents)} opponents leave no seat of {seats} to an agent")
        levels = {s + 1: str(v) for s, v in enumerate(opponents)}
    for seat, level in levels.items():
        if not 0 <= seat < seats:
            raise ValueError(f"there is no seat {seat} at a table of {seats}")
        if level != SIMPLE:
            problem = check_level(level)
            if problem is not None:
                raise ValueError(problem)
    return levels


def _seat_opponents(levels: Mapping[int, str], names: Sequence[str], seed: int) -> dict[int, Opponent]:
    """Create the opponents of one game, seated as a room seats its bots (their randomness from the game's
    seed)."""
    bot = {s for s, level in levels.items() if level != SIMPLE}
    seats = [
        Seat(name=name, kind="bot", level=levels[s]) if s in bot else Seat(name=name, kind="human")
        for s, name in enumerate(names)
    ]
    out = make_opponents(seats, seed)
    for seat, level in levels.items():
        if level == SIMPLE:
            out[seat] = SimpleOpponent()
    return out
