"""A game's set-up: who sits where, with which character and role, and which rules are on.

The modules in play are part of the set-up beside the house rules: validated here, written in
its JSON (and so in the journal's header), absent from records made before modules existed.
What a module adds to the set-up is its own part (``SetupPart``), declared in its package: the
core asks a part's hooks and never names one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from . import discovery
from .components import (
    CHARACTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROLE_MIX,
    SPECIAL_ROLES,
    HouseRule,
    Role,
)
from .errors import SetupError
from .hidden import secret
from .module_catalog import (
    REAL_PILES,
    Module,
    cards_dealt,
    characters_for,
    module,
    require,
    validate,
)
from .reading import listed, text, truth, whole_number
from .state import WRITTEN, Part, encode, part_defaults, part_owner, register_part


class SetupPart(Part):
    """A module's part of a game's set-up: a frozen dataclass of its package, registered with
    ``setup_parts``, its fields written flat in the set-up's JSON (each with ``WRITTEN``: only
    when it says something, so a record without the module stays as it was) and secret as
    declared (``hidden.secret``). The core reads a set-up through these hooks alone."""

    __slots__ = ()
    module: ClassVar[Module]  # the module that gives it meaning, set when registered
    what: ClassVar[str] = ""  # what it is, as a refusal names it ("a real Boneyard deck")

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        """The part a set-up record holds (its defaults where the record is silent);
        ValueError naming the key that is wrong."""
        raise NotImplementedError

    def says_something(self) -> bool:
        """Whether it differs from the set-up without it (then its module must be in play)."""
        return self != type(self)()

    def check(self, setup: GameSetup) -> None:
        """Raise SetupError, saying what and why, when it does not fit ``setup``."""

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
    def next_game(cls, nxt: Any, sheriff: int | None) -> Self | None:
        """The part a series' next game takes from what the last decided (``series.NextGame``)
        and its Sheriff (None: its defaults)."""
        return None


# A module's id: the set-up parts it registered.
SETUP_PARTS: dict[str, list[type[SetupPart]]] = {}


def setup_parts(module: Module, *parts: tuple[type[SetupPart], str]) -> None:
    """Register ``module``'s parts of the set-up, each with the core field of ``GameSetup``
    its fields are written after in JSON (StateError as ``state_parts`` says)."""
    for kind, after in parts:
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

    ``specials`` (Old Saloon 3) names each seat's special role card, None for a normal card:
    every seat's with dealt roles, only the face-up Sheriff's with secret cards (the others
    None). ``specials_mixed``: normal and special cards were mixed by type, so any seat may
    hold either; otherwise every card is special (the rulebook's first way).
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
    specials: tuple[str | None, ...] | None = field(
        default=None,
        metadata={
            **secret(each=lambda setup, seat, card_seat: card_seat == setup.sheriff_seat()),
            WRITTEN: lambda setup: setup.specials is not None,
        },
    )
    specials_mixed: bool = field(
        default=False, metadata={WRITTEN: lambda setup: setup.specials is not None}
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
        if self.specials is not None:
            object.__setattr__(self, "specials", tuple(self.specials))
        object.__setattr__(self, "real_piles", frozenset(self.real_piles))
        object.__setattr__(self, "parts", _all_parts(self.parts))
        self._validate()
        if self.sheriff is None and not self.three_player:
            # Named even with dealt roles: the Sheriff's card is face up, so a seat that may
            # not see the roles still knows it (``hidden.py``).
            object.__setattr__(self, "sheriff", self.sheriff_seat())
        self._validate_specials()

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

    def _validate_specials(self) -> None:
        """Old Saloon 3: the special cards fit the roles, once each, as the chosen way deals."""
        if not cards_dealt(self.modules):
            if self.specials is not None or self.specials_mixed:
                raise SetupError("special role cards need a module in play that deals them")
            return
        n = self.players
        if self.specials is None or len(self.specials) != n:
            raise SetupError(
                f"special role cards: give each of the {n} seats its card (None: none)"
            )
        sheriff = self.sheriff_seat()
        for seat, card in enumerate(self.specials):
            where = f"seat {seat + 1}"
            if card is None:
                known = self.roles is not None or seat == sheriff
                if known and not self.specials_mixed:
                    raise SetupError(
                        f"{where}: every card is special unless normal and special are mixed"
                    )
                continue
            if card not in SPECIAL_ROLES:
                raise SetupError(
                    f"{where}: unknown special role {card!r}; expected one of "
                    + ", ".join(SPECIAL_ROLES)
                )
            role = self.roles[seat] if self.roles is not None else None
            if seat == sheriff:
                role = Role.SHERIFF
            if role is None:
                raise SetupError(f"{where}: with secret roles only the Sheriff's card is given")
            if SPECIAL_ROLES[card].role is not role:
                raise SetupError(f"{where}: {SPECIAL_ROLES[card].title} is not a {role} card")
        given = [c for c in self.specials if c is not None]
        if len(given) != len(set(given)):
            raise SetupError("each special role card is in the game once")

    def _validate_parts(self) -> None:
        """A part is refused without the module that gives it meaning, then checks itself."""
        for part in sorted(self.parts, key=lambda p: p.module):
            if part.says_something():
                require(self.modules, part.module, part.what)
        for part in self.parts:
            part.check(self)

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
                specials=None
                if data.get("specials") is None
                else tuple(
                    None if c is None else text(c, "a special card")
                    for c in listed(data["specials"], "specials")
                ),
                specials_mixed=truth(data.get("specials_mixed", False), "specials_mixed"),
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
    specials_mixed: bool = False,
    real_piles: frozenset[str] = frozenset(),
) -> GameSetup:
    """Shuffle and deal roles and characters as the rulebook's Preparation does.

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
    specials = None
    if cards_dealt(chosen):
        dealt = deal_specials(roles, rng, specials_mixed)
        specials = (
            dealt
            if known
            else tuple(c if r is Role.SHERIFF else None for c, r in zip(dealt, roles, strict=True))
        )
    return GameSetup(
        characters=characters,
        roles=tuple(roles) if known else None,
        sheriff=sheriff,
        house_rules=house_rules,
        seed=seed,
        modules=chosen,
        specials=specials,
        specials_mixed=specials_mixed,
        real_piles=real_piles,
    )


# Normal role cards in the base game's box, by type (rulebook, "Components").
NORMAL_CARDS: dict[Role, int] = {Role.SHERIFF: 1, Role.DEPUTY: 2, Role.OUTLAW: 3, Role.RENEGADE: 2}


def deal_specials(roles: list[Role], rng: random.Random, mixed: bool) -> tuple[str | None, ...]:
    """Old Saloon 3: each role's card, special ones by the base distribution, or drawn from
    the normal and special cards of its type mixed together."""
    cards: dict[Role, list[str | None]] = {}
    for role in Role:
        pile: list[str | None] = [c.name for c in SPECIAL_ROLES.values() if c.role is role]
        if mixed:
            pile += [None] * NORMAL_CARDS[role]
        rng.shuffle(pile)
        cards[role] = pile
    return tuple(cards[role].pop() for role in roles)
