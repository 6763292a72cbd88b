"""A character's trait that one module's rules read is declared by that module's package
(``declare_trait``), never a field of the core's ``Ability``; another package's character has it
by its ``traits``, and every other character has the module's default."""

from __future__ import annotations

import pytest

from companion.engine import TRAITS, Ability, ability_of, declare_trait
from companion.modules.duels.rules import DUEL_REROLLS
from companion.modules.loudmouth_coward.rules import SALOON_OPTIONS, SaloonDie
from companion.modules.posse.rules import PixiePete, SeanMallory
from companion.modules.rage.rules import DRAWS_RAGE
from companion.modules.saloon_characters.rules import JoseDelgado, TequilaJoe


def test_a_trait_is_declared_by_its_module_s_package() -> None:
    assert TRAITS["saloon_options"] is SALOON_OPTIONS
    assert (SALOON_OPTIONS.module, DUEL_REROLLS.module, DRAWS_RAGE.module) == (
        "old_saloon.1",
        "undead_or_alive.1",
        "undead_or_alive.2",
    )
    assert not {"saloon_options", "duel_rerolls", "draws_rage"} & set(vars(Ability))


def test_a_character_without_a_trait_has_the_module_s_default() -> None:
    plain = ability_of("bart_cassidy")
    assert SALOON_OPTIONS.of(plain) == (SaloonDie.NONE, SaloonDie.LOUDMOUTH, SaloonDie.COWARD)
    assert (DUEL_REROLLS.of(plain), DRAWS_RAGE.of(plain)) == (0, 1)


def test_another_module_s_character_has_the_trait_it_gives_itself() -> None:
    """Ruling OS6: Jose Delgado's Loudmouth and Tequila Joe's Coward are a sixth die."""
    assert SALOON_OPTIONS.of(JoseDelgado()) == (
        SaloonDie.NONE,
        SaloonDie.LOUDMOUTH_SIXTH,
        SaloonDie.COWARD,
    )
    assert SALOON_OPTIONS.of(TequilaJoe()) == (
        SaloonDie.NONE,
        SaloonDie.LOUDMOUTH,
        SaloonDie.COWARD_SIXTH,
    )
    assert DUEL_REROLLS.of(SeanMallory()) == 1
    assert DRAWS_RAGE.of(PixiePete()) == 2


def test_a_trait_given_a_value_of_another_type_is_refused() -> None:
    with pytest.raises(TypeError, match=r"trait 'duel_rerolls' of module undead_or_alive\.1: "):
        DUEL_REROLLS.given("1")  # type: ignore[arg-type]


def test_a_trait_declared_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="trait 'draws_rage' is declared twice"):
        declare_trait("old_saloon.1", "draws_rage", 3)
    assert TRAITS["draws_rage"] is DRAWS_RAGE
