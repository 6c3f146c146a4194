"""The learned value: its features read only what the table shows, its networks fit what they are given,
and the packaged weights load, match their manifest and judge the same on every run."""

from __future__ import annotations

import hashlib
from importlib import resources

import numpy as np
import pytest

from engine import Game, new_game
from engine.core.options import RuleOptions
from engine.learned.features import SEATS, encode, groups_of, seat_names, table_names, width
from engine.learned.model import load_members, save_members
from engine.learned.network import Network, chances
from engine.learned.training import Positions, Settings, fit, td_targets
from engine.learned.value import fitted_on, learned_for, manifest_of
from engine.lookahead.sampling import Sampler
from engine.play.odds import odds_for
from engine.rules.rent import rent_for

from played_games import played

ORANGE = (16, 18, 19)


def table() -> Game:
    game = new_game("classic", ["Ada", "Bob", "Cy", "Di"], seed=1)
    for space in ORANGE:
        game.state.deeds[space].owner = 0
    game.state.deeds[1].owner = 1
    game.state.deeds[1].mortgaged = True
    return game


def test_a_seats_block_tells_its_groups_apart() -> None:
    game = table()
    blocks, glob = encode(game)
    names = seat_names(game.board)
    assert len(blocks) == SEATS and all(len(b) == len(names) for b in blocks)
    assert len(glob) == len(table_names(game.board))
    ada, bob = blocks[0], blocks[1]
    assert ada[names.index("orange.held")] == 1.0 and ada[names.index("orange.whole")] == 1.0
    assert bob[names.index("orange.held")] == 0.0
    assert bob[names.index("brown.held")] == 0.5 and bob[names.index("brown.mortgaged")] == 0.5
    game.state.deeds[16].level = 3
    after, _ = encode(game)
    assert after[0][names.index("orange.built")] > 0.0


def test_an_empty_seat_is_out_of_the_game() -> None:
    game = new_game("classic", ["Ada", "Bob", "Cy"], seed=2)
    blocks, _ = encode(game)
    assert [b[0] for b in blocks] == [1.0, 1.0, 1.0, 0.0]
    assert not any(blocks[3])


def test_the_features_read_only_what_the_table_shows() -> None:
    game = table()
    view = game.view(2)
    drawn = [encode(Game(Sampler(view).draw(seed))) for seed in range(3)]
    assert all(d == encode(game) for d in drawn)  # the decks' order and the dice to come change nothing


@pytest.mark.parametrize("edition", ["classic", "addon", "finance-1936", "landlords-1904"])
def test_a_seats_group_figures_and_next_rent_count_the_table_as_it_stands(edition: str) -> None:
    for seed in range(3):
        game = played(edition, 40 + 20 * seed, seed)
        blocks, glob = encode(game)
        names = seat_names(game.board)
        deeds, board = game.state.deeds, game.board
        top = max(1, game.ruleset.max_level)
        odds = odds_for(board.edition.id, game.rules)
        alive = [p for p in range(4) if not game.state.players[p].bankrupt]
        scale = max(1.0, sum(float(game.ruleset.ending.worth(game, p)) for p in alive) / len(alive))
        for p in alive:
            for group, spaces in groups_of(board):
                mine = [s for s in spaces if deeds[s].owner == p]
                size = len(spaces)
                at = names.index(f"{group}.held")
                assert blocks[p][at : at + 4] == [
                    len(mine) / size,
                    1.0 if len(mine) == size else 0.0,
                    sum(deeds[s].level for s in mine) / (top * size),
                    sum(1 for s in mine if deeds[s].mortgaged) / size,
                ]
            due = sum(
                prob * rent_for(game, space, 7)[0]
                for space, prob in odds.from_space[game.state.players[p].position]
                if space in deeds and deeds[space].owner not in (None, p) and not deeds[space].mortgaged
            )
            assert blocks[p][names.index("next_rent")] == pytest.approx(due / scale, rel=1e-12)
        free = [
            sum(1 for s in spaces if deeds[s].owner is None) / len(spaces) for _, spaces in groups_of(board)
        ]
        assert glob[4:] == free


def positions(n: int, seed: int) -> Positions:
    """Random positions whose winner is the seat with the most of the third figure of its block."""
    rng = np.random.default_rng(seed)
    seat, tab = width(new_game("classic", ["A", "B", "C", "D"], seed=1).board)
    blocks = rng.normal(size=(n, SEATS, seat))
    blocks[:, :, 0] = 1.0
    table_ = rng.normal(size=(n, tab))
    winner = blocks[:, :, 2].argmax(axis=1)
    target = np.zeros((n, SEATS))
    target[np.arange(n), winner] = 1.0
    return Positions(blocks, table_, target, np.arange(n))


@pytest.mark.parametrize("design", ["shared", "joint"])
def test_a_network_learns_who_wins(design: str) -> None:
    train, held = positions(3000, 1), positions(500, 2)
    net, history = fit(train, held, Settings(design=design, hidden=(16, 8), epochs=10, batch=64, rate=3e-3))
    assert min(history) < 0.4 * np.log(SEATS)  # far better than a blind guess
    p = chances(net, held.blocks, held.table)
    assert np.allclose(p.sum(axis=1), 1.0)
    assert float((p.argmax(axis=1) == held.target.argmax(axis=1)).mean()) > 0.6


def test_members_survive_saving_exactly() -> None:
    train, held = positions(400, 3), positions(100, 4)
    net, _ = fit(train, held, Settings(hidden=(8,), epochs=1))
    (back,) = load_members(save_members([net]))
    assert isinstance(back, Network) and back.design == net.design
    assert np.array_equal(chances(back, held.blocks, held.table), chances(net, held.blocks, held.table))


def test_td_targets_mix_the_outcome_with_the_values_ahead() -> None:
    values = np.array([[0.5, 0.5], [0.8, 0.2], [0.9, 0.1]])
    outcome = np.array([1.0, 0.0])
    got = td_targets(values, outcome, 0.5)
    assert np.allclose(got[2], outcome)
    assert np.allclose(got[1], 0.5 * values[2] + 0.5 * outcome)
    assert np.allclose(got[0], 0.5 * values[1] + 0.5 * got[1])
    assert np.allclose(td_targets(values, outcome, 1.0), np.tile(outcome, (3, 1)))


PACKAGED = [e for e in ("classic", "addon", "landlords-1904", "finance-1936") if manifest_of(e) is not None]


@pytest.mark.parametrize("edition", PACKAGED)
def test_the_packaged_weights_match_their_manifest(edition: str) -> None:
    manifest = manifest_of(edition)
    assert manifest is not None and manifest["edition"] == edition
    for key, names in fitted_on(edition).items():
        assert manifest[key] == names  # fitted on the features worked out today
    raw = resources.files("engine.data").joinpath("learned").joinpath(f"{edition}.npz").read_bytes()
    assert hashlib.sha256(raw).hexdigest() == manifest["sha256"]
    value = learned_for(edition)
    assert value is not None and len(value.members) == manifest["members"]
    net = value.members[0]
    assert [w.shape[1] for w, _ in net.layers[:-1]] == manifest["hidden"]
    assert all(w.dtype == np.float64 for w, _ in net.layers)


@pytest.mark.parametrize("edition", PACKAGED)
def test_the_packaged_value_judges_the_same_every_time(edition: str) -> None:
    value = learned_for(edition)
    assert value is not None
    game = new_game(edition, ["Ada", "Bob", "Cy", "Di"], seed=5)
    first = value.chances(game)
    assert first == value.chances(game) and abs(sum(first) - 1.0) < 1e-9
    assert first == learned_for(edition, 4).chances(game)  # type: ignore[union-attr]


def test_no_learned_value_for_a_table_of_more_than_four() -> None:
    assert learned_for("classic", 5) is None


def test_no_learned_value_for_rules_it_was_not_fitted_on() -> None:
    """A Short Game deals deeds at the start and counts worth at its end: the value never saw one."""
    assert learned_for("classic", 4, RuleOptions()) is not None
    assert learned_for("classic", 4, RuleOptions(short_game=True)) is None
