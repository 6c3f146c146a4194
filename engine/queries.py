"""The rule queries: what the rules say about a table as it stands, read from any `Tabletop`.

Rent, worth, tax, sales, building steps, trade checks and the figures on show are each worked out once,
in their rule area; this module is where everyone outside the rule areas (the bots, the interface, a
remote client holding only a view) asks for them, and for where each rule comes from (`engine.play.sources`).
Nothing here changes the table.
"""

from __future__ import annotations

from engine.play.facts import Facts, RentNow, facts
from engine.play.sources import Cited, Elsewhere, Provenance, elsewhere, provenance, space_rules
from engine.rules.addon.rides import airplane_at, fare
from engine.rules.addon.travel import steps_of, travel_problem
from engine.rules.building import Sale, capacity, group_of_street, sale_of, step_up
from engine.rules.debts import liquidation_value
from engine.rules.endings import building_cost, net_worth, standings
from engine.rules.finance_1936.buy_back import lot_value
from engine.rules.finance_1936.markers import lots_held, markers_left
from engine.rules.hands import held_of, holds_for_use
from engine.rules.landlords_1904.counting import Count, count_up, luxury_worth
from engine.rules.landlords_1904.journeys import may_turn_back, rides_from
from engine.rules.landlords_1904.loans import (
    bank_loan_problem,
    borrowing_capacity,
    free_lots,
    is_pledged,
    loan_problem,
    loans_of,
    loans_to,
    notes_against,
    notes_of,
    notes_toward,
    owes,
    pledged,
    repayment,
    security_for,
)
from engine.rules.landlords_1904.lots import half, lot_rent, occupants
from engine.rules.landlords_1904.treasury import box_name, box_of, fee_of
from engine.rules.landlords_1904.wages import earns_wages
from engine.rules.money import funds
from engine.rules.pool import share_of
from engine.rules.rent import (
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
from engine.rules.taxes import percent_tax, tax_of, taxable_worth
from engine.rules.trades import (
    Additions,
    SideRoom,
    proposal_additions,
    proposal_problem,
    side_problem,
    trading_open,
)

__all__ = [
    "AVERAGE_THROW",
    "Additions",
    "Cited",
    "Count",
    "Elsewhere",
    "Facts",
    "Provenance",
    "RentNow",
    "RentRow",
    "Sale",
    "SideRoom",
    "airplane_at",
    "bank_loan_problem",
    "borrowing_capacity",
    "box_name",
    "box_of",
    "building_cost",
    "capacity",
    "count_up",
    "deed_terms",
    "earns_wages",
    "elsewhere",
    "facts",
    "fare",
    "fee_of",
    "free_lots",
    "full_group",
    "funds",
    "group_of_street",
    "half",
    "held_of",
    "holding",
    "holds_for_use",
    "is_pledged",
    "liquidation_value",
    "loan_problem",
    "loans_of",
    "loans_to",
    "lot_rent",
    "lot_value",
    "lots_held",
    "luxury_worth",
    "markers_left",
    "may_turn_back",
    "model_of",
    "net_worth",
    "notes_against",
    "notes_of",
    "notes_toward",
    "occupants",
    "owes",
    "owned_in_group",
    "percent_tax",
    "pledged",
    "proposal_additions",
    "proposal_problem",
    "provenance",
    "rent_at",
    "rent_due",
    "rent_for",
    "rent_schedule",
    "repayment",
    "rides_from",
    "sale_of",
    "security_for",
    "share_of",
    "side_problem",
    "space_rules",
    "standings",
    "step_up",
    "steps_of",
    "tax_of",
    "taxable_worth",
    "trading_open",
    "travel_problem",
]
