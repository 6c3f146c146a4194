"""Handling of unexpected errors: logged with a traceback to a file, reported on screen in one sentence."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from datetime import datetime
from functools import wraps
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from translation import _


def log_path() -> Path:
    from platformdirs import user_log_path

    return user_log_path("landlords") / "errors.log"


def report(exc: BaseException) -> str:
    """Log the error with its traceback; return a one-sentence message naming the log file."""
    text = "".join(traceback.format_exception(exc))
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n{text}\n")
    except OSError:
        return _("Something went wrong ({error}).", error=f"{type(exc).__name__}: {exc}")
    return _(
        "Something went wrong ({error}); details are in {path}.",
        error=f"{type(exc).__name__}: {exc}",
        path=path,
    )


P = ParamSpec("P")
R = TypeVar("R")


def guarded(method: Callable[Concatenate[Any, P], R]) -> Callable[Concatenate[Any, P], R | None]:
    """Run a game-screen method; an unexpected error becomes a notice and the game goes on."""

    @wraps(method)
    def run(self: Any, /, *args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:
            self.notify(report(exc) + " " + _("The game is safe."), severity="error", timeout=10)
            return None

    return run
