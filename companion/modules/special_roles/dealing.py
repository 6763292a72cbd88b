"""Old Saloon 3's part of the set-up: each seat's special role card as dealt, and which of the
rulebook's two ways dealt them (every card special, or normal and special cards mixed by type).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self

from companion.engine import (
    SPECIAL_ROLES,
    WRITTEN,
    Module,
    Role,
    SetupError,
    SetupPart,
    cards_dealt,
    listed,
    secret,
    text,
    truth,
)

if TYPE_CHECKING:
    from companion.engine import GameSetup


def _sheriff_sees(setup: Any, seat: int, card_seat: int) -> bool:
    """Every seat sees the face-up Sheriff's card; the others' are secret, even their own
    (a seat's own card is in its player's part, ``SpecialCard``)."""
    return bool(card_seat == setup.sheriff_seat())


@dataclass(frozen=True, slots=True)
class SpecialsSetup(SetupPart):
    """``specials`` names each seat's special role card, None for a normal card: every seat's
    with dealt roles, only the face-up Sheriff's with secret cards (the others None).
    ``specials_mixed``: normal and special cards were mixed by type, so any seat may hold
    either; otherwise every card is special (the rulebook's first way)."""

    what: ClassVar[str] = "special role cards"
    mixed_key: ClassVar[str] = "specials_mixed"
    # ``game.special_roles``: every role card special, the rulebook's first way (the
    # default), or mixed with normal cards by type, its second.
    config_key: ClassVar[str] = "special_roles"
    config_words: ClassVar[tuple[str, ...]] = ("special", "mixed")

    specials: tuple[str | None, ...] | None = field(
        default=None,
        metadata={**secret(each=_sheriff_sees), WRITTEN: lambda part: part.specials is not None},
    )
    specials_mixed: bool = field(
        default=False, metadata={WRITTEN: lambda part: part.specials is not None}
    )

    def __post_init__(self) -> None:
        if self.specials is not None:
            object.__setattr__(self, "specials", tuple(self.specials))

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        cards = data.get("specials")
        return cls(
            None
            if cards is None
            else tuple(
                None if c is None else text(c, "a special card") for c in listed(cards, "specials")
            ),
            truth(data.get("specials_mixed", False), "specials_mixed"),
        )

    def refused_without(self) -> str:
        return "special role cards need a module in play that deals them"

    def check(self, setup: GameSetup) -> None:
        """The special cards fit the roles, once each, as the chosen way deals."""
        if not cards_dealt(setup.modules):
            return
        n = setup.players
        if self.specials is None or len(self.specials) != n:
            raise SetupError(
                f"special role cards: give each of the {n} seats its card (None: none)"
            )
        sheriff = setup.sheriff_seat()
        for seat, card in enumerate(self.specials):
            where = f"seat {seat + 1}"
            if card is None:
                known = setup.roles is not None or seat == sheriff
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
            role = setup.roles[seat] if setup.roles is not None else None
            if seat == sheriff:
                role = Role.SHERIFF
            if role is None:
                raise SetupError(f"{where}: with secret roles only the Sheriff's card is given")
            if SPECIAL_ROLES[card].role is not role:
                raise SetupError(f"{where}: {SPECIAL_ROLES[card].title} is not a {role} card")
        given = [c for c in self.specials if c is not None]
        if len(given) != len(set(given)):
            raise SetupError("each special role card is in the game once")

    def sheriff_bonus(self, sheriff: int) -> int | None:
        """The Sheriff holding a special card holds The Bear: its own bonus (ruling 10)."""
        card = self.specials[sheriff] if self.specials is not None else None
        return SPECIAL_ROLES[card].sheriff_bonus if card else None

    def mixes_cards(self) -> bool:
        return self.specials_mixed

    @classmethod
    def mixed_configured(cls, game: Mapping[str, Any]) -> bool:
        return game.get(cls.config_key) == "mixed"

    @classmethod
    def dealt(
        cls,
        modules: frozenset[Module],
        roles: Sequence[Role],
        rng: random.Random,
        mixed: bool,
        known: bool,
    ) -> Self | None:
        if not cards_dealt(modules):
            return cls(specials_mixed=True) if mixed else None  # refused: no module deals them
        cards = deal_specials(roles, rng, mixed)
        if not known:
            cards = tuple(
                c if r is Role.SHERIFF else None for c, r in zip(cards, roles, strict=True)
            )
        return cls(cards, mixed)

    @classmethod
    def face_up(
        cls,
        modules: frozenset[Module],
        roles: Sequence[Role | None],
        mixed: bool,
        special: bool | None,
    ) -> Self | None:
        """With secret cards, the face-up Sheriff's card: The Bear when every card is special
        or when he says his is (``special``), else a normal one."""
        if not cards_dealt(modules):
            return None
        bear = "the_bear" if special or not mixed else None
        return cls(tuple(bear if r is Role.SHERIFF else None for r in roles), mixed)


# Normal role cards in the base game's box, by type (rulebook, "Components").
NORMAL_CARDS: dict[Role, int] = {Role.SHERIFF: 1, Role.DEPUTY: 2, Role.OUTLAW: 3, Role.RENEGADE: 2}


def deal_specials(roles: Sequence[Role], rng: random.Random, mixed: bool) -> tuple[str | None, ...]:
    """Each role's card, special ones by the base distribution, or drawn from the normal and
    special cards of its type mixed together."""
    cards: dict[Role, list[str | None]] = {}
    for role in Role:
        pile: list[str | None] = [c.name for c in SPECIAL_ROLES.values() if c.role is role]
        if mixed:
            pile += [None] * NORMAL_CARDS[role]
        rng.shuffle(pile)
        cards[role] = pile
    return tuple(cards[role].pop() for role in roles)
