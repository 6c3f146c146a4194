"""A dropdown keeps every key of a burst: Enter, Down, Enter arriving together (a slow link, a quick
typist) choose the next option; Textual's own `Select` lost the Down, which only opened the list again."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.widgets.steady_select import SteadySelect

from playtable import burst


class _Form(App[None]):
    def compose(self) -> ComposeResult:
        yield SteadySelect([(str(n), n) for n in range(5)], value=0, allow_blank=False, compact=True)


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
