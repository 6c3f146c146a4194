"""The terminal interface: the landlords app, its screens and dialogs, and the client of a room it plays.

Importing it changes nothing outside it: the changes to Textual's own classes that the app runs with
(`tui.patches`) are installed by the programs that run apps, not by this import.
"""
