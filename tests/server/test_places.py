"""Which games count for the ratings, and where each seat finished: the winner first, the bankrupt by the
order they went out (the last one out second), a called game by worth; leaving counts as last; the bots
are rated opponents at their shipped ratings, never rated themselves."""

from __future__ import annotations

from pathlib import Path

from engine import RuleOptions, new_game
from engine.bots import make_bot
from engine.core.events import Event, GameOver, PlayerBankrupt
from engine.tools.simulate import BotPlayer, play_game
from server.people.places import SeatResult, counts, finishing_order, game_result, places, results_of
from server.people.rating import NEW, Rating, rate, shipped_bots
from server.people.ratings import FrontRatings, RatingBoard
from server.people.store import open_store
from server.tables.plans import Plan, SeatPlan

ADA, BOB, CY = "SHA256:ada", "SHA256:bob", "SHA256:cy"


def out(*seats: int) -> list[Event]:
    return [PlayerBankrupt(player=s, creditor=None) for s in seats]


def over(winner: int, *standings: tuple[int, int], reason: str = "last_player") -> GameOver:
    return GameOver(winner=winner, reason=reason, standings=standings)


def test_the_bankrupt_finish_in_the_reverse_order_they_went_out() -> None:
    # seat 1 went out first, then 3, then 0: the standings list the bankrupt by seat, the places by order
    history = [*out(1, 3, 0), over(2, (2, 3000), (0, 0), (1, 0), (3, 0))]
    assert finishing_order(history) == [2, 0, 3, 1]


def test_a_called_game_ranks_those_still_in_by_worth_before_the_bankrupt() -> None:
    history = [*out(3), over(1, (1, 2500), (2, 1800), (0, 1200), (3, 0), reason="time_limit")]
    assert finishing_order(history) == [1, 2, 0, 3]


def test_a_game_not_over_has_no_places() -> None:
    assert finishing_order(out(1)) is None


def test_people_who_left_share_the_last_place() -> None:
    assert places([2, 0, 3, 1], left=[False, True, False, True]) == [2, 3, 1, 3]
    assert places([0, 1, 2], left=[False, False, False]) == [1, 2, 3]


def test_a_game_counts_with_two_people_who_stayed() -> None:
    ada, bob, hard = SeatResult(1, key=ADA), SeatResult(2, key=BOB), SeatResult(3, level="hard")
    assert counts([ada, bob, hard])
    assert not counts([ada, hard]), "one person against bots"
    bob_left = SeatResult(3, key=BOB, left=True)
    assert not counts([ada, bob_left, SeatResult(2, level="hard")]), "the other person left"
    assert counts([ada, bob, SeatResult(3, key=CY, left=True)])


def test_a_real_game_to_its_end_gives_every_seat_a_place_and_a_stand_in_seat_is_last() -> None:
    game = new_game("classic", ["Ada", "Bob", "Hal"], seed=5, rules=RuleOptions(time_limit_rounds=4))
    history: list[Event] = []
    players = [BotPlayer(make_bot("easy", 5, seat)) for seat in range(3)]
    play_game(game, players, 500, watch=lambda cmd, events: history.extend(events))
    winner = game.state.winner
    assert winner is not None
    owners: list[tuple[str | None, str | None]] = [(ADA, None), (BOB, None), (None, "hard")]
    result = game_result(owners, history, gone=())
    assert result is not None
    assert sorted(r.place for r in result) == [1, 2, 3]
    assert result[winner].place == 1
    assert [r.key for r in result] == [ADA, BOB, None] and result[2].level == "hard"
    person = 0 if winner != 0 else 1
    left = game_result(owners, history, gone={person})
    assert left is not None and left[person].place == 3 and left[person].left
    assert game_result(owners, history[:-1], ()) is None, "no end, no places"


def test_a_result_travels_and_bad_ones_are_not_read() -> None:
    result = [SeatResult(1, key=ADA), SeatResult(2, level="easy", left=False)]
    assert results_of([r.to_json() for r in result]) == result
    assert results_of([{"place": 0, "key": ADA}]) is None
    assert results_of([{"place": 1, "key": ADA, "level": "easy"}]) is None
    assert results_of([{"place": 1, "key": "x" * 500}]) is None
    assert results_of("nonsense") is None


def test_winning_raises_a_rating_and_the_bots_stay_as_they_are() -> None:
    bots = {"hard": Rating(30.0, 1.0)}
    results = [SeatResult(1, key=ADA), SeatResult(2, level="hard"), SeatResult(3, key=BOB)]
    after = rate(results, {}, bots)
    assert set(after) == {ADA, BOB}, "the bot is not rated"
    assert after[ADA].mu > NEW.mu > after[BOB].mu
    assert after[ADA].sigma < NEW.sigma and after[BOB].sigma < NEW.sigma


def test_beating_a_strong_bot_is_worth_more_than_beating_a_weak_one() -> None:
    def won_against(level: str, bots: dict[str, Rating]) -> float:
        return rate([SeatResult(1, key=ADA), SeatResult(2, level=level)], {}, bots)[ADA].mu

    bots = {"easy": Rating(15.0, 1.0), "hard": Rating(32.0, 1.0)}
    assert won_against("hard", bots) > won_against("easy", bots) > NEW.mu


def test_the_shipped_bots_ratings_rise_with_the_level() -> None:
    bots = shipped_bots()
    assert set(bots) == {"random", "easy", "normal", "hard", "expert"}
    mu = [bots[level].mu for level in ("random", "easy", "normal", "hard", "expert")]
    assert mu == sorted(mu) and len(set(mu)) == len(mu), "in the order of the levels' names"
    assert bots["normal"].mu == NEW.mu, "the default level sits at a newcomer's rating"
    assert all(0 < r.sigma < NEW.sigma for r in bots.values())


def plan_of(result: list[SeatResult], save_id: str = "s1") -> Plan:
    seats = [SeatPlan("person", owner=r.key) if r.key else SeatPlan("bot", r.level) for r in result]
    return Plan("t1", "Friday", "classic", {}, seats, save_id=save_id, finished=True, result=result)


def test_the_front_records_a_finished_table_once_and_leavers_lose(tmp_path: Path) -> None:
    names = {ADA: "Ada", BOB: "Bob", CY: "Cy"}
    ratings = FrontRatings(open_store(tmp_path), names.get)
    result = [SeatResult(2, key=ADA), SeatResult(1, key=BOB), SeatResult(3, key=CY, left=True)]
    assert ratings.consider(plan_of(result))
    assert not ratings.consider(plan_of(result)), "a table reported again is recorded once"
    board = RatingBoard.from_json(ratings.board().to_json())
    assert [s.name for s in board.ranked()] == ["Bob", "Ada", "Cy"]
    assert board.people[CY].rating.mu < NEW.mu
    assert (board.people[BOB].games, board.people[BOB].wins, board.people[CY].wins) == (1, 1, 0)
    assert board.shown("SHA256:newcomer") is None
    alone = [SeatResult(1, key=ADA), SeatResult(2, level="hard")]
    assert not ratings.consider(plan_of(alone, "s2")), "one person and a bot: not counted"
    assert ratings.store.recorded("s2")
    assert ratings.board().people[ADA].games == 1
