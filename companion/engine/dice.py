"""Where dice faces come from: an injected source, so games are reproducible and replayable."""

from __future__ import annotations

import random
from _random import Random as _CoreRandom
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


# The generator's own seeding, as ``random.Random(n)`` does it for an int ``n``.
_SEED = _CoreRandom.seed


class SeededDice:
    """Faces derived from (seed, roll number, slot): the same seed gives the same game.

    Each roll re-seeds one generator with ``seed * 1_000_003 + roll number`` and draws one
    number below 6 per slot the way ``randrange(6)`` does (3 random bits, again while >= 6),
    without a new generator and method calls per die.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        # Made without the seeding ``random.Random()`` does from the OS: every roll seeds it
        # before it draws.
        self._rng = random.Random.__new__(random.Random)

    # The generator is scratch, seeded again at every roll: a copy (a saved session, a trial
    # press) needs the seed alone, and one made as above has no state of Python's to copy.
    def __getstate__(self) -> dict[str, int]:
        return {"seed": self.seed}

    def __setstate__(self, state: dict[str, int]) -> None:
        self.__init__(state["seed"])  # type: ignore[misc]

    def roll(self, roll_number: int, dice: Sequence[tuple[int, str]]) -> list[str]:
        _SEED(self._rng, self.seed * 1_000_003 + roll_number)
        bits = self._rng.getrandbits
        draws = []
        for _ in range(max(dice)[0] + 1):
            draw = bits(3)
            while draw >= 6:
                draw = bits(3)
            draws.append(draw)
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
