"""The rule queries: what the rules say about a table as it stands, read from any `Tabletop`.

Rent, worth, tax, sales, building steps, trade checks and the figures on show are each worked out once,
in their rule area; this module is where everyone outside the rule areas (the bots, the interface, a
remote client holding only a view) asks for them. Nothing here changes the table.
"""

from __future__ import annotations

from engine.building import Sale, capacity, group_of_street, sale_of, step_up
from engine.buy_back import lot_value
from engine.debts import liquidation_value
from engine.endings import building_cost, net_worth, standings
from engine.facts import Facts, RentNow, facts
from engine.markers import lots_held, markers_left
from engine.money import funds
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
from engine.taxes import percent_tax, tax_of, taxable_worth
from engine.trades import proposal_problem, side_problem, trading_open

__all__ = [
    "AVERAGE_THROW",
    "Facts",
    "RentNow",
    "RentRow",
    "Sale",
    "building_cost",
    "capacity",
    "deed_terms",
    "facts",
    "full_group",
    "funds",
    "group_of_street",
    "holding",
    "liquidation_value",
    "lot_value",
    "lots_held",
    "markers_left",
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
    "side_problem",
    "standings",
    "step_up",
    "tax_of",
    "taxable_worth",
    "trading_open",
]
