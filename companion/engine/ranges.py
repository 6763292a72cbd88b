"""Counting places round the table: only living players count."""

from __future__ import annotations

from collections.abc import Sequence


def distances(seat: int, living: Sequence[int]) -> dict[int, int]:
    """Places from ``seat`` to every other living seat, the shorter way round.

    ``living`` lists the living seats in clockwise order and includes ``seat``.
    """
    n = len(living)
    here = living.index(seat)
    result = {}
    for i, other in enumerate(living):
        if other != seat:
            k = (i - here) % n
            result[other] = min(k, n - k)
    return result


def next_living(seat: int, alive: Sequence[bool]) -> int | None:
    """The next living seat clockwise after ``seat`` (``seat`` itself if it is the only one)."""
    n = len(alive)
    for step in range(1, n + 1):
        other = (seat + step) % n
        if alive[other]:
            return other
    return None
