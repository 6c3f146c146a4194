"""The `landlords` command line. Each subcommand lives in its own module and registers itself here.
With no subcommand it opens the start screen, and then only what that screen needs is loaded: the
subcommands (and the engine, the saves and the bots they use) load when one is asked for, or for help."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Collection, Sequence
from importlib import import_module

from cli import argparse_words, arguments, commands, launch
from translation import _

SUBCOMMANDS = {name: module for name, (module, _help) in commands.SUBCOMMANDS.items()}
"""Each subcommand's name and the module that registers it."""


def build_parser(*, subcommands: bool | Collection[str] = True) -> argparse.ArgumentParser:
    """Build the whole argument parser; with `subcommands` a collection of names, only those subcommands are
    registered whole (their modules loaded), every other one by its name and line of help alone."""
    parser = arguments.Parser(
        prog="landlords",
        description=_("A property-trading board game for the terminal."),
    )
    parser.add_argument("--version", action=_Version, help=_("show the version of landlords and exit"))
    parser.add_argument(
        "--lang",
        metavar=_("LANGUAGE"),
        help=_(
            "the language to play in (es, es_MX, ...; English by default, or as LANGUAGE, LC_ALL, "
            "LC_MESSAGES or LANG say)"
        ),
    )
    launch.add_display_options(parser)
    if subcommands is not False:  # an empty collection still lists every subcommand by name
        sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
        for name, module in SUBCOMMANDS.items():
            if subcommands is True or name in subcommands:
                import_module(module).register(sub)
            else:  # listed by `--help`; never run, since its name is not among the words
                commands.parser(sub, name)
    return parser


def _version() -> str:
    from importlib import metadata  # not at the top: loading it costs the start screen 30 ms of CPU

    try:
        return metadata.version("landlords")
    except metadata.PackageNotFoundError:
        return "(not installed)"


class _Version(argparse.Action):
    """The --version action, which looks the version up only when asked (argparse's own wants the text up
    front)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, help: str = "") -> None:
        super().__init__(option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        print(f"landlords {_version()}")
        parser.exit()


def main(argv: Sequence[str] | None = None) -> int:
    here = os.getcwd()
    if here not in sys.path:
        sys.path.append(here)  # bots of your own (module:Class) are found from where you run the game
    words = sys.argv[1:] if argv is None else list(argv)
    words = _choose_language(words)
    args = None
    if not set(words) & {*SUBCOMMANDS, "-h", "--help"}:  # the start screen: load no subcommand
        args, unknown = build_parser(subcommands=False).parse_known_args(words)
        args.command = None
        if unknown:  # let the whole parser say what is wrong
            args = None
    if args is None:  # only the subcommands named are loaded, whatever option precedes them
        args = build_parser(subcommands=set(words) & set(SUBCOMMANDS)).parse_args(words)
    try:
        if args.command is None:
            return launch.run(args)
        code: int = args.run(args)
    except KeyboardInterrupt:
        print(_("Interrupted."), file=sys.stderr)

        return 130
    return code


def _choose_language(words: list[str]) -> list[str]:
    """Set the language requested (or the environment's) before any text is written, help included.
    `--lang` may stand anywhere among the options, before or after a subcommand; the words are returned
    without it."""
    from translation import choose, speak

    asked = None
    rest: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--":
            rest += words[index:]
            break
        if word == "--lang" and index + 1 < len(words):
            asked = words[index + 1]
            index += 2
            continue
        if word.startswith("--lang="):
            asked = word.partition("=")[2]
        else:
            rest.append(word)
        index += 1
    choice = choose(asked, os.environ)
    speak(choice.language)
    argparse_words.install()

    if choice.note:
        print(choice.note, file=sys.stderr)
    return rest


if __name__ == "__main__":
    sys.exit(main())
