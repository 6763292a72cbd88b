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
class SpecialRoleRevealed(Event):
    kind: ClassVar[str] = "special_role_revealed"
    seat: int
    card: str
    moment: str


@dataclass(frozen=True)
class ExtraTurn(Event):
    kind: ClassVar[str] = "extra_turn"
    seat: int


@dataclass(frozen=True)
class GameEndWaiting(Event):
    """A win holds, but reveals may still avert it until the pending player goes on."""

    kind: ClassVar[str] = "game_end_waiting"
    side: str


# ---------------------------------------------------------- Undead or Alive, Modules 1-3


@dataclass(frozen=True)
class DuelChallenged(Event):
    """``seat`` passes Duel die ``die`` to ``target``: a duel begins."""

    kind: ClassVar[str] = "duel_challenged"
    seat: int
    target: int
    die: int


@dataclass(frozen=True)
class DuelRolled(Event):
    """One roll of a duel: ``seat`` rolled ``faces`` on ``dice`` (the Duel die) against ``against``.

    ``dice`` and ``faces`` are named as a ``DiceRolled``'s, so a record of the roll is read the
    same way and a replay needs no random source.
    """

    kind: ClassVar[str] = "duel_rolled"
    seat: int
    against: int
    dice: tuple[int, ...]
    faces: tuple[str, ...]


@dataclass(frozen=True)
class DuelLost(Event):
    kind: ClassVar[str] = "duel_lost"
    seat: int
    winner: int


@dataclass(frozen=True)
class WoundDrawn(Event):
    """``seat`` drew ``token``; ``kept`` is False for a token already held (shuffled back)."""

    kind: ClassVar[str] = "wound_drawn"
    seat: int
    token: str
    kept: bool
    cause: str


@dataclass(frozen=True)
class ResultsCancelled(Event):
    """The Wound tokens of ``seat`` cancel ``count`` kept results of ``symbol`` this turn."""

    kind: ClassVar[str] = "results_cancelled"
    seat: int
    symbol: str
    count: int


@dataclass(frozen=True)
class WoundsReturned(Event):
    """Duel Wound tokens of ``seat`` shuffled back into the pile."""

    kind: ClassVar[str] = "wounds_returned"
    seat: int
    tokens: tuple[str, ...]
    cause: str


@dataclass(frozen=True)
class RageDrawn(Event):
    """``seat`` must draw a Rage card from the real deck (``drawn`` cards, keeping one)."""

    kind: ClassVar[str] = "rage_drawn"
    seat: int
    drawn: int
    cause: str


@dataclass(frozen=True)
class RageShuffled(Event):
    """The Rage pile ran out: the discards become the new pile."""

    kind: ClassVar[str] = "rage_shuffled"
    cards: int


@dataclass(frozen=True)
class RageSymbolEntered(Event):
    kind: ClassVar[str] = "rage_symbol_entered"
    seat: int
    symbol: str


@dataclass(frozen=True)
class RageDiscarded(Event):
    kind: ClassVar[str] = "rage_discarded"
    seat: int
    cards: int


@dataclass(frozen=True)
class RageMoved(Event):
    """A character's ability moved a face-down Rage card from ``source`` to ``target``."""

    kind: ClassVar[str] = "rage_moved"
    seat: int
    source: int
    target: int


@dataclass(frozen=True)
class FaceChanged(Event):
    """An ability turned die ``die`` to ``face`` (``cause``: the character whose it is)."""

    kind: ClassVar[str] = "face_changed"
    seat: int
    die: int
    face: str
    cause: str


@dataclass(frozen=True)
class NoLegalAnswer(Event):
    """A rule would have asked ``seat`` a ``decision`` that no answer fits: nobody is asked and
    the rules go on, so a game never waits for a press that cannot come (``Game.ask``)."""

    kind: ClassVar[str] = "no_legal_answer"
    seat: int
    decision: str


for _event in Event.__subclasses__():
    quick_init(_event)
