"""The figures a game plays by once the edition's rules and the chosen variant are combined."""

from __future__ import annotations

from dataclasses import dataclass

from engine.edition import DealtStart, Edition
from engine.options import RuleOptions


@dataclass(frozen=True, slots=True)
class Variant:
    dealt: DealtStart | None  # the Short Game's or the Time Limit game's deal, if playing one
    houses_before_hotel: int
    flat_income_tax: bool
    pay_fine_after_failed_roll: bool
    mortgaged_at_half: bool  # how net worth counts a mortgaged deed


def variant_for(edition: Edition, rules: RuleOptions) -> Variant:
    dealt = (
        edition.short_game if rules.short_game else edition.time_limit if rules.time_limit_rounds else None
    )
    if dealt is None:
        return Variant(None, edition.houses_before_hotel, False, False, True)
    return Variant(
        dealt,
        dealt.houses_before_hotel,
        dealt.flat_income_tax,
        dealt.pay_fine_after_failed_roll,
        True,
    )
