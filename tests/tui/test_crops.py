"""The compositor renders only the rows an update draws (`tui.patches.crops`), and draws them as Textual's
own rendering of every row does."""

from __future__ import annotations

from textual._compositor import Compositor
from textual.geometry import Region
from textual.widget import Widget

from tui.patches import crops

from playtable import ADA, VERA, app_for, client_for, scripted_game, settle
from unpatched import textuals_own


def _pieces(compositor: Compositor, crop: Region) -> list[list[tuple[int, list[tuple[str, object]]]]]:
    rows = set(crop.line_range)
    chops = compositor._render_chops(crop, rows.__contains__)
    return [
        [(x, [(s.text, s.style) for s in strip]) for x, strip in sorted(line.items())]
        for y, line in enumerate(chops)
        if y in rows
    ]


def _rows_rendered(compositor: Compositor, crop: Region) -> int:
    return sum(len(strips) for _, _, strips in compositor._get_renders(crop))


async def test_a_few_rows_are_drawn_as_textual_draws_them_from_fewer_rendered_lines() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        compositor = app.screen._compositor
        crops.install()
        width = compositor.size.width
        wanted = [Region(0, 0, width, 1), Region(0, 7, width, 3), Region(10, 12, 30, 2)]
        wanted.append(Region(0, 29, width, 1))
        ours = [_pieces(compositor, crop) for crop in wanted]
        rendered = [_rows_rendered(compositor, crop) for crop in wanted]
        with textuals_own(crops):
            textual = [_pieces(compositor, crop) for crop in wanted]
            textual_rendered = [_rows_rendered(compositor, crop) for crop in wanted]
        assert ours == textual
        assert all(any(line for line in crop) for crop in ours)  # something was drawn in each
        assert rendered[0] * 5 < textual_rendered[0], (rendered, textual_rendered)  # the reason for it


async def test_a_whole_screen_is_drawn_by_textual_itself() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        compositor = app.screen._compositor
        whole = list(compositor._get_renders(compositor.size.region))
        assert len(whole) == len([w for w in compositor.visible_widgets if isinstance(w, Widget)])
