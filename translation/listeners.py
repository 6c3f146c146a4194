"""Wrap a callback so that it always runs in the language it subscribed in.

A table notifies each of its people of a change from the context of the one who made it (a command, a
timer, another person's key), and the language is a context variable: without this, a person would read
what happened in the language of whoever caused it. A listener is wrapped where it subscribes, so that it
runs in the language spoken when it subscribed, the language of its session.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

from translation.context import speaking, use

P = ParamSpec("P")
R = TypeVar("R")


def held(listener: Callable[P, R]) -> Callable[P, R]:
    """Return `listener` wrapped to run, from now on, in the current language."""
    language = speaking()

    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        with use(language):
            return listener(*args, **kwargs)

    return call
