"""A player's choice made within a time bound, whatever the player does: the box must go on.

A computer player runs in a worker thread and the box waits for it at most ``limit`` seconds
(real time: a player's thinking is real time, and nothing is asserted on it). Whatever the
player raises, ``SystemExit`` and ``KeyboardInterrupt`` included, comes back as a
``PlayerFailed``: in the worker thread those are only a bug of the player, never the
daemon being stopped (a signal reaches the main thread, which waits here and lets it through).
A player over its time is left to finish on its own in its daemon thread, its answer unused.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from ..engine import CompanionError

T = TypeVar("T")

PLAYER_TIME_LIMIT = 2.0  # seconds a computer player may take over one choice


class PlayerFailed(CompanionError):
    """The player raised (its exception is the cause) or took too long."""


class TookTooLong(PlayerFailed):
    """The player gave no answer within the time bound."""


def within(call: Callable[[], T], limit: float, name: str) -> T:
    """``call()``'s answer if it gives one within ``limit`` seconds; else PlayerFailed.

    The worker catches every BaseException: it runs no generator (no GeneratorExit is ever
    thrown into it) and the thread's end needs nothing of it, so nothing is hidden that the
    interpreter relies on.
    """
    done = threading.Event()
    answers: list[T] = []
    raised: list[BaseException] = []

    def run() -> None:
        try:
            answers.append(call())
        except BaseException as exc:  # the player's SystemExit is a bug of the player too
            raised.append(exc)
        finally:
            done.set()

    threading.Thread(target=run, name=name, daemon=True).start()
    if not done.wait(limit):
        raise TookTooLong(f"no answer within {limit:g} s")
    if raised:
        raise PlayerFailed(f"raised {raised[0]!r}") from raised[0]
    return answers[0]
