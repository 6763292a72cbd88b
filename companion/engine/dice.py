"""Where dice faces come from: an injected source, so games are reproducible and replayable."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from .components import DICE


class DiceSource(Protocol):
    """Gives the faces of one roll.

    ``roll_number`` counts every roll of the game from 0; ``dice`` lists (slot, die kind) of the
    dice rolled now. A source that depends only on (roll number, slot) makes an undone roll come
    back with the same faces.
    """

    def roll(self, roll_number: int, dice: Sequence[tuple[int, str]]) -> list[str]: ...


class SeededDice:
    """Faces derived from (seed, roll number, slot): the same seed gives the same game."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def roll(self, roll_number: int, dice: Sequence[tuple[int, str]]) -> list[str]:
        rng = random.Random(self.seed * 1_000_003 + roll_number)
        draws = [rng.randrange(6) for _ in range(max(slot for slot, _ in dice) + 1)]
        return [DICE[kind][draws[slot]] for slot, kind in dice]


class ScriptedDice:
    """Faces given in advance, one face per die rolled, in order: for tests and worked examples."""

    def __init__(self, faces: Iterable[str]) -> None:
        self._faces = list(faces)

    def roll(self, roll_number: int, dice: Sequence[tuple[int, str]]) -> list[str]:
        if len(self._faces) < len(dice):
            raise RuntimeError("scripted dice ran out of faces")
        taken, self._faces = self._faces[: len(dice)], self._faces[len(dice) :]
        return taken

    @property
    def remaining(self) -> int:
        return len(self._faces)
