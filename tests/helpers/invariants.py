"""Invariants every game state must keep, checked after every command by the fuzz tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Game, GameState
from engine.core.events import Event
from engine.play.sources import has_file, sources_of


def check_ledger(before: GameState, after: GameState, events: Sequence[Event]) -> None:
    """Every dollar that moved is accounted for by an event: the players' cash, the pot, the money boxes
    and the principal of every loan. Where the edition keeps its money in boxes (the 1904 game: the
    bank, the wages, the treasury, the railroad), no event makes or destroys a dollar."""
    cash = [p.cash for p in before.players]
    pot = before.pot
    boxes = dict(before.boxes)
    owed = {loan.id: loan.principal for loan in before.loans}
    boxed = bool(before.boxes)
    for ev in events:
        moved = 0
        for player, delta in ev.deltas():
            cash[player] += delta
            moved += delta
        pot += ev.pot_delta()
        moved += ev.pot_delta()
        for box, delta in ev.box_deltas():
            boxes[box] += delta
            moved += delta
        if boxed:
            assert moved == 0, f"{ev} makes or destroys {moved}"
        if ev.kind == "loan_taken":
            owed[ev.loan.id] = ev.loan.principal
        elif ev.kind == "loan_repaid":
            owed[ev.loan] -= ev.amount
    assert cash == [p.cash for p in after.players], (cash, [p.cash for p in after.players], events)
    assert pot == after.pot, (pot, after.pot)
    assert boxes == after.boxes, (boxes, after.boxes, events)
    assert {i: v for i, v in owed.items() if v} == {loan.id: loan.principal for loan in after.loans}


def check_events(game: Game, events: Sequence[Event]) -> None:
    """What the events of one command say must hold: each names a rule its edition gives a source for;
    where lots stand alone (Finance), houses are added only by a player who has been round the board once,
    and a forced move goes back the edition's figure."""
    ed = game.board.edition
    if has_file(ed.id):
        found = sources_of(ed.id)
        for ev in events:
            assert found.has(ev.rule), f"{ev.kind} carries {ev.rule}, which {ed.id} gives no source for"
    if ed.colour_groups:
        return
    for ev in events:
        if ev.kind in ("building_bought", "building_placed"):
            assert game.state.players[ev.player].circuits >= 1, f"player {ev.player} built before a circuit"
        if ev.kind == "forced_move":
            assert ev.steps == ed.forced_move_steps and ev.player != ev.arriving


def check_state(game: Game) -> None:
    st = game.state
    board = game.board
    ed = board.edition
    rules = game.ruleset

    houses = sum(rules.houses(d.level) for d in st.deeds.values())
    hotels = sum(rules.hotels_at(d.level) for d in st.deeds.values())
    assert houses + st.bank.houses == ed.bank.houses, (houses, st.bank.houses)
    assert hotels + st.bank.hotels == ed.bank.hotels, (hotels, st.bank.hotels)
    assert st.bank.houses >= 0 and st.bank.hotels >= 0

    assert set(st.deeds) == set(board.deeds)
    for space, deed in st.deeds.items():
        if deed.owner is not None:
            assert 0 <= deed.owner < len(st.players)
            assert not st.players[deed.owner].bankrupt, f"bankrupt {deed.owner} owns {space}"
        assert 0 <= deed.level <= rules.max_level
        if deed.level:
            assert board.kinds[space] == "street", f"building on {board.name(space)}"
            assert deed.owner is not None, f"buildings on {board.name(space)}, which nobody owns"
            group = board.group_of[space]
            assert group is not None
            lots = board.members[group]
            if ed.colour_groups:
                assert all(st.deeds[s].owner == deed.owner for s in lots), (
                    f"building on incomplete group {group}"
                )
                assert not any(st.deeds[s].mortgaged for s in lots), f"building in mortgaged group {group}"
        if deed.mortgaged:
            assert deed.owner is not None and not deed.level
            assert rules.mortgages, "a mortgage where there are none"
        if deed.owner is not None and board.kinds[space] == "street":
            assert deed.level >= ed.houses_with_lot, f"{board.name(space)} lost the house it was sold with"

    if not ed.hotels:
        assert st.bank.hotels == 0 and hotels == 0, "a hotel where there are none"
        assert all(d.level <= ed.houses_before_hotel for d in st.deeds.values()), "too many houses on a lot"
    if ed.lot_limit is not None and st.winner is None:  # the last player standing takes every lot
        pend = st.pending
        for seat in range(len(st.players)):
            held = sum(1 for d in st.deeds.values() if d.owner == seat)
            deciding = pend is not None and pend.kind == "excess_lots" and pend.player == seat
            assert held <= ed.lot_limit or deciding, f"player {seat} holds {held} lots"

    if st.rules.even_building and ed.colour_groups:
        for lots in board.street_groups:
            levels = [st.deeds[s].level for s in lots]
            assert max(levels) - min(levels) <= 1, f"uneven group {lots}: {levels}"

    for name, deck in ed.decks.items():
        jail_held = sum(p.jail_cards.count(name) for p in st.players)
        in_hand = [r.partition("/")[2] for p in st.players for r in p.hand if r.partition("/")[0] == name]
        assert len(st.decks[name]) + jail_held + len(in_hand) == len(deck.cards), name
        every = st.decks[name] + [board.jail_card.get(name, "")] * jail_held + in_hand
        assert sorted(every) == sorted(c.id for c in deck.cards), name

    assert st.pot >= 0
    if st.pot:
        assert st.rules.free_parking_pot or ed.hooks.pot != "free_parking", "a pot no rule feeds"
    for space in st.markers.values():
        assert 0 <= space < board.size

    for p in st.players:
        assert p.cash >= 0 and p.credit >= 0
        if p.bankrupt:
            assert p.cash == 0 and not p.jail_cards and not p.hand
        if p.next_roll_backward:
            assert board.kinds[p.position] == "move_backwards", "a backward throw owed away from its space"

    viewer = st.pending.player if st.pending is not None else None
    if any(p.hand for p in st.players):
        seen = game.view(viewer).players
        for i, (real, shown) in enumerate(zip(st.players, seen, strict=True)):
            for mine, theirs in zip(real.hand, shown.hand, strict=True):
                deck_name = mine.partition("/")[0]
                hidden = ed.decks[deck_name].hidden and i != viewer
                assert theirs == (f"{deck_name}/?" if hidden else mine), (i, viewer, mine, theirs)
    check_economy(game)

    if st.pending is not None and st.pending.kind in ("roll", "end_turn"):
        for p in st.players:  # a space that sends a token on is never where it rests
            assert p.bankrupt or board.kinds[p.position] not in ("ride", "onward", "carnival"), p

    if st.winner is None:
        assert st.pending is not None, "a running game always waits for someone"
        assert not st.players[st.pending.player].bankrupt
        if st.players[st.current].bankrupt:  # his deeds are still under the hammer; then the dice pass
            assert any(e.kind == "next_turn" for e in st.queue)
    else:
        assert st.pending is None

    assert GameState.from_json(st.to_json()) == st


def check_economy(game: Game) -> None:
    """Magie's 1904 economy: money conserved through the boxes, loans secured by their borrowers' own
    lots, nobody eliminated, and the game over once every player has been round the set number of times."""
    st = game.state
    board = game.board
    ed = board.edition
    assert set(st.boxes) == set(ed.boxes)
    if st.boxes:
        start = game.initial
        assert sum(p.cash for p in st.players) + sum(st.boxes.values()) == sum(
            p.cash for p in start.players
        ) + sum(start.boxes.values()), "money made or lost outside the boxes"
        for box, total in st.boxes.items():
            assert ed.boxes[box].pays_out or total >= 0, box
    pledged = [s for loan in st.loans for s in loan.security]
    assert len(pledged) == len(set(pledged)), "a lot pledged twice"
    for loan in st.loans:
        assert loan.principal > 0 and loan.borrower != loan.lender
        assert all(st.deeds[s].owner == loan.borrower for s in loan.security), loan
        if loan.lender is None:
            assert ed.loans is not None and loan.principal % ed.loans.note == 0
            assert loan.interest == loan.principal // ed.loans.note * ed.loans.interest
    for space, holder in st.charters.items():
        assert board.kinds[space] == "franchise" and 0 <= holder < len(st.players)
    if ed.poorhouse is not None:
        assert not any(p.bankrupt for p in st.players), "a player eliminated where nobody goes bankrupt"
        for p in st.players:
            assert not p.in_poorhouse or (p.position == ed.poorhouse.space and not p.in_jail)
    limit = game.ruleset.circuits
    if limit is not None:
        done = all(p.circuits >= limit for p in st.players)
        if st.winner is None and done:
            assert any(e.kind == "check_ending" for e in st.queue), "every circuit made and the game goes on"
        called = bool(game.log) and game.log[-1].kind == "agree_to_call"  # the table agreed to stop
        if st.winner is not None:
            assert done or called, "the game ended before the last circuit"
