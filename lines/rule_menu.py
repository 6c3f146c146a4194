"""The line mode's rule-options questions: the same options the full screen's form offers for the
edition (`room.rule_choices`), each named as the form labels it and explained with its text.

A person hears them all with what each is set to, then types an option's name to turn it on or off, or
its name and a number for a figure (`starting cash 2000`, `subway fare 50`), `list` to hear each with what
it does, and `done` to go on. A space option takes a space's name or number.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Board, Edition, RuleOptions, board_for
from lines.names import Miss, match
from room.rule_choices import LABELS, explain, general_options
from translation import N_, _, money

CASH = "starting_cash"
ASKED = N_(
    "Type an option's name to turn it on or off, or its name and a number; list to hear what each does; "
    "or done."
)


@dataclass
class RuleChoices:
    """The rule options chosen so far for one edition: the general options, starting cash and the edition's
    own."""

    edition: Edition
    flags: dict[str, bool] = field(default_factory=dict)
    figures: dict[str, int | None] = field(default_factory=dict)
    own: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        defaults = RuleOptions()
        for name in general_options(self.edition):
            if name == "circuits":
                self.figures[name] = None
            else:
                self.flags[name] = bool(getattr(defaults, name))
        self.figures[CASH] = None
        self.own = {n: o.default for n, o in self.edition.options.items() if o.supported}

    @property
    def board(self) -> Board:
        return board_for(self.edition.id)

    def _names(self) -> list[tuple[str, str]]:
        """Return (key, label) for every option offered, in the form's order."""
        out = [(n, _(LABELS[n])) for n in self.flags]
        out += [(n, _(LABELS[n])) for n in self.figures if n != CASH]
        out.append((CASH, _("Starting cash")))
        out += [(n, _(self.edition.options[n].label)) for n in self.own]
        return out

    def _value(self, name: str) -> str:
        if name in self.flags:
            return _("on") if self.flags[name] else _("off")
        if name in self.figures:
            figure = self.figures[name]
            if figure is None:
                return _("as the edition says")
            return money(figure) if name == CASH else str(figure)
        option = self.edition.options[name]
        value = self.own[name]
        if option.kind == "flag":
            return _("on") if value else _("off")
        if option.kind == "space":
            return _("{name} (space {space})", name=self.board.name(value), space=value)
        return str(value)

    def summary(self) -> str:
        each = "; ".join(f"{label} {self._value(n)}" for n, label in self._names())
        return _("Rule options: {options}.", options=each)

    def listed(self) -> list[str]:
        out = []
        for name, label in self._names():
            own = self.edition.options.get(name)
            said = own.help if own is not None else explain(self.edition, "cash" if name == CASH else name)
            out.append(_("{label}, {value}: {meaning}", label=label, value=self._value(name), meaning=said))
        return out

    def feed(self, words: str) -> str:
        """Apply one typed choice; return the reply (what is now set, or why not)."""
        name_part, number = _split_figure(words)
        names = self._names()
        found = match(name_part, [(i, label) for i, (_key, label) in enumerate(names)], "option")
        if isinstance(found, Miss):
            return found.sentence
        name, label = names[found]
        if name in self.flags:
            if number is not None:
                return _("{label} is on or off: type its name to turn it over.", label=label)
            self.flags[name] = not self.flags[name]
        elif name in self.figures:
            if number is None:
                return _("Type {label} and a whole number.", label=label.lower())
            if number < (0 if name == CASH else 1):
                if name == CASH:
                    return _("{label} is a whole number.", label=label)
                return _("{label} is a whole number, 1 or more.", label=label)
            self.figures[name] = number
        else:
            option = self.edition.options[name]
            if option.kind == "flag":
                if number is not None:
                    return _("{label} is on or off: type its name to turn it over.", label=label)
                self.own[name] = 0 if self.own[name] else 1
            elif option.kind == "space":
                if number is None or not 0 <= number < self.board.size:
                    return _(
                        "Type {label} and a space's number, from 0 to {last}.",
                        label=label.lower(),
                        last=self.board.size - 1,
                    )
                self.own[name] = number
            else:
                if number is None:
                    return _("Type {label} and a whole number.", label=label.lower())
                most = option.maximum
                if number < option.minimum or (most is not None and number > most):
                    if most is not None:
                        return _(
                            "{label} is from {least} to {most}.", label=label, least=option.minimum, most=most
                        )
                    return _("{label} is from {least} or more.", label=label, least=option.minimum)
                self.own[name] = number
        return _("{label}: {value}.", label=label, value=self._value(name))

    def rules(self, short_game: bool, rounds: int | None) -> RuleOptions | str:
        """Return the options as chosen, or why they are incompatible."""
        own = {n: v for n, v in self.own.items() if v != self.edition.options[n].default}
        try:
            return RuleOptions(
                short_game=short_game,
                time_limit_rounds=rounds,
                starting_cash=self.figures[CASH],
                circuits=self.figures.get("circuits"),
                edition_rules=own,
                **self.flags,
            )
        except ValueError as exc:
            return _("Those rules do not go together: {reason}", reason=exc)


def _split_figure(words: str) -> tuple[str, int | None]:
    """Split "subway fare 50" into ("subway fare", 50); a last word that is not a number is part of the
    name."""
    head, _space, last = words.strip().rpartition(" ")

    if head and last.isdigit():
        return head, int(last)
    return words.strip(), None


__all__ = ["ASKED", "RuleChoices"]
