"""Every rule area, imported so that each registers its commands, continuations, space actions, card
effects, rent models and hooks in `engine.registry`. The command door and the ruleset import this before
they look any name up."""

from engine import (  # noqa: F401  (imported for their registrations)
    auctions,
    building,
    cards,
    counting,
    debts,
    endings,
    franchises,
    jail,
    journeys,
    landing,
    loans,
    lots,
    luxuries,
    mortgages,
    movement,
    poorhouse,
    purchase,
    rent,
    taxes,
    tickets,
    trades,
    treasury,
    turns,
    wages,
)
