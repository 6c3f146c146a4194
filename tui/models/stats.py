"""Game statistics computed from its events, for the game-over screen."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.core.events import Event


@dataclass
class PlayerStats:
    rent_paid: int = 0
    rent_received: int = 0
    biggest_rent: int = 0
    deeds_bought: int = 0
    buildings_built: int = 0
    times_jailed: int = 0
    doubles: int = 0
    trades: int = 0
    laps: int = 0


@dataclass
class GameStats:
    players: list[PlayerStats] = field(default_factory=list)
    turns: int = 0
    rolls: int = 0
    auctions: int = 0

    def of(self, player: int) -> PlayerStats:
        while len(self.players) <= player:
            self.players.append(PlayerStats())
        return self.players[player]


def count(events: Iterable[Event], players: int) -> GameStats:
    stats = GameStats(players=[PlayerStats() for _ in range(players)])
    for e in events:
        if e.kind == "rent_paid":
            stats.of(e.payer).rent_paid += e.amount
            owner = stats.of(e.owner)
            owner.rent_received += e.amount
            owner.biggest_rent = max(owner.biggest_rent, e.amount)
        elif e.kind == "property_bought":
            stats.of(e.player).deeds_bought += 1
        elif e.kind == "auction_won":
            if e.lot == "deed":
                stats.of(e.player).deeds_bought += 1
        elif e.kind in ("building_bought", "building_placed"):
            stats.of(e.player).buildings_built += 1
        elif e.kind == "sent_to_jail":
            stats.of(e.player).times_jailed += 1
        elif e.kind == "dice_rolled":
            if e.purpose != "utility_rent":
                stats.rolls += 1
                if e.doubles:
                    stats.of(e.player).doubles += 1
        elif e.kind == "trade_completed":
            stats.of(e.trade.proposer).trades += 1
            stats.of(e.trade.to).trades += 1
        elif e.kind == "passed_go":
            stats.of(e.player).laps += 1
        elif e.kind == "turn_started":
            stats.turns = max(stats.turns, e.turn)
        elif e.kind == "auction_started":
            stats.auctions += 1
    return stats
