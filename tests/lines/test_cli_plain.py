"""`--plain` from the command line: every command that starts a game plays it in lines at this terminal,
without a full screen; a game left is saved and taken up again in lines."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import signal
import sys
import time
from pathlib import Path

import pytest

from cli.main import main

Capture = pytest.CaptureFixture[str]
BOXES = re.compile("[\u2500-\u259f]")


def _run(monkeypatch: pytest.MonkeyPatch, capsys: Capture, argv: list[str], typed: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out  # never a full screen's escape sequence
    return out


def test_plain_starts_saves_and_resumes_a_game_in_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    common = ["--speed", "instant", "--saves-dir", str(tmp_path), "--name", "Vera"]
    out = _run(monkeypatch, capsys, ["--plain", *common], "quick\nroll\nquit\n")
    assert out.startswith("Landlords, in plain lines.\nType quick for you and three bots")
    assert "Landlords, Classic: you are Vera" in out and "Vera rolled" in out
    assert "Saved. Take it up again with landlords resume --plain." in out
    again = _run(monkeypatch, capsys, ["resume", "--plain", *common], "status\nquit\n")
    assert "You: $" in again and "Vera rolled" in again  # the turn under way, told again
    menu = _run(monkeypatch, capsys, ["--plain", *common], "resume\n7\n1\nquit\n")
    assert "1. Classic short game: Vera, Ada, Grace, Alan, turn 1, played " in menu
    assert "Type a number from 1 to 1, or back." in menu and "you are Vera" in menu
    chosen = _run(
        monkeypatch, capsys, ["--plain", *common], "new\nfin\n2\nhard\nshort\nfull\ndone\n5\nwho\nquit\n"
    )
    assert "Finance has no Short Game.\nFull rules or a time limit?" in chosen
    assert "Full rules, the short game, or a time limit?" not in chosen  # Finance has no short game
    assert "Landlords, Finance: you are Vera, playing Ada (bot), Grace (bot)." in chosen
    new = _run(
        monkeypatch,
        capsys,
        ["new", "--plain", "--edition", "finance-1936", "--seed", "3", *common],
        "who\nquit\n",
    )
    assert new.startswith("Landlords, Finance") and "It is Vera's turn, turn 1." in new
    lesson = _run(monkeypatch, capsys, ["learn", "--plain", *common], "quit\n")
    assert "you are Vera, playing" in lesson and lesson.count("(bot)") == 2


def test_the_demo_in_plain_lines_is_told_as_sentences(capsys: Capture) -> None:
    assert main(["demo", "--plain", "--turns", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Turn 1: Ada to play." in out and "\x1b" not in out


def test_plain_refuses_what_it_does_not_do_yet_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from cli import launch

    args = type("Args", (), {"plain": True})()
    assert launch.run(args, "review") == 2
    assert "not available in plain lines yet" in capsys.readouterr().err


@pytest.mark.slow
def test_at_a_real_terminal_it_completes_names_and_writes_no_escape_byte(tmp_path: Path) -> None:
    """`landlords --plain` in a pseudo-terminal, as a person with a screen reader runs it: the terminal's
    line editing completes a name with Tab, and nothing but text, newlines, the bell and the line editor's
    own backspaces reaches the screen."""
    argv = [sys.executable, "-m", "cli.main", "--plain", "--speed", "instant", "--saves-dir", str(tmp_path)]
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game
        try:
            os.environ["TERM"] = "xterm"
            os.execv(argv[0], argv)
        finally:
            os._exit(127)
    seen = b""

    def until(wanted: bytes, timeout: float = 30) -> None:
        nonlocal seen
        deadline = time.monotonic() + timeout
        while wanted not in seen and time.monotonic() < deadline:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    return
        assert wanted in seen, seen[-500:]

    try:
        until(b"Type quick")
        os.write(fd, b"quick\r")
        until(b"Type roll")
        os.write(fd, b"deed st. ch\t\r")
        until(b"price $140")
        os.write(fd, b"quit\r")
        until(b"Saved.")
    finally:
        if os.waitpid(pid, os.WNOHANG) == (0, 0):  # still running after a failure: end it
            time.sleep(2)
            if os.waitpid(pid, os.WNOHANG) == (0, 0):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        os.close(fd)
    assert b"\x1b" not in seen and b"\x07" in seen
    assert b"deed st. ch" in seen and b"St. Charles Place, space 11" in seen


@pytest.mark.slow
def test_lines_typed_while_the_bots_move_are_answered_at_once_never_acted_on_later(tmp_path: Path) -> None:
    """At a real terminal, lines typed during the bots' turns are answered then, between their moves, as
    over SSH, not at the person's next question: `status` is told, `roll` is refused with the reason (and
    throws nothing, then or later), and `quit` saves and leaves before anything more is asked."""
    argv = [sys.executable, "-m", "cli.main", "new", "--plain", "--seed", "2", "--speed", "normal"]
    argv += ["--saves-dir", str(tmp_path), "--name", "Vera"]
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game
        try:
            os.environ["TERM"] = "xterm"
            os.execv(argv[0], argv)
        finally:
            os._exit(127)
    seen = b""
    ended = False

    def until(wanted: bytes, start: int = 0, timeout: float = 60) -> int:
        """Read until `wanted` appears after `start`; where it ends."""
        nonlocal seen
        deadline = time.monotonic() + timeout
        while wanted not in seen[start:] and time.monotonic() < deadline:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
        assert wanted in seen[start:], seen[-800:]
        return seen.index(wanted, start) + len(wanted)

    def question(start: int) -> tuple[str, int]:
        """The question asked after `start` (the line before its bell), and where the bell is."""
        bell = until(b"\x07", start)
        return seen[:bell].decode().rstrip("\x07").splitlines()[-1], bell

    try:
        asked, at = question(0)
        for _ in range(12):  # my first turn, whatever it brings, up to its end
            answer = next(
                w for w in ("roll", "decline", "pass", "end") if f"Type {w}" in asked or f" {w}" in asked
            )
            os.write(fd, answer.encode() + b"\r")
            if answer == "end":
                break
            asked, at = question(at)
        assert answer == "end"
        turn = until(b"to play.", at)  # the bots' turns have begun
        rolled = seen.count(b"Vera rolled")
        os.write(fd, b"status\rroll\rquit\r")
        told = until(b"You: $", turn, timeout=30)
        refused = until(b": the game is waiting for Ada", told)
        saved = until(b"Saved.", refused)
        assert b"\x07" not in seen[turn:saved], "all three answered before the person was asked again"
        assert b"Not taken" not in seen
        deadline = time.monotonic() + 10
        while not ended:  # the game has ended: nothing is left to act later
            assert time.monotonic() < deadline, "quit did not end the game"
            time.sleep(0.1)
            ended = os.waitpid(pid, os.WNOHANG) != (0, 0)
        assert seen.count(b"Vera rolled") == rolled  # the roll typed during the bots' turns threw nothing
    finally:
        if not ended and os.waitpid(pid, os.WNOHANG) == (0, 0):
            time.sleep(2)
            if os.waitpid(pid, os.WNOHANG) == (0, 0):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        os.close(fd)
    assert b"\x1b" not in seen


def test_plain_saves_list_says_a_sentence_a_game_without_a_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    common = ["--speed", "instant", "--saves-dir", str(tmp_path), "--name", "Vera"]
    _run(monkeypatch, capsys, ["--plain", *common], "quick\nquit\n")
    assert main(["--plain", "saves", "list", "--saves-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Saved games in {tmp_path}:"
    assert len(out) == 2 and ": Classic short game: Vera, Ada, Grace, Alan; Classic; " in out[1]
    assert out[1].endswith(".") and not BOXES.search("\n".join(out))


@pytest.mark.parametrize("where", ["before", "after saves", "after list"])
def test_plain_is_taken_before_or_after_saves_list(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str
) -> None:
    """`saves list --plain` was refused ("unrecognized arguments") where `--plain saves list` worked."""
    common = ["--speed", "instant", "--saves-dir", str(tmp_path), "--name", "Vera"]
    _run(monkeypatch, capsys, ["--plain", *common], "quick\nquit\n")
    argv = {
        "before": ["--plain", "saves", "list"],
        "after saves": ["saves", "--plain", "list"],
        "after list": ["saves", "list", "--plain"],
    }[where]
    assert main([*argv, "--saves-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Saved games in {tmp_path}:" and len(out) == 2 and not BOXES.search(out[1])
