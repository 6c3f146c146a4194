"""Draft model of a deal among several players, built part by part, and text describing each party's share.

Pure: it works from the board and the players' names, so the negotiator shows every party what it gives
and gets before anything is sent.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine import Board, Bundle, DealOffer, DealPart, GameView, ProposeDeal, merged
from engine.core.narration import bundle_phrase
from translation import _, say
from tui.models.trade_model import spare_houses


@dataclass
class DealDraft:
    """The parts of a deal from `proposer`: each what one party hands one other."""

    proposer: int
    parts: list[DealPart] = field(default_factory=list)

    @classmethod
    def countering(cls, deal: DealOffer, me: int) -> DealDraft:
        """Create a counter-offer from the deal received, every part as it was, proposed by `me`."""
        return cls(proposer=me, parts=list(deal.parts))

    def add(self, giver: int, receiver: int, bundle: Bundle) -> None:
        """Add what `giver` hands `receiver`, to the part between them if there is one already."""
        if bundle.empty or giver == receiver:
            return
        for i, part in enumerate(self.parts):
            if (part.giver, part.receiver) == (giver, receiver):
                self.parts[i] = DealPart(giver=giver, receiver=receiver, bundle=merged([part.bundle, bundle]))
                return
        self.parts.append(DealPart(giver=giver, receiver=receiver, bundle=bundle))

    def remove_last(self) -> None:
        if self.parts:
            self.parts.pop()

    def in_parts(self) -> set[int]:
        """Return the deeds some part already hands over."""
        return {s for part in self.parts for s in part.bundle.deeds}

    def given(self, giver: int) -> Bundle:
        """Return everything `giver` hands over in the parts so far."""
        return merged(part.bundle for part in self.parts if part.giver == giver)

    def cards_left(self, view: GameView, giver: int) -> list[str]:
        """Return the cards in `giver`'s hand (as this seat sees them) that no part hands over yet."""
        left = list(view.players[giver].hand)
        for ref in self.given(giver).cards:
            if ref in left:
                left.remove(ref)
        return left

    def houses_for(
        self, view: GameView, board: Board, giver: int, count: int, ticked: Iterable[int]
    ) -> tuple[int, ...]:
        """Return the lots that `count` more houses sold by `giver` come off: the most built first, never a
        lot whose deed goes in the deal, nor a house another part already sells (as many as he has, if
        fewer)."""
        if count <= 0:
            return ()
        promised = list(self.given(giver).houses)
        skip = self.in_parts() | set(ticked)
        out = list(spare_houses(view, board, giver, len(promised) + count, skip))
        for lot in promised:
            if lot in out:
                out.remove(lot)
        return tuple(out[:count])

    @property
    def empty(self) -> bool:
        """Whether no part is added yet (a part is never empty)."""
        return not self.parts

    @property
    def parties(self) -> tuple[int, ...]:
        """Return the other players the parts name."""
        named = {p for part in self.parts for p in (part.giver, part.receiver)}
        return tuple(sorted(named - {self.proposer}))

    def command(self) -> ProposeDeal | None:
        if not self.parts:
            return None
        return ProposeDeal(player=self.proposer, parties=self.parties, parts=tuple(self.parts))


def part_lines(parts: Iterable[DealPart], board: Board, names: Sequence[str]) -> list[str]:
    """Describe the parts, one line each: "Ada gives Grace Boardwalk and $100"."""
    return [
        _(
            "{giver} gives {receiver} {what}",
            giver=names[p.giver],
            receiver=names[p.receiver],
            what=say(bundle_phrase(p.bundle, board)),
        )
        for p in parts
    ]


def share_line(parts: Sequence[DealPart], party: int, board: Board, names: Sequence[str]) -> str:
    """Describe one party's share: "Grace gives Park Place; gets Boardwalk"."""
    gives = merged(p.bundle for p in parts if p.giver == party)
    gets = merged(p.bundle for p in parts if p.receiver == party)
    return _(
        "{name} gives {gives}; gets {gets}",
        name=names[party],
        gives=say(bundle_phrase(gives, board)),
        gets=say(bundle_phrase(gets, board)),
    )
