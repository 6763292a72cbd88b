"""A game's set-up: who sits where, with which character and role, and which rules are on.

The modules in play are part of the set-up beside the house rules: validated here, written in
its JSON (and so in the journal's header), absent from records made before modules existed.
What a module adds to the set-up is its own part (``SetupPart``), declared in its package: the
core asks a part's hooks and never names one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from . import discovery
from .components import (
    CHARACTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROLE_MIX,
    SHERIFF_BONUS,
    HouseRule,
    Role,
)
from .errors import SetupError, StateError
from .hidden import secret
from .module_catalog import (
    REAL_PILES,
    Module,
    characters_for,
    module,
    validate,
)
from .reading import listed, text, whole_number
from .state import WRITTEN, Part, encode, part_defaults, part_owner, register_part


class SetupPart(Part):
    """A module's part of a game's set-up: a frozen dataclass of its package, registered with
    ``setup_parts``, its fields written flat in the set-up's JSON (each with ``WRITTEN``: only
    when it says something, so a record without the module stays as it was) and secret as
    declared (``hidden.secret``). The core reads a set-up through these hooks alone."""

    __slots__ = ()
    module: ClassVar[Module]  # the module that gives it meaning, set when registered
    what: ClassVar[str] = ""  # what it is, as a refusal names it ("a real Boneyard deck")
    # The key of its field saying role cards are mixed by type (``mixes_cards``), which a
    # table's set-up journal writes too ("": it mixes none).
    mixed_key: ClassVar[str] = ""
    # The configuration's ``[game]`` key that chooses it, and the words that key takes, the
    # default first ("": no key); the configuration checks it as it checks its own keys.
    config_key: ClassVar[str] = ""
    config_words: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        """The part a set-up record holds (its defaults where the record is silent);
        ValueError naming the key that is wrong. Each part reads its own fields:
        ``setup_parts`` refuses one that does not say how."""
        raise StateError(f"set-up part {cls.__name__} does not say how it is read (read)")

    def says_something(self) -> bool:
        """Whether it differs from the set-up without it (then its module must be in play)."""
        return self != type(self)()

    def refused_without(self) -> str:
        """Why it is refused when it says something and its module is not in play."""
        return f"{self.what} needs module {self.module}"

    def check(self, setup: GameSetup) -> None:
        """Raise SetupError, saying what and why, when it does not fit ``setup`` (its module in
        play or not; the Sheriff named)."""

    def sheriff_bonus(self, sheriff: int) -> int | None:
        """The Sheriff's bonus by this part (None: the core's)."""
        return None

    def mixes_cards(self) -> bool:
        """Whether its special role cards are mixed with normal ones by type."""
        return False

    def extra_life(self, seat: int) -> int:
        """Life ``seat`` has beyond its character's (and the Sheriff's bonus) by this part."""
        return 0

    def life_said(self, seat: int) -> str:
        """What of ``seat``'s life is this part's, as a refusal of that life names it."""
        return ""

    @classmethod
    def configured(cls, game: Mapping[str, Any]) -> Self | None:
        """The part the table's configuration (its checked ``[game]`` keys) chooses for the
        games whose modules give it meaning (None: its defaults)."""
        return None

    @classmethod
    def mixed_configured(cls, game: Mapping[str, Any]) -> bool:
        """Whether the configuration's ``[game]`` keys have its role cards mixed with normal
        ones by type (the set-up's default, which its question may change)."""
        return False

    @classmethod
    def dealt(
        cls,
        modules: frozenset[Module],
        roles: Sequence[Role],
        rng: random.Random,
        mixed: bool,
        known: bool,
    ) -> Self | None:
        """The part ``deal`` gives, drawing from ``rng`` after the roles and characters:
        ``mixed``, role cards mixed with normal ones by type; ``known``, whether the set-up
        names the roles (else only the face-up Sheriff's card is named). None: its defaults."""
        return None

    @classmethod
    def face_up(
        cls,
        modules: frozenset[Module],
        roles: Sequence[Role | None],
        mixed: bool,
        special: bool | None,
    ) -> Self | None:
        """With secret role cards (``roles`` only the Sheriff's), the part the table gives:
        ``special``, whether the Sheriff said his face-up card is a special one (None: not
        asked). None: its defaults."""
        return None

    @classmethod
    def next_game(cls, nxt: Any, sheriff: int | None) -> Self | None:
        """The part a series' next game takes from what the last decided (``series.NextGame``)
        and its Sheriff (None: its defaults)."""
        return None


# A module's id: the set-up parts it registered.
SETUP_PARTS: dict[str, list[type[SetupPart]]] = {}


def setup_parts(module: Module, *parts: tuple[type[SetupPart], str]) -> None:
    """Register ``module``'s parts of the set-up, each with the core field of ``GameSetup``
    its fields are written after in JSON (StateError as ``state_parts`` says, and when its
    configuration key is another part's)."""
    for kind, after in parts:
        taken = {held.config_key for kinds in SETUP_PARTS.values() for held in kinds}
        if kind.config_key and kind.config_key in taken:
            said = f"{module}: configuration key {kind.config_key!r} is declared already"
            raise StateError(said)
        if "read" not in vars(kind):
            said = f"{module}: set-up part {kind.__name__} has no read(data) of its fields"
            raise StateError(said)
        register_part(module, GameSetup, kind, after)
        kind.module = module
        SETUP_PARTS.setdefault(module, []).append(kind)


@dataclass(frozen=True)
class GameSetup:
    """Seats are numbered 0..players-1 clockwise.

    ``roles`` is None when the role cards are physical and secret: the engine then knows only
    the Sheriff (``sheriff``, named with dealt roles too) and learns other roles as they are
    revealed. With 3 players the roles are face up and must be given.

    ``parts``: the modules' parts of the set-up (``SetupPart``), in any order; a part not given
    has its defaults. Read one with ``Kind.of(setup)``.
    """

    characters: tuple[str, ...]
    # Face up with 3 players; else only the Sheriff's, named by ``sheriff``.
    roles: tuple[Role, ...] | None = field(
        default=None, metadata=secret(sees=lambda setup, seat: setup.three_player)
    )
    sheriff: int | None = None
    house_rules: frozenset[HouseRule] = field(default_factory=frozenset)
    # The seed of the simulated dice and piles: it says every draw.
    seed: int = field(default=0, metadata=secret(blank=0))
    # A base game's record stays as it always was: the fields modules added are written only
    # when they say something.
    modules: frozenset[Module] = field(
        default_factory=frozenset, metadata={WRITTEN: lambda setup: bool(setup.modules)}
    )
    # Piles the table draws for real, the drawing seat entering what it drew (REAL_PILES).
    real_piles: frozenset[str] = field(
        default_factory=frozenset, metadata={WRITTEN: lambda setup: bool(setup.real_piles)}
    )
    parts: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "characters", tuple(self.characters))
        object.__setattr__(self, "modules", frozenset(module(m) for m in self.modules))
        if self.roles is not None:
            roles = tuple(r if type(r) is Role else _role(r, i) for i, r in enumerate(self.roles))
            object.__setattr__(self, "roles", roles)
        object.__setattr__(self, "house_rules", frozenset(_house_rule(h) for h in self.house_rules))
        object.__setattr__(self, "real_piles", frozenset(self.real_piles))
        object.__setattr__(self, "parts", _all_parts(self.parts))
        self._validate()
        if self.sheriff is None and not self.three_player:
            # Named even with dealt roles: the Sheriff's card is face up, so a seat that may
            # not see the roles still knows it (``hidden.py``).
            object.__setattr__(self, "sheriff", self.sheriff_seat())
        for part in self.parts:
            part.check(self)

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

    def extra_life(self, seat: int) -> int:
        """Life ``seat`` starts with beyond its character's and the Sheriff's bonus, by the
        modules' parts of the set-up."""
        return sum(part.extra_life(seat) for part in self.parts)

    def sheriff_bonus(self, sheriff: int) -> int:
        """The life the Sheriff at seat ``sheriff`` starts with beyond his character's: a
        part's, or the core's."""
        said = (part.sheriff_bonus(sheriff) for part in self.parts)
        return next((bonus for bonus in said if bonus is not None), SHERIFF_BONUS)

    @property
    def cards_mixed(self) -> bool:
        """Special role cards are mixed with normal ones by type (``SetupPart.mixes_cards``)."""
        return any(part.mixes_cards() for part in self.parts)

    def life_said(self, seat: int) -> str:
        """What of ``seat``'s life the parts give, as a refusal of it names it."""
        return "".join(part.life_said(seat) for part in self.parts)

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
        if len(set(self.characters)) != n:
            repeated = [c for c, k in Counter(self.characters).items() if k > 1]
            raise SetupError(f"each character can sit at one seat only: {repeated[0]} is twice")
        validate(self.modules, n, self.characters)
        for pile in sorted(self.real_piles):
            if pile not in REAL_PILES:
                raise SetupError(
                    f"unknown real pile {pile!r}; expected one of " + ", ".join(sorted(REAL_PILES))
                )
        self._validate_parts()
        if self.roles is not None:
            if len(self.roles) != n:
                raise SetupError(f"{len(self.roles)} roles given for {n} players")
            if sorted(self.roles) != sorted(ROLE_MIX[n]):  # the same cards, in any order
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

    def _validate_parts(self) -> None:
        """A part that says something is refused without the module that gives it meaning (it
        checks itself once the Sheriff is named)."""
        for part in sorted(self.parts, key=lambda p: p.module):
            if part.says_something() and part.module not in self.modules:
                raise SetupError(part.refused_without())

    def to_json(self, seat: int | None = None) -> dict[str, Any]:
        """The set-up as JSON; for ``seat``, as that seat sees it (``hidden.py``)."""
        data: dict[str, Any] = encode(self, seat)
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameSetup:
        """A set-up read back from JSON, every field checked: a journal is never trusted."""
        try:
            if not isinstance(data, dict):
                raise ValueError(f"expected an object, not {data!r}")
            roles = data.get("roles")
            sheriff = data.get("sheriff")
            return cls(
                characters=tuple(
                    text(c, "a character") for c in listed(data["characters"], "characters")
                ),
                roles=None
                if roles is None
                else tuple(
                    _role(text(r, "a role"), i) for i, r in enumerate(listed(roles, "roles"))
                ),
                sheriff=None if sheriff is None else whole_number(sheriff, "sheriff", 0),
                house_rules=frozenset(
                    _house_rule(text(h, "a house rule"))
                    for h in listed(data.get("house_rules", []), "house_rules")
                ),
                seed=whole_number(data.get("seed", 0), "seed", 0, SEEDS - 1),
                modules=frozenset(
                    module(text(m, "a module")) for m in listed(data.get("modules", []), "modules")
                ),
                real_piles=frozenset(
                    text(p, "a real pile") for p in listed(data.get("real_piles", []), "real_piles")
                ),
                parts=tuple(kind.read(data) for kind in _kinds()),
            )
        except KeyError as exc:
            raise SetupError(f"set-up record has no {exc}") from exc
        except SetupError:
            raise
        except ValueError as exc:
            raise SetupError(f"set-up record is malformed: {exc}") from exc


part_owner(GameSetup)


def _kinds() -> tuple[type[SetupPart], ...]:
    """The set-up parts registered, the modules installed loaded first."""
    discovery.load()
    return tuple(type(part) for part in part_defaults(GameSetup))


def _all_parts(given: tuple[Any, ...]) -> tuple[Any, ...]:
    """One part of each kind registered, in ``parts`` order: those ``given``, else defaults. A
    part given after one of its kind replaces it, so ``replace(setup, parts=(*setup.parts,
    part))`` changes one part."""
    discovery.load()
    held = list(part_defaults(GameSetup))
    for part in given:
        kind = type(part)
        if kind not in SETUP_PARTS.get(getattr(part, "module", ""), ()):
            raise SetupError(f"{part!r} is not a registered part of the set-up")
        held[kind.index] = part
    return tuple(held)


def config_keys() -> dict[str, tuple[str, ...]]:
    """The configuration's ``[game]`` keys the set-up parts take, each with its words (the
    default first)."""
    return {kind.config_key: kind.config_words for kind in _kinds() if kind.config_key}


def mixed_configured(game: Mapping[str, Any]) -> bool:
    """Whether the configuration's ``[game]`` keys mix role cards by type."""
    return any(kind.mixed_configured(game) for kind in _kinds())


def configured_parts(game: Mapping[str, Any]) -> tuple[SetupPart, ...]:
    """The set-up parts a table's configuration chooses (``SetupPart.configured``)."""
    found = (kind.configured(game) for kind in _kinds())
    return tuple(part for part in found if part is not None)


# The seeds a table draws (64 bits at most): a record's seed is one of them.
SEEDS = 2**64


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
    mixed: bool = False,
    real_piles: frozenset[str] = frozenset(),
) -> GameSetup:
    """Shuffle and deal roles and characters as the rulebook's Preparation does, and what the
    modules' parts deal after them (``SetupPart.dealt``; ``mixed``: special role cards mixed
    with normal ones by type).

    Characters come from those the modules allow (the base game's alone without modules).
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(f"{players} players: BANG! The Dice Game is for 3 to 8 players")
    chosen = frozenset(module(m) for m in modules)
    rng = random.Random(f"deal:{seed}")
    roles = list(ROLE_MIX[players])
    rng.shuffle(roles)
    if characters is None:
        characters = tuple(rng.sample(characters_for(chosen), players))
    known = roles_known or players == 3
    sheriff = None if players == 3 else roles.index(Role.SHERIFF)
    dealt = (kind.dealt(chosen, roles, rng, mixed, known) for kind in _kinds())
    return GameSetup(
        characters=characters,
        roles=tuple(roles) if known else None,
        sheriff=sheriff,
        house_rules=house_rules,
        seed=seed,
        modules=chosen,
        real_piles=real_piles,
        parts=tuple(part for part in dealt if part is not None),
    )


def mixed_key() -> str | None:
    """The key under which a record says whether role cards are mixed by type, as the part
    that mixes them names it (None: no module installed deals them)."""
    return next((kind.mixed_key for kind in _kinds() if kind.mixed_key), None)


def face_up_parts(
    modules: frozenset[Module], roles: Sequence[Role | None], mixed: bool, special: bool | None
) -> tuple[SetupPart, ...]:
    """The parts a table with secret role cards gives (``SetupPart.face_up``)."""
    found = (kind.face_up(modules, roles, mixed, special) for kind in _kinds())
    return tuple(part for part in found if part is not None)


def dealt_parts(
    modules: frozenset[Module], roles: Sequence[Role], rng: random.Random, mixed: bool
) -> tuple[SetupPart, ...]:
    """The parts a table dealing the roles gives (``SetupPart.dealt``), every role named."""
    found = (kind.dealt(modules, roles, rng, mixed, True) for kind in _kinds())
    return tuple(part for part in found if part is not None)
