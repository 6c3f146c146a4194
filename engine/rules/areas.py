"""Every rule area, imported so that each registers its commands, continuations, space actions, card
effects, rent models and hooks in `engine.core.registry`. The rulebook imports this before it looks any name
up,
so `Game.apply` finds every name registered."""

from engine.rules import (  # noqa: F401  (imported for their registrations)
    auctions,
    building,
    calling,
    cards,
    deals,
    debts,
    endings,
    hands,
    jail,
    landing,
    money,
    mortgages,
    movement,
    pool,
    purchase,
    rent,
    taxes,
    throws,
    trades,
    turns,
)
from engine.rules.addon import (  # noqa: F401  (imported for their registrations)
    backward,
    double_trouble,
    rides,
    track_options,
    travel,
    triple_play,
)
from engine.rules.finance_1936 import (  # noqa: F401  (imported for their registrations)
    buy_back,
    forced_move,
    house_and_lot,
    markers,
    surprise,
)
from engine.rules.landlords_1904 import (  # noqa: F401  (imported for their registrations)
    counting,
    franchises,
    journeys,
    loans,
    lots,
    luxuries,
    poorhouse,
    tickets,
    treasury,
    wages,
)
