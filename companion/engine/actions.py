"""What a player can do: every choice the rules give is one of these actions.

Those with fields are made by the thousand in every game (the legal answers of each decision):
they take the quicker ``__init__`` of ``frozen.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from .components import Role
from .errors import StateError
from .frozen import quick_init
from .reading import listed, text, whole_number


@dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.kind}
        for key, value in self.__dict__.items():
            if isinstance(value, tuple):
                data[key] = list(value)
            elif isinstance(value, Enum):  # a role revealed: its name, as JSON holds it
                data[key] = value.value
            elif value is not None:
                data[key] = value
        return data


@quick_init
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


@quick_init
@dataclass(frozen=True)
class ChooseSeat(Action):
    """Answer a question about a player: whom to shoot, heal, or take an arrow from."""

    kind: ClassVar[str] = "seat"
    seat: int


@quick_init
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


@quick_init
@dataclass(frozen=True)
class Choose(Action):
    """Pick one of the decision's options (a die for the turn, a module's token or an arrow)."""

    kind: ClassVar[str] = "choose"
    option: str


@quick_init
@dataclass(frozen=True)
class Reveal(Action):
    """The deciding seat shows its role card."""

    kind: ClassVar[str] = "reveal"
    role: Role


@dataclass(frozen=True)
class WindowAction(Action):
    """An action a seat may take into an open moment, beside the pending decision.

    ``window`` numbers the open moment it answers (``Game.window_actions`` lists them).
    """

    seat: int
    window: int

    def offered(self) -> WindowAction:
        """The action as the window offers it (without what a record adds)."""
        return self


@quick_init
@dataclass(frozen=True)
class RevealSpecial(WindowAction):
    """Old Saloon 3: ``seat`` reveals the special role ``card`` at an open moment."""

    kind: ClassVar[str] = "reveal_special"
    card: str
    # The faces of the roll the reveal makes (The Gambler), filled in by the record of it, so
    # a replay does not depend on the random source (like ``Roll.faces``).
    faces: tuple[str, ...] | None = None

    def offered(self) -> RevealSpecial:
        return RevealSpecial(self.seat, self.window, self.card)


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (Roll, Stop, ChooseSeat, ChooseDie, Choose, Accept, Decline, Reveal, RevealSpecial)
}


def action_from_json(data: Any) -> Action:
    """Read an action back from its JSON form, with a clear error for anything else."""
    kind = data.get("action") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise StateError(
            f"not an action: {data!r}; expected an object whose 'action' is one of "
            + ", ".join(ACTION_TYPES)
        )
    try:
        if kind == "roll":
            faces = data.get("faces")
            return Roll(
                tuple(whole_number(d, "a die", 0) for d in listed(data["dice"], "dice")),
                None if faces is None else tuple(text(f, "a face") for f in listed(faces, "faces")),
            )
        if kind == "seat":
            return ChooseSeat(whole_number(data["seat"], "the seat", 0))
        if kind == "die":
            return ChooseDie(whole_number(data["die"], "the die", 0))
        if kind == "choose":
            return Choose(text(data["option"], "the option"))
        if kind == "reveal":
            return Reveal(Role(text(data["role"], "the role")))
        if kind == "reveal_special":
            faces = data.get("faces")
            return RevealSpecial(
                whole_number(data["seat"], "the seat", 0),
                whole_number(data["window"], "the window", 0),
                text(data["card"], "the card"),
                None if faces is None else tuple(text(f, "a face") for f in listed(faces, "faces")),
            )
        return ACTION_TYPES[kind]()
    except (KeyError, ValueError) as exc:
        raise StateError(f"malformed {kind!r} action {data!r}: {exc}") from exc


# The answers the rules list again and again, made once (actions are immutable values).
SEATS: tuple[ChooseSeat, ...] = tuple(ChooseSeat(seat) for seat in range(8))


class _Choices(dict[str, Choose]):
    """Each option's ``Choose``, made once and shared as ``SEATS`` are: the answers of every
    decision offering options are listed again at each of them (and an answer taken from the
    list is then found in it by identity, before any comparison). Names only (``str``): an
    enum member equal to a name keeps its own ``Choose``."""

    def __missing__(self, option: str) -> Choose:
        made = self[option] = Choose(option)
        return made


CHOICES = _Choices()
YES_NO: tuple[Accept, Decline] = (Accept(), Decline())
DECLINE = YES_NO[1]
