"""The rule queries: what the rules say about a table as it stands, read from any `Tabletop`.

Rent, worth, tax, sales, building steps, trade checks and the figures on show are each worked out once,
in their rule area; this module is where everyone outside the rule areas (the bots, the interface, a
remote client holding only a view) asks for them. Nothing here changes the table.
"""

from __future__ import annotations

from engine.building import Sale, capacity, group_of_street, sale_of, step_up
from engine.debts import liquidation_value
from engine.endings import building_cost, net_worth, standings
from engine.facts import Facts, RentNow, facts
from engine.hands import held_of, holds_for_use
from engine.money import funds
from engine.pool import share_of
from engine.rent import (
    AVERAGE_THROW,
    RentRow,
    deed_terms,
    full_group,
    holding,
    model_of,
    owned_in_group,
    rent_at,
    rent_due,
    rent_for,
    rent_schedule,
)
from engine.rides import airplane_at, fare
from engine.taxes import percent_tax, tax_of, taxable_worth
from engine.trades import proposal_problem, side_problem, trading_open
from engine.travel import steps_of, travel_problem

__all__ = [
    "AVERAGE_THROW",
    "Facts",
    "RentNow",
    "RentRow",
    "Sale",
    "airplane_at",
    "building_cost",
    "capacity",
    "deed_terms",
    "facts",
    "fare",
    "full_group",
    "funds",
    "group_of_street",
    "held_of",
    "holding",
    "holds_for_use",
    "liquidation_value",
    "model_of",
    "net_worth",
    "owned_in_group",
    "percent_tax",
    "proposal_problem",
    "rent_at",
    "rent_due",
    "rent_for",
    "rent_schedule",
    "sale_of",
    "share_of",
    "side_problem",
    "standings",
    "step_up",
    "steps_of",
    "tax_of",
    "taxable_worth",
    "trading_open",
    "travel_problem",
]
