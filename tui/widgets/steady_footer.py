"""The footer of keys, rebuilt only when the keys it shows change."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer

Shown = tuple[tuple[str, str, str, str, bool, str, str | None], ...]


class SteadyFooter(Footer):
    """Textual's footer rebuilds all its keys whenever the focus moves, a dialog opens or closes, or a
    screen asks for its keys to be looked at again, even when the same keys come out; each rebuild lays
    the whole screen out again and redraws it (and the screen on top, when this one shows through a
    dialog). This one keeps its keys when they would come out the same, and while another screen is on
    top of its own: its screen looks at them again when it is back on top."""

    _composed: Shown | None = None

    def _shown(self) -> Shown:
        """The keys on show, as the footer would draw them."""
        return tuple(
            (
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                enabled,
                tooltip,
                binding.group.description if binding.group is not None else None,
            )
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )

    def compose(self) -> ComposeResult:  # Footer's, recording what it draws
        self._composed = self._shown() if self._bindings_ready else None
        yield from super().compose()

    async def recompose(self) -> None:
        kept = self._composed is not None and self.is_attached
        if kept and (self.screen is not self.app.screen or self._shown() == self._composed):
            return
        await super().recompose()
