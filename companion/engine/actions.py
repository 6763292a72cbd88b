"""What a player can do: every choice the rules give is one of these actions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .components import Role
from .errors import StateError


@dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.kind}
        for key, value in self.__dict__.items():
            if value is not None:
                data[key] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True)
class Roll(Action):
    """Roll (first roll) or re-roll the dice in ``dice``.

    ``faces`` is filled in by the engine's record of the roll; a replay passes it back so the
    game does not depend on the random source.
    """

    kind: ClassVar[str] = "roll"
    dice: tuple[int, ...]
    faces: tuple[str, ...] | None = None

    def without_faces(self) -> Roll:
        return Roll(self.dice)


@dataclass(frozen=True)
class Stop(Action):
    """Keep the dice as they are and resolve them."""

    kind: ClassVar[str] = "stop"


@dataclass(frozen=True)
class ChooseSeat(Action):
    """Answer a question about a player: whom to shoot, heal, or take an arrow from."""

    kind: ClassVar[str] = "seat"
    seat: int


@dataclass(frozen=True)
class ChooseDie(Action):
    """Pick one die (Slab the Killer's doubled Bull's Eye)."""

    kind: ClassVar[str] = "die"
    die: int


@dataclass(frozen=True)
class Accept(Action):
    """Use an optional ability now (take an arrow instead, discard an arrow)."""

    kind: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Decline(Action):
    """Do not use an optional ability."""

    kind: ClassVar[str] = "decline"


@dataclass(frozen=True)
class Choose(Action):
    """Pick one of the decision's options (the Saloon die, a Chief's Arrow or a regular one)."""

    kind: ClassVar[str] = "choose"
    option: str


@dataclass(frozen=True)
class Reveal(Action):
    """The deciding seat shows its role card."""

    kind: ClassVar[str] = "reveal"
    role: Role


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (Roll, Stop, ChooseSeat, ChooseDie, Choose, Accept, Decline, Reveal)
}


def action_from_json(data: dict[str, Any]) -> Action:
    """Read an action back from its JSON form, with a clear error for anything else."""
    if not isinstance(data, dict) or data.get("action") not in ACTION_TYPES:
        raise StateError(
            f"not an action: {data!r}; expected an object whose 'action' is one of "
            + ", ".join(ACTION_TYPES)
        )
    kind = data["action"]
    try:
        if kind == "roll":
            faces = data.get("faces")
            return Roll(
                tuple(int(d) for d in data["dice"]),
                None if faces is None else tuple(str(f) for f in faces),
            )
        if kind == "seat":
            return ChooseSeat(int(data["seat"]))
        if kind == "die":
            return ChooseDie(int(data["die"]))
        if kind == "choose":
            return Choose(str(data["option"]))
        if kind == "reveal":
            return Reveal(Role(data["role"]))
        return ACTION_TYPES[kind]()
    except (KeyError, TypeError, ValueError) as exc:
        raise StateError(f"malformed {kind!r} action {data!r}: {exc}") from exc


# The answers the rules list again and again, made once (actions are immutable values).
SEATS: tuple[ChooseSeat, ...] = tuple(ChooseSeat(seat) for seat in range(8))
YES_NO: tuple[Accept, Decline] = (Accept(), Decline())
DECLINE = YES_NO[1]
