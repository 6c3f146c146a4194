"""The command door refuses a malformed command however it was built (`model_construct`, a changed field),
with `IllegalCommand` and nothing changed: it is the door a network client's commands come through."""

from __future__ import annotations

import math
from typing import Any, TypeVar

import pytest
from pydantic import BaseModel

from engine import (
    BuyProperty,
    Game,
    IllegalCommand,
    PlaceBid,
    ProposeTrade,
    RejectTrade,
    RollDice,
)
from engine.core.commands import command_list_adapter
from engine.core.state import Bundle

from scenario import ADA, GRACE, MEDITERRANEAN, own, replays, settle, table

C = TypeVar("C", bound=BaseModel)


def _game() -> Game:
    game = table(("Ada", "Grace"))
    own(game, ADA, MEDITERRANEAN)
    return settle(game)


def forged(command: type[C], **fields: Any) -> C:
    """A command built without validation, its fields whatever a forger put there (of any type)."""
    return command.model_construct(**fields)


def _refused(game: Game, cmd: Any) -> IllegalCommand:
    before = game.state.copy()
    log = list(game.log)
    with pytest.raises(IllegalCommand) as err:
        game.apply(cmd)
    assert game.state == before and game.log == log
    return err.value


def _saves(game: Game) -> bool:
    """The game still writes out as JSON and reads back the same: nothing malformed got into it."""
    log = command_list_adapter()
    return log.validate_json(log.dump_json(game.log)) == game.log and replays(game)


def _unchecked_bundle(**fields: Any) -> Bundle:
    """A bundle put together field by field, as a careless client might, with no validation."""
    bundle = object.__new__(Bundle)
    for name, value in {"cash": 0, "deeds": (), "jail_cards": 0, **fields}.items():
        object.__setattr__(bundle, name, value)
    return bundle


@pytest.mark.parametrize("cash", [-100, 0.5, math.nan, math.inf, "100", None, True], ids=repr)
def test_a_trade_bundle_with_cash_that_is_not_a_whole_number_of_dollars_is_refused(cash: object) -> None:
    game = _game()
    offer = ProposeTrade.model_construct(
        player=ADA, kind="propose_trade", to=GRACE, give=_unchecked_bundle(cash=cash), take=Bundle()
    )
    err = _refused(game, offer)
    assert err.code == "malformed_command" and "give" in err.reason
    assert _saves(game)


@pytest.mark.parametrize(
    "fields",
    [
        {"deeds": [MEDITERRANEAN]},  # a list where a tuple is kept
        {"deeds": (1.0,)},
        {"jail_cards": -1},
        {"deeds": None},
    ],
    ids=repr,
)
def test_a_trade_bundle_with_bad_deeds_or_cards_is_refused(fields: dict[str, object]) -> None:
    game = _game()
    offer = ProposeTrade.model_construct(
        player=ADA, kind="propose_trade", to=GRACE, give=Bundle(), take=_unchecked_bundle(**fields)
    )
    assert _refused(game, offer).code == "malformed_command"


@pytest.mark.parametrize(
    "cmd",
    [
        forged(RollDice),  # no player at all
        forged(RollDice, player="0", kind="roll_dice"),
        forged(RollDice, player=-1, kind="roll_dice"),
        forged(RollDice, player=0.0, kind="roll_dice"),
        forged(RollDice, player=0, kind="end_turn"),
        forged(RollDice, player=True, kind="roll_dice"),  # a bool is not a seat
        forged(PlaceBid, player=ADA, kind="place_bid", amount=math.nan),
        forged(ProposeTrade, player=ADA, kind="propose_trade", to=GRACE, give={"cash": 5}, take=Bundle()),
        forged(RejectTrade, player=GRACE, kind="reject_trade", trade_id=1, reason="", asking="$500"),
        forged(RejectTrade, player=GRACE, kind="reject_trade", trade_id=1, reason="", asking=5.0),
    ],
    ids=lambda c: f"{type(c).__name__}{sorted(c.__dict__.items(), key=str)}",
)
def test_a_command_built_without_validation_is_refused_not_a_type_error(cmd: object) -> None:
    assert _refused(_game(), cmd).code == "malformed_command"


def test_a_command_changed_after_it_was_built_is_refused() -> None:
    game = _game()
    cmd = RollDice(player=ADA)
    object.__setattr__(cmd, "player", "Ada")
    assert _refused(game, cmd).code == "malformed_command"


def test_something_that_is_not_a_command_is_refused() -> None:
    err = _refused(_game(), {"kind": "roll_dice", "player": 0})
    assert err.code == "unknown_command"


def test_a_well_formed_command_built_without_validation_is_played() -> None:
    """The door refuses what is malformed, not what was merely built another way."""
    game = _game()
    game.apply(RollDice.model_construct(player=ADA, kind="roll_dice"))
    assert len(game.log) == 1 and type(game.log[0]) is RollDice
    assert _saves(game)


def test_buying_with_a_forged_player_is_refused() -> None:
    game = _game()
    assert _refused(game, forged(BuyProperty, player=None, kind="buy_property")).code == "malformed_command"


def test_a_command_given_a_field_it_does_not_have_is_refused() -> None:
    game = _game()
    cmd = RollDice.model_construct(player=ADA, kind="roll_dice")
    cmd.__dict__["amount"] = 5
    assert _refused(game, cmd).code == "malformed_command"
