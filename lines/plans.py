"""Error messages for a building or selling plan (`build dark blue 2`, `sell Boardwalk 3`) that cannot be
carried out, as one actionable sentence.

A plan of several steps is tried whole on a copy of the game before any of it is done
(`room.Room.first_refused`); refused, none of it is done, and the sentence names the plan and why: what it
costs against what the person has, how many buildings the bank or a lot has left, or the engine's reason
for the step that fails (which names the lot of that step).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Build, Command, SellBuilding
from engine.core.phrases import listing
from lines import verbs
from lines.reading import Table
from lines.table_words import buildings
from room import Refused
from room.board_words import group_name
from translation import N_, _, money, ngettext, say


def plan_refused(commands: Sequence[Command], refused: Refused, table: Table) -> str:
    """Explain the plan, and why it cannot be carried out as the table stands: "You cannot build 2 houses on
    each of Park Place and Boardwalk. They cost $800 and you have $650." A plan that is not one of building or
    selling is refused with the engine's reason alone."""
    building = all(isinstance(c, Build) for c in commands)
    selling = all(isinstance(c, SellBuilding) for c in commands)
    if not commands or not (building or selling):
        return refused.reason
    lots = list(dict.fromkeys(_lot(c) for c in commands))
    count = len(commands) // len(lots)
    return f"{_plan(building, lots, count, table)} {_why(commands, refused, table, building)}"


def _lot(cmd: Command) -> int:
    return int(getattr(cmd, "space", 0))


def _plan(building: bool, lots: Sequence[int], count: int, table: Table) -> str:
    """Return the plan's refusal sentence: "You cannot build 2 houses on Boardwalk.", "You cannot sell 3
    buildings from each of ..."."""
    board = table.board
    named = say(listing([board.name(s) for s in lots]))
    if building:
        what = ngettext("{n} house", "{n} houses", count)
        if len(lots) == 1:
            return _("You cannot build {what} on {lot}.", what=what, lot=named)
        return _("You cannot build {what} on each of {lots}.", what=what, lots=named)
    what = ngettext("{n} building", "{n} buildings", count)
    if len(lots) == 1:
        return _("You cannot sell {what} from {lot}.", what=what, lot=named)
    return _("You cannot sell {what} from each of {lots}.", what=what, lots=named)


def _why(commands: Sequence[Command], refused: Refused, table: Table, building: bool) -> str:
    """Return the reason, in terms the person can act on; else the engine's reason for the step that fails."""
    view, board, me = table.view, table.board, table.me
    player = view.players[me]
    have = player.cash + player.credit
    cost = sum(board.house_cost[_lot(c)] for c in commands) if building else 0
    if building and cost > have:
        return _("They cost {cost} and you have {cash}.", cost=money(cost), cash=money(have))
    code = refused.code
    lot = _lot(commands[refused.step])
    level = view.deeds[lot].level
    if code == "no_houses_left" and view.bank.houses:
        n = view.bank.houses
        return ngettext("The bank has {n} house left.", "The bank has {n} houses left.", n)
    if code == "no_hotels_left" and view.bank.hotels:
        n = view.bank.hotels
        return ngettext("The bank has {n} hotel left.", "The bank has {n} hotels left.", n)
    if code == "has_hotel" and view.ruleset.max_level > level:
        n = view.ruleset.max_level - level
        return ngettext(
            "{lot} takes only {n} more building.",
            "{lot} takes only {n} more buildings.",
            n,
            lot=board.name(lot),
        )
    if code == "no_building" and level:
        return _("{lot} has only {buildings}.", lot=board.name(lot), buildings=buildings(view, lot))
    group = board.group_of[lot]
    spread = len({_lot(c) for c in commands})
    if code == "uneven_building" and group is not None and spread < len(board.members[group]):
        count = sum(1 for c in commands if _lot(c) == lot)
        words = f"{verbs.word('build' if building else 'sell')} {group_name(board, group).casefold()} {count}"
        whole = (
            N_("{reason} To build on the whole group evenly, type {words}.")
            if building
            else N_("{reason} To sell from the whole group evenly, type {words}.")
        )
        return _(whole, reason=refused.reason, words=words)
    return refused.reason
