"""Focus styling: a visible focus indicator on every kind of widget, in every theme.

Textual marks focus with a tint and a tall border, and compact widgets drop the border; in the sixteen
colours of the ANSI theme a tint does not show, so there focus is drawn with reverse video and
underlines, which every terminal has. Drop-downs open inside a border, over a background of their own.
Notices come in at the top right, clear of the buttons that dialogs keep at their foot.
"""

FOCUS_CSS = """
Button:ansi:focus {
    text-style: bold reverse;
}
Button.-textual-compact:ansi, Button.-textual-compact:ansi:disabled, Button.-textual-compact:ansi:hover {
    border: none !important;
}
Select:ansi:focus > SelectCurrent {
    text-style: bold reverse;
}
Select > SelectOverlay {
    border: round $accent;
    background: $panel;
}
Select:ansi > SelectOverlay {
    border: round ansi_bright_yellow;
    background: ansi_black;
}
.-ascii Select > SelectOverlay {
    border: ascii $accent;
}
Input.-textual-compact:focus {
    text-style: underline;
}
Checkbox:ansi:focus > .toggle--label {
    text-style: bold reverse;
}
OptionList:ansi:focus > .option-list--option-highlighted {
    text-style: bold reverse;
}
DataTable:ansi:focus > .datatable--cursor {
    text-style: bold reverse;
}
HoldingsPanel:focus, DeedPanel:focus, EventLog:focus {
    border: round $accent;
}
.-ascii HoldingsPanel:focus, .-ascii DeedPanel:focus, .-ascii EventLog:focus {
    border: ascii $accent;
}
"""
