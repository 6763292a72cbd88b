"""A game's set-up: who sits where, with which character and role, and which rules are on.

The modules in play are part of the set-up beside the house rules: validated here, written in
its JSON (and so in the journal's header), absent from records made before modules existed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .components import (
    CHARACTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROLE_MIX,
    HouseRule,
    Role,
)
from .errors import SetupError
from .modules import Module, characters_for, module, validate


@dataclass(frozen=True)
class GameSetup:
    """Seats are numbered 0..players-1 clockwise.

    ``roles`` is None when the role cards are physical and secret: the engine then knows only
    the Sheriff (``sheriff``) and learns other roles as they are revealed. With 3 players the
    roles are face up and must be given.
    """

    characters: tuple[str, ...]
    roles: tuple[Role, ...] | None = None
    sheriff: int | None = None
    house_rules: frozenset[HouseRule] = field(default_factory=frozenset)
    seed: int = 0
    modules: frozenset[Module] = field(default_factory=frozenset)
    # Undead or Alive 4: Boneyard cards drawn from the table's real deck and entered.
    real_boneyard: bool = False
    # Undead or Alive 5 (ruling UA5): the seat of the last game's Sheriff who appointed another
    # player, starting with one life more.
    legacy_bullet: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "characters", tuple(self.characters))
        object.__setattr__(self, "modules", frozenset(module(m) for m in self.modules))
        if self.roles is not None:
            object.__setattr__(self, "roles", tuple(_role(r, i) for i, r in enumerate(self.roles)))
        object.__setattr__(self, "house_rules", frozenset(_house_rule(h) for h in self.house_rules))
        self._validate()

    @property
    def players(self) -> int:
        return len(self.characters)

    @property
    def three_player(self) -> bool:
        return self.players == 3

    @property
    def roles_known(self) -> bool:
        return self.roles is not None

    @property
    def role_mix(self) -> tuple[Role, ...]:
        return ROLE_MIX[self.players]

    def sheriff_seat(self) -> int | None:
        if self.roles is not None:
            return next((i for i, r in enumerate(self.roles) if r is Role.SHERIFF), None)
        return self.sheriff

    def _validate(self) -> None:
        n = self.players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise SetupError(f"{n} players: BANG! The Dice Game is for 3 to 8 players")
        for seat, name in enumerate(self.characters):
            if name not in CHARACTERS:
                raise SetupError(
                    f"seat {seat + 1}: unknown character {name!r}; expected one of "
                    + ", ".join(CHARACTERS)
                )
        repeated = [c for c, k in Counter(self.characters).items() if k > 1]
        if repeated:
            raise SetupError(f"each character can sit at one seat only: {repeated[0]} is twice")
        validate(self.modules, n, self.characters)
        self._validate_undead()
        if self.roles is not None:
            if len(self.roles) != n:
                raise SetupError(f"{len(self.roles)} roles given for {n} players")
            if Counter(self.roles) != Counter(ROLE_MIX[n]):
                raise SetupError(
                    f"the roles for {n} players are "
                    + ", ".join(sorted(ROLE_MIX[n]))
                    + "; got "
                    + ", ".join(sorted(self.roles))
                )
            if self.sheriff is not None and self.sheriff != self.sheriff_seat():
                raise SetupError(f"seat {self.sheriff + 1} is named Sheriff but holds another role")
        elif self.three_player:
            raise SetupError("with 3 players the roles are face up: give every seat's role")
        elif self.sheriff is None or not 0 <= self.sheriff < n:
            raise SetupError(f"say which seat (1 to {n}) is the Sheriff")

    def _validate_undead(self) -> None:
        if self.real_boneyard and Module.UNDEAD_OR_ALIVE not in self.modules:
            raise SetupError(f"a real Boneyard deck needs module {Module.UNDEAD_OR_ALIVE}")
        bullet = self.legacy_bullet
        if bullet is None:
            return
        if Module.WILD_WEST_LEGACY not in self.modules:
            raise SetupError(f"the Legacy bullet needs module {Module.WILD_WEST_LEGACY}")
        if not 0 <= bullet < self.players:
            raise SetupError(f"Legacy bullet for seat {bullet + 1}: seats are 1 to {self.players}")
        if bullet == self.sheriff_seat():
            raise SetupError(
                f"seat {bullet + 1} is the new Sheriff; the Legacy bullet goes to the old Sheriff "
                "who appointed another player (ruling UA5)"
            )

    def to_json(self) -> dict[str, Any]:
        data = {
            "characters": list(self.characters),
            "roles": None if self.roles is None else [str(r) for r in self.roles],
            "sheriff": self.sheriff,
            "house_rules": sorted(str(h) for h in self.house_rules),
            "seed": self.seed,
        }
        if self.modules:  # a base game's record stays as it always was
            data["modules"] = sorted(str(m) for m in self.modules)
        if self.real_boneyard:
            data["real_boneyard"] = True
        if self.legacy_bullet is not None:
            data["legacy_bullet"] = self.legacy_bullet
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSetup:
        try:
            return cls(
                characters=tuple(data["characters"]),
                roles=None if data.get("roles") is None else tuple(data["roles"]),
                sheriff=data.get("sheriff"),
                house_rules=frozenset(data.get("house_rules", ())),
                seed=int(data.get("seed", 0)),
                modules=frozenset(data.get("modules", ())),
                real_boneyard=bool(data.get("real_boneyard", False)),
                legacy_bullet=data.get("legacy_bullet"),
            )
        except (KeyError, TypeError) as exc:
            raise SetupError(f"set-up record is incomplete or malformed: {exc}") from exc


def _role(value: Role | str, seat: int) -> Role:
    try:
        return Role(value)
    except ValueError:
        raise SetupError(
            f"seat {seat + 1}: unknown role {value!r}; expected one of "
            + ", ".join(r.value for r in Role)
        ) from None


def _house_rule(value: HouseRule | str) -> HouseRule:
    try:
        return HouseRule(value)
    except ValueError:
        raise SetupError(
            f"unknown house rule {value!r}; expected one of "
            + ", ".join(h.value for h in HouseRule)
        ) from None


def deal(
    players: int,
    seed: int,
    *,
    roles_known: bool = True,
    house_rules: frozenset[HouseRule] = frozenset(),
    characters: tuple[str, ...] | None = None,
    modules: frozenset[Module | str] = frozenset(),
) -> GameSetup:
    """Shuffle and deal roles and characters as the rulebook's Preparation does.

    Characters come from those the modules allow (the base game's alone without modules).
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(f"{players} players: BANG! The Dice Game is for 3 to 8 players")
    rng = random.Random(f"deal:{seed}")
    roles = list(ROLE_MIX[players])
    rng.shuffle(roles)
    if characters is None:
        chosen = frozenset(module(m) for m in modules)
        characters = tuple(rng.sample(characters_for(chosen), players))
    known = roles_known or players == 3
    sheriff = None if players == 3 else roles.index(Role.SHERIFF)
    return GameSetup(
        characters=characters,
        roles=tuple(roles) if known else None,
        sheriff=sheriff,
        house_rules=house_rules,
        seed=seed,
        modules=frozenset(modules),
    )
