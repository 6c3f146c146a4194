"""Unexpected errors: written to a log file for the curious, answered on screen in one sentence."""

from __future__ import annotations

import traceback
from datetime import datetime
from pathlib import Path


def log_path() -> Path:
    from platformdirs import user_log_path

    return user_log_path("landlords") / "errors.log"


def report(exc: BaseException) -> str:
    """Record the error with its traceback and say, in one sentence, where."""
    text = "".join(traceback.format_exception(exc))
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n{text}\n")
    except OSError:
        return f"Something went wrong ({type(exc).__name__}: {exc})."
    return f"Something went wrong ({type(exc).__name__}: {exc}); details are in {path}."
