"""The form's fields keep every key of a burst (a slow link, a quick typist): Enter, Down, Enter arriving
together choose a dropdown's next option (Textual's own `Select` lost the Down, which only opened the list
again), and Ctrl+U then "0:30" leave "0:30" in a field (Textual's `Input` cleared it after the typing)."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.widgets.steady_input import SteadyInput
from tui.widgets.steady_select import SteadySelect

from playtable import burst


class _Form(App[None]):
    def compose(self) -> ComposeResult:
        yield SteadySelect([(str(n), n) for n in range(5)], value=0, allow_blank=False, compact=True)
        yield SteadyInput("3:00", compact=True)


async def test_enter_down_enter_in_one_burst_choose_the_next_option() -> None:
    app = _Form()
    async with app.run_test() as pilot:
        select = app.query_one(SteadySelect)
        select.focus()
        await pilot.pause()
        burst(app, "enter", "down", "enter")  # type: ignore[arg-type]
        await pilot.pause(0.2)
        assert select.value == 1 and not select.expanded
        burst(app, "enter", "down", "down", "up", "enter")  # type: ignore[arg-type]
        await pilot.pause(0.2)
        assert select.value == 2


async def test_ctrl_u_then_typing_in_one_burst_leaves_what_was_typed() -> None:
    app = _Form()
    async with app.run_test() as pilot:
        field = app.query_one(SteadyInput)
        field.focus()
        await pilot.pause()
        burst(app, "ctrl+u", "0", ":", "3", "0")  # type: ignore[arg-type]
        await pilot.pause(0.2)
        assert field.value == "0:30"
