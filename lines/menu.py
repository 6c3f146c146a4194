"""The line mode's start menu: a quick game, a new game asked for question by question (edition,
bots, their levels, the variant, the rule options the full screen's form offers, a seed), a saved game to
resume, or the lesson.

Like the session, it does no I/O: each typed line is fed in, each line said is handed to `write`, the
question is always the last line, and `choice` holds what was chosen once it is complete.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import EDITIONS, RuleOptions, load_edition
from lines import verbs
from lines.names import Miss, match
from lines.parser import clean
from lines.rule_menu import ASKED, RuleChoices
from room import DEFAULT_LEVEL, LEVELS, SavedGame, Seat, TableSetup
from room.board_words import edition_name
from room.seats import bot_names, your_name
from translation import N_, _

MOST_BOTS = 7
LISTED = 20
"""Saved games listed for `resume`, the most recently played first."""


@dataclass(frozen=True)
class Choice:
    """The start menu's result: `quick`, `learn`, `quit`, a `new` game's setup, or a save to `resume`."""

    kind: str
    setup: TableSetup | None = None
    save_id: str | None = None


class StartMenu:
    """The start menu's questions, asked one at a time."""

    def __init__(
        self,
        write: Callable[[str], None],
        saved: Callable[[], Sequence[SavedGame]],
        name: str | None = None,
        check: Callable[[TableSetup], str | None] = lambda setup: None,
    ) -> None:
        """`check` returns why a setup cannot be played (an edition without a short game), or None."""
        self._write = write
        self._check = check
        self._saved = saved
        self._name = name
        self.choice: Choice | None = None
        self._step = "menu"
        self._games: list[SavedGame] = []
        self._edition = "classic"
        self._bots = 3
        self._levels: list[str] = [DEFAULT_LEVEL]
        self._short = False
        self._rounds: int | None = None
        self._options: RuleChoices | None = None

    def _say(self, text: str) -> None:
        self._write(" ".join(text.split()) + "\n")

    def start(self) -> None:
        self._say(_("Landlords, in plain lines."))
        self._ask()

    def _ask(self) -> None:
        if self._step == "rules":
            self._say(_(RULES[tuple(self._variants())]))
            return
        self._say(question(self._step))

    def feed(self, line: str) -> None:
        words = clean(line)
        if isinstance(words, Miss):
            self._say(words.sentence)
        elif not words:  # an empty line: the question again
            pass
        elif verbs.command(words) in ("help", "?") and self._step != "options":
            self._say(_(HELP))
        elif verbs.command(words) in ("quit", "exit", "bye"):
            self.choice = Choice("quit")
            return
        elif verbs.command(words) == "back" and self._step != "menu":
            self._step = "menu"
        else:
            steps: dict[str, Callable[[str], str | None]] = {
                "menu": self._on_menu,
                "resume": self._on_resume,
                "edition": self._on_edition,
                "bots": self._on_bots,
                "level": self._on_level,
                "rules": self._on_rules,
                "options": self._on_options,
                "seed": self._on_seed,
            }
            problem = steps[self._step](words)
            if self.choice is not None:
                return
            if problem:
                self._say(problem)
        self._ask()

    def completions(self, line: str) -> list[str]:
        """Return the words that complete a typed beginning at the first question (Tab in a terminal)."""
        head = verbs.fold(line.strip())
        if self._step != "menu" or " " in head:
            return []
        return [w for w in _menu_words() if head and verbs.fold(w).startswith(head)]

    def _on_menu(self, words: str) -> str | None:
        word = _menu_choice(words)
        if word in ("quick", "learn", "quit"):
            self.choice = Choice(word)
        elif word == "new":
            self._step = "edition"
        elif word == "resume":
            self._games = list(self._saved())[:LISTED]
            if not self._games:
                return _("There are no saved games yet.")
            for i, game in enumerate(self._games, 1):
                state = _("finished") if game.finished else _("turn {turn}", turn=game.turn)
                self._say(
                    _(
                        "{number}. {title}, {state}, played {when}.",
                        number=i,
                        title=game.title,
                        state=state,
                        when=game.updated,
                    )
                )
            self._step = "resume"
        else:
            return _("{words!r} is not one of the choices.", words=words[:30])
        return None

    def _on_resume(self, words: str) -> str | None:
        if not words.isdigit() or not 1 <= int(words) <= len(self._games):
            return _("Type a number from 1 to {last}, or back.", last=len(self._games))
        self.choice = Choice("resume", save_id=self._games[int(words) - 1].id)
        return None

    def _on_edition(self, words: str) -> str | None:
        found = match(words, [*enumerate(EDITIONS), *_edition_names()], "edition")
        if isinstance(found, Miss):
            return found.sentence
        self._edition = EDITIONS[found]
        self._step = "bots"
        return None

    def _on_bots(self, words: str) -> str | None:
        if not words.isdigit() or not 1 <= int(words) <= MOST_BOTS:
            return _("Type a number of bots from 1 to {most}.", most=MOST_BOTS)
        self._bots = int(words)
        self._step = "level"
        return None

    def _on_level(self, words: str) -> str | None:
        """Handle the bot-level answer: one level for every bot, or one for each bot in turn ("easy hard
        hard")."""
        typed = verbs.inner(words).replace(",", " ").split()
        if len(typed) not in (1, self._bots):
            return _(
                "Type one level for all the bots, or one for each of the {n} bots in turn.", n=self._bots
            )
        levels = []
        for word in typed:
            found = match(word, list(enumerate(LEVELS)), "level")
            if isinstance(found, Miss):
                return found.sentence
            levels.append(LEVELS[found])
        self._levels = levels * self._bots if len(levels) == 1 else levels
        self._step = "rules"
        if self._variants() == ["full"]:  # nothing to choose: the edition plays its full rules only
            edition = edition_name(load_edition(self._edition))
            self._say(
                _(
                    "{edition} has neither a short game nor a time limit: it is played in full.",
                    edition=edition,
                )
            )
            return self._on_rules("full")
        return None

    def _variants(self) -> list[str]:
        """Return the variants the chosen edition offers: full, and the short game and a time limit if it has
        them."""
        offered = ["full"]
        for word, variant in (
            ("short", RuleOptions(short_game=True)),
            ("time", RuleOptions(time_limit_rounds=20)),
        ):
            if not self._check(TableSetup(self._edition, self._seats(), variant, None)):
                offered.append(word)
        return offered

    def _on_rules(self, words: str) -> str | None:
        word = verbs.inner(words).casefold()
        if word in ("full", "standard"):
            self._short, self._rounds = False, None
        elif word in ("short", "short game"):
            self._short, self._rounds = True, None
        elif word.startswith("time") and word.removeprefix("time").strip().isdigit():
            rounds = int(word.removeprefix("time").strip())
            if not 1 <= rounds <= 500:
                return _("A time limit is from 1 to 500 rounds.")
            self._short, self._rounds = False, rounds
        else:
            return _(RULES[tuple(self._variants())])
        variant = RuleOptions(short_game=self._short, time_limit_rounds=self._rounds)
        problem = self._check(TableSetup(self._edition, self._seats(), variant, None))
        if problem:  # the variant is not played in this edition: said now, before its options
            return problem
        self._options = RuleChoices(load_edition(self._edition))
        self._say(self._options.summary())
        self._step = "options"
        return None

    def _on_options(self, words: str) -> str | None:
        options = self._options
        assert options is not None
        word = verbs.command(words)
        if word in ("done", "ok", "start", "go"):
            self._step = "seed"
            return None
        if word in ("list", "help", "?"):
            for line in options.listed():
                self._say(line)
            return None
        return options.feed(words)

    def _on_seed(self, words: str) -> str | None:
        if verbs.command(words) not in ("random", "none") and not words.isdigit():
            return _("Type a whole number for the seed, or random.")
        seed = int(words) if words.isdigit() else None
        seats = self._seats()
        assert self._options is not None
        rules = self._options.rules(self._short, self._rounds)
        if isinstance(rules, str):
            self._step = "options"
            return rules
        setup = TableSetup(self._edition, seats, rules, seed)
        problem = self._check(setup)
        if problem:
            self._step = "rules"
            return problem
        self.choice = Choice("new", setup)
        return None

    def _seats(self) -> tuple[Seat, ...]:
        me = your_name(self._name)
        names = bot_names(self._bots, {me})
        bots = (Seat(name=n, kind="bot", level=lv) for n, lv in zip(names, self._levels, strict=True))
        return (Seat(name=me, kind="human"), *bots)


MENU = ("quick", "new", "resume", "learn", "quit")
"""The first question's choices, as the program knows them (each typed in the language spoken)."""


def _menu_words() -> list[str]:
    return list(dict.fromkeys(verbs.word(w) for w in MENU))


def _menu_choice(words: str) -> str:
    """Return the choice of the first question that `words` names: the word itself, in the language spoken
    or in English, a beginning only one choice has (`res`), or the one choice close to it (`quik`)."""
    typed = verbs.fold(words.strip())
    spoken = {verbs.fold(verbs.word(w)): w for w in MENU} | {w: w for w in MENU}
    if typed in spoken:
        return spoken[typed]
    begun = {w for said, w in spoken.items() if typed and said.startswith(typed)}
    if begun:  # several choices begin so (`qu`): none of them
        return begun.pop() if len(begun) == 1 else typed
    close = {spoken[c] for c in difflib.get_close_matches(typed, list(spoken), n=3, cutoff=0.8)}
    return close.pop() if len(close) == 1 else typed


def _edition_names() -> list[tuple[int, str]]:
    return [(i, edition_name(load_edition(e))) for i, e in enumerate(EDITIONS)]


QUESTIONS = {
    "menu": N_(
        "Type quick for you and three bots, new to choose the game, resume, learn for a first game that "
        "teaches, or quit."
    ),
    "resume": N_("Type the number of the game to resume, or back."),
    "edition": N_("Which edition? {editions}."),
    "bots": N_("How many bots, from 1 to {most}?"),
    "level": N_("Their level: {levels}? One for all, or one for each bot in turn (easy hard)."),
    "rules": N_(
        "Full rules, the short game, or a time limit? Type full, short, or time and a number of rounds."
    ),
    "options": ASKED,
    "seed": N_("A seed to replay the game later, or random?"),
}


RULES = {
    ("full", "short", "time"): QUESTIONS["rules"],
    ("full", "short"): N_("Full rules or the short game? Type full or short."),
    ("full", "time"): N_("Full rules or a time limit? Type full, or time and a number of rounds (time 20)."),
    ("full",): N_("Type full."),
}
"""The question of the rules, offering only the variants the edition plays."""

HELP = N_(
    "Answer each question with one of the words it offers, then press Enter; back returns to the first "
    "question, quit leaves."
)


def question(step: str) -> str:
    """Return the question of a menu step, in the current language."""
    return _(
        QUESTIONS[step],
        editions=", ".join(EDITIONS),
        most=MOST_BOTS,
        levels=", ".join(map(verbs.word, LEVELS)),
    )
