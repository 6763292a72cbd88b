"""What happened, in rule order: the journal, the panels and the event stream feed on these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .frozen import quick_init


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"event": self.kind}
        for key, value in self.__dict__.items():
            data[key] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True)
class GameStarted(Event):
    """The table as the game begins, so a stream of events is complete on its own."""

    kind: ClassVar[str] = "game_started"
    characters: tuple[str, ...]
    life: tuple[int, ...]
    sheriff: int | None


@dataclass(frozen=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    seat: int
    turn: int


@dataclass(frozen=True)
class DiceRolled(Event):
    """``dice`` were rolled and show ``faces``; ``all_faces`` is every die after the roll."""

    kind: ClassVar[str] = "dice_rolled"
    seat: int
    roll: int
    dice: tuple[int, ...]
    faces: tuple[str, ...]
    all_faces: tuple[str, ...]


class RolledApart(Event):
    """A roll of a module's dice apart from the turn's: ``seat`` rolled ``faces`` on ``dice``,
    named as a ``DiceRolled``'s. A power that follows every roll reads it here, never by the
    module's own event, which is a dataclass under this one."""

    seat: int
    dice: tuple[int, ...]
    faces: tuple[str, ...]


@dataclass(frozen=True)
class ArrowTaken(Event):
    kind: ClassVar[str] = "arrow_taken"
    seat: int
    pile: int
    cause: str


@dataclass(frozen=True)
class IndiansAttacked(Event):
    kind: ClassVar[str] = "indians_attacked"
    seat: int


@dataclass(frozen=True)
class ArrowsDiscarded(Event):
    kind: ClassVar[str] = "arrows_discarded"
    seat: int
    count: int
    pile: int
    cause: str


@dataclass(frozen=True)
class DynamiteExploded(Event):
    kind: ClassVar[str] = "dynamite_exploded"
    seat: int


@dataclass(frozen=True)
class ResultAssigned(Event):
    """A Bull's Eye or Beer result given to a player, before results resolve together."""

    kind: ClassVar[str] = "result_assigned"
    seat: int
    die: int
    symbol: str
    target: int


@dataclass(frozen=True)
class BullseyeDoubled(Event):
    kind: ClassVar[str] = "bullseye_doubled"
    seat: int
    die: int


@dataclass(frozen=True)
class GatlingFired(Event):
    kind: ClassVar[str] = "gatling_fired"
    seat: int


@dataclass(frozen=True)
class LifeLost(Event):
    """``by`` is the player whose result caused it (None for Indians, Dynamite)."""

    kind: ClassVar[str] = "life_lost"
    seat: int
    amount: int
    life: int
    cause: str
    by: int | None


@dataclass(frozen=True)
class LifeGained(Event):
    kind: ClassVar[str] = "life_gained"
    seat: int
    amount: int
    life: int
    cause: str


@dataclass(frozen=True)
class PlayerEliminated(Event):
    kind: ClassVar[str] = "player_eliminated"
    seat: int
    cause: str
    by: int | None


@dataclass(frozen=True)
class RoleRevealed(Event):
    kind: ClassVar[str] = "role_revealed"
    seat: int
    role: str


@dataclass(frozen=True)
class LastOneStanding(Event):
    """3 players: a target fell to the wrong hand; the survivors now play last one standing."""

    kind: ClassVar[str] = "last_one_standing"


@dataclass(frozen=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn_ended"
    seat: int


@dataclass(frozen=True)
class GameOver(Event):
    """``side`` names who won; ``winners`` the seats known to be on it (all, with roles known)."""

    kind: ClassVar[str] = "game_over"
    side: str
    winners: tuple[int, ...]


# ------------------------------------------- open moments, a reveal into one, the wait at the end


@dataclass(frozen=True)
class Rewound(Event):
    """A reveal was made into an open ``moment``: what followed that moment is undone, and the
    game goes on from it. The life and arrows of every seat and the pile, as they are again."""

    kind: ClassVar[str] = "rewound"
    moment: str
    life: tuple[int, ...]
    arrows: tuple[int, ...]
    pile: int


@dataclass(frozen=True)
class ExtraTurn(Event):
    kind: ClassVar[str] = "extra_turn"
    seat: int


@dataclass(frozen=True)
class GameEndWaiting(Event):
    """A win holds, but reveals may still avert it until the pending player goes on."""

    kind: ClassVar[str] = "game_end_waiting"
    side: str


@dataclass(frozen=True)
class ResultsCancelled(Event):
    """The pieces ``seat`` holds face up (``ModuleRules.held_results``) cancel ``count`` kept
    results of ``symbol`` this turn."""

    kind: ClassVar[str] = "results_cancelled"
    seat: int
    symbol: str
    count: int


@dataclass(frozen=True)
class NoLegalAnswer(Event):
    """A rule would have asked ``seat`` a ``decision`` that no answer fits: nobody is asked and
    the rules go on, so a game never waits for a press that cannot come (``Game.ask``)."""

    kind: ClassVar[str] = "no_legal_answer"
    seat: int
    decision: str


for _event in Event.__subclasses__():
    if _event is not RolledApart:
        quick_init(_event)
