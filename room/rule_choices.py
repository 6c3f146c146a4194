"""The rule options a new game offers, by edition, and what each does in a sentence: the full screen's
new-game form and the line mode's questions offer the same options and explain them with the same text.

The general options are `engine.RuleOptions`' own (auctions, even building, the house rules...), offered
only where they mean something in the edition; an edition's own options come from its data
(`Edition.options`), each with its label and help.
"""

from __future__ import annotations

from engine import Edition
from translation import N_, _, money

HELP = {
    "variant": N_(
        "The full game; the Short Game (three deeds dealt free, hotels after three houses, the game "
        "ends at the first bankruptcy); or the Time Limit game (two deeds dealt at their price, the richest "
        "after the rounds set wins)."
    ),
    "rounds": N_("How many rounds the Time Limit game lasts; then the richest player wins."),
    "auctions": N_("A deed declined goes to auction, every player bidding; off, it stays with the bank."),
    "even_building": N_(
        "Houses go up and come down evenly across a group; off, on any lot of a group you own."
    ),
    "rent_in_jail": N_("Owners in jail collect rent, as the rule books say; off, they collect none."),
    "free_parking_pot": N_(
        "A house rule: taxes, fines and card payments go to a pot that Free Parking pays out."
    ),
    "double_go_salary": N_("A house rule: landing exactly on GO pays twice the salary."),
    "cash": N_("Everyone's starting cash; left empty, the edition's figure."),
    "seed": N_(
        "The same seed deals the same dice and cards, for a game that can be played again; left empty, "
        "a new one."
    ),
}
"""What each rule option of the form does, in a sentence, shown under the options when it has the focus
(an edition's own options say it in their own `help`)."""

LABELS = {
    "auctions": N_("Auctions"),
    "even_building": N_("Even building"),
    "rent_in_jail": N_("Rent in jail"),
    "free_parking_pot": N_("Free Parking pot"),
    "double_go_salary": N_("Double salary on GO"),
    "lot_tickets": N_("Lot tickets"),
    "circuits": N_("Times round"),
}
"""The general options' names, as the form labels them."""


def general_options(ed: Edition) -> list[str]:
    """Return the general options (`RuleOptions` fields) that apply to this edition, in the form's order:
    the classic rules' for editions with a Short Game or a Time Limit game, the 1904 edition's for it."""
    out: list[str] = []
    if ed.short_game is not None or ed.time_limit is not None:
        out.append("auctions")
        if ed.colour_groups:
            out.append("even_building")
        if ed.jail is not None:
            out.append("rent_in_jail")
        if any(s.kind == "free_parking" for s in ed.spaces) and ed.hooks.pot == "free_parking":
            out.append("free_parking_pot")
        out.append("double_go_salary")
    if ed.lot_tickets is not None:
        out.append("lot_tickets")
    if ed.circuits is not None:
        out.append("circuits")
    return out


def explain(ed: Edition, name: str) -> str:
    """Return a one-sentence description of an option ("" for a name that is not one)."""
    if name == "lot_tickets" and ed.lot_tickets is not None:
        tickets = ed.lot_tickets
        return _(
            "{drawn} lot tickets are drawn at the start; their lots may be bought before the "
            "first throw. Off, each player starts with {cash} and buys lots only by "
            "stopping on them.",
            drawn=tickets.drawn,
            cash=money(tickets.cash_without),
        )
    if name == "circuits" and ed.circuits is not None:
        return _(
            "How many times round the board the game lasts; left empty, the edition's {circuits}.",
            circuits=ed.circuits,
        )
    if name in ed.options:
        option = ed.options[name]
        return f"{_(option.label)}: {_(option.help)}"
    return _(HELP[name]) if name in HELP else ""
