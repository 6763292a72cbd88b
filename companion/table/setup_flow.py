"""A new game's set-up with the table's own buttons: who plays, the Sheriff, the characters."""

from __future__ import annotations

import copy
import random
import secrets
from dataclasses import dataclass, field

from ..engine import CHARACTERS, ROLE_MIX, GameSetup, HouseRule, Module, Role, characters_for
from ..engine.components import MAX_PLAYERS, MIN_PLAYERS
from ..engine.errors import SetupError
from ..engine.legacy import NextGame, deal_roles, legacy_setup
from ..engine.modules import validate as validate_modules
from .play import Refused
from .prompts import MODULE_BUTTONS, ROLE_LABELS, house_rules_text, modules_text


def character_order(modules: frozenset[Module]) -> list[str]:
    """The characters a seat cycles through, by title: only those the modules allow."""
    return sorted(characters_for(modules), key=lambda name: CHARACTERS[name].title)


@dataclass
class SetupFlow:
    """Three stages: seats join; roles (the Sheriff's seat, or dealt); characters.

    A follow-up game of a series (``legacy``, Wild West Legacy) skips what the last game decided:
    the same seats play, the Sheriff's killer is Sheriff or the surviving Sheriff presses the new
    one's seat, survivors keep their characters (a press draws an unused one) and eliminated
    seats cycle through the unused ones.
    """

    seats: int
    roles_mode: str = "physical"
    house_rules: frozenset[HouseRule] = frozenset()
    modules: frozenset[Module] = frozenset()
    stage: str = "join"
    joined: list[int] = field(default_factory=list)
    roles: dict[int, Role] = field(default_factory=dict)
    characters: dict[int, str] = field(default_factory=dict)
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    real_boneyard: bool = False
    legacy: NextGame | None = None
    _history: list[SetupFlow] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        nxt = self.legacy
        if nxt is None:
            return
        if len(self.joined) != nxt.players:
            raise ValueError(f"a follow-up game needs the {nxt.players} seats of the last one")
        self.stage = "roles"
        for seat in nxt.may_keep:
            self.characters[self.joined[seat]] = nxt.previous[seat]
        if nxt.sheriff is not None:
            self._sheriff_at(self.joined[nxt.sheriff])

    def _sheriff_at(self, seat: int) -> None:
        """The series' Sheriff; dealt roles then deal the rest around them at once."""
        if self.roles_mode == "dealt":
            dealt = deal_roles(len(self.joined), self.joined.index(seat), self.rng.randrange(2**32))
            self.roles = dict(zip(self.joined, dealt, strict=True))
        else:
            self.roles = {seat: Role.SHERIFF}
        self.stage = "characters"

    def press(self, button: str) -> GameSetup | None:
        """Apply a press; the finished set-up once the last one is made."""
        if button == "UNDO":
            if not self._history:
                raise Refused("Nothing to undo.")
            previous = self._history.pop()
            self.__dict__.update({k: v for k, v in previous.__dict__.items() if k != "_history"})
            return None
        snapshot = copy.copy(self)
        snapshot.joined = list(self.joined)
        snapshot.roles = dict(self.roles)
        snapshot.characters = dict(self.characters)
        snapshot._history = []
        result = getattr(self, f"_{self.stage}")(button)
        self._history.append(snapshot)
        return result

    # ------------------------------------------------------------------ stages

    def _join(self, button: str) -> None:
        if button.startswith("SEAT"):
            seat = self._seat(button)
            if seat in self.joined:
                self.joined.remove(seat)
            else:
                self.joined = sorted([*self.joined, seat])
            return
        if button.startswith("DIE"):
            n = int(button[3:]) - 1
            if not 0 <= n < len(MODULE_BUTTONS):
                raise Refused(f"DIE1 to DIE{len(MODULE_BUTTONS)} turn the modules on and off.")
            self.modules = self.modules ^ {MODULE_BUTTONS[n]}
            return
        if button == "DONE":
            n = len(self.joined)
            if not MIN_PLAYERS <= n <= MAX_PLAYERS:
                raise Refused(f"{n} joined: BANG! needs 3 to 8 players.")
            try:
                validate_modules(self.modules, n, ())
            except SetupError as exc:
                raise Refused(str(exc)) from exc
            self.stage = "roles"
            return
        raise Refused("Press your seat button to join, then DONE.")

    def _roles(self, button: str) -> None:
        if self.legacy is not None and self.legacy.appointer is not None:
            if not button.startswith("SEAT"):
                raise Refused(self.prompt())
            seat = self._seat(button)
            if seat not in self.joined:
                raise Refused(f"Seat {seat} is not in this series.")
            self._sheriff_at(seat)
            return
        if self.roles_mode == "dealt":
            if button != "ROLL":
                raise Refused("ROLL deals the role cards.")
            mix = list(ROLE_MIX[len(self.joined)])
            self.rng.shuffle(mix)
            self.roles = dict(zip(self.joined, mix, strict=True))
            self.stage = "characters"
            return
        if not button.startswith("SEAT"):
            raise Refused(self.prompt())
        seat = self._seat(button)
        if seat not in self.joined:
            raise Refused(f"Seat {seat} has not joined.")
        if seat in self.roles:
            raise Refused(f"Seat {seat} is already the {ROLE_LABELS[self.roles[seat]]}.")
        self.roles[seat] = self._role_asked()
        face_up = ROLE_MIX[3]
        if len(self.joined) == 3 and len(self.roles) == len(face_up) - 1:
            last = next(s for s in self.joined if s not in self.roles)
            self.roles[last] = face_up[-1]  # the one card left needs no press
        if len(self.joined) > 3 or len(self.roles) == len(face_up):
            self.stage = "characters"

    def _role_asked(self) -> Role:
        """The Sheriff; with 3 players, each face-up card in turn (Deputy, then Outlaw)."""
        if len(self.joined) > 3:
            return Role.SHERIFF
        return ROLE_MIX[3][len(self.roles)]

    def _characters(self, button: str) -> GameSetup | None:
        if button.startswith("SEAT"):
            seat = self._seat(button)
            if seat not in self.joined:
                raise Refused(f"Seat {seat} has not joined.")
            self.characters[seat] = self._next_character(seat)
            return None
        if button == "ROLL" and self.legacy is not None:
            for seat in self.joined:
                if seat not in self.characters:
                    self.characters[seat] = self.rng.choice(self._unused(seat))
            return None
        if button == "ROLL":
            names = self.rng.sample(character_order(self.modules), len(self.joined))
            self.characters = dict(zip(self.joined, names, strict=True))
            return None
        if button == "DONE":
            missing = [s for s in self.joined if s not in self.characters]
            if missing:
                raise Refused(f"Seat {missing[0]} has no character yet: press it to choose.")
            return self.setup()
        raise Refused(self.prompt())

    def _unused(self, seat: int) -> list[str]:
        """Characters in neither the last game nor at another seat now (Wild West Legacy)."""
        assert self.legacy is not None
        taken = {c for s, c in self.characters.items() if s != seat}
        return [
            c for c in character_order(self.modules) if c not in {*self.legacy.previous, *taken}
        ]

    def _next_character(self, seat: int) -> str:
        nxt = self.legacy
        if nxt is not None and self.joined.index(seat) in nxt.may_keep:
            free = self._unused(seat)
            if not free:
                raise Refused("No unused character left to draw.")
            return self.rng.choice(free)  # a survivor draws anew
        taken = {c for s, c in self.characters.items() if s != seat}
        if nxt is not None:
            taken |= set(nxt.previous)
        current = self.characters.get(seat)
        order = character_order(self.modules)
        start = order.index(current) + 1 if current in order else 0
        for i in range(len(order)):
            name = order[(start + i) % len(order)]
            if name not in taken:
                return name
        raise Refused("No character left.")

    def _seat(self, button: str) -> int:
        seat = int(button[4:])
        if not 1 <= seat <= self.seats:
            raise Refused(f"Seat {seat} is not set up on this table (1 to {self.seats}).")
        return seat

    # ------------------------------------------------------------------ results

    def setup(self) -> GameSetup:
        characters = tuple(self.characters[s] for s in self.joined)
        seed = self.rng.randrange(2**32)
        three = len(self.joined) == 3
        if self.legacy is not None:
            sheriff = next((s for s, r in self.roles.items() if r is Role.SHERIFF), None)
            dealt = self.roles_mode == "dealt" or three
            return legacy_setup(
                self.legacy,
                None if sheriff is None else self.joined.index(sheriff),
                characters,
                roles=tuple(self.roles[s] for s in self.joined) if dealt else None,
                modules=self.modules,
                seed=seed,
                house_rules=self.house_rules,
                real_boneyard=self.real_boneyard and Module.UNDEAD_OR_ALIVE in self.modules,
            )
        if self.roles_mode == "dealt" or three:
            roles = tuple(self.roles[s] for s in self.joined)
            return GameSetup(
                characters,
                roles=roles,
                house_rules=self.house_rules,
                seed=seed,
                modules=self.modules,
                real_boneyard=self.real_boneyard and Module.UNDEAD_OR_ALIVE in self.modules,
            )
        sheriff = next(s for s, r in self.roles.items() if r is Role.SHERIFF)
        return GameSetup(
            characters,
            sheriff=self.joined.index(sheriff),
            house_rules=self.house_rules,
            seed=seed,
            modules=self.modules,
            real_boneyard=self.real_boneyard and Module.UNDEAD_OR_ALIVE in self.modules,
        )

    def prompt(self) -> str:
        if self.stage == "join":
            joining = f"New game: seats press to join ({len(self.joined)}), then DONE"
            shown = [modules_text(self.modules), house_rules_text(self.house_rules)]
            return ". ".join([joining, *(t for t in shown if t)])
        if self.stage == "roles":
            if self.legacy is not None and self.legacy.appointer is not None:
                old = self.joined[self.legacy.appointer]
                return f"Series: Sheriff (seat {old}) appoints: press the new Sheriff's seat"
            if self.roles_mode == "dealt":
                return "ROLL deals the roles; hold your seat to peek"
            return f"{ROLE_LABELS[self._role_asked()]}: press your seat"
        done = sum(1 for s in self.joined if s in self.characters)
        return f"Seats: press to pick your character ({done}/{len(self.joined)}), ROLL deals, DONE"
