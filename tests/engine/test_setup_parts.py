"""A module's part of the set-up: registered from its package, read with ``Kind.of(setup)``,
written flat in the set-up's JSON at the keys and place the set-up had before and only when it
says something, read back, refused without its module."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, cast

import pytest

from companion.engine import (
    SETUP_PARTS,
    GameSetup,
    Module,
    Role,
    SetupError,
    SetupPart,
    StateError,
    config_keys,
    configured_parts,
    deal,
    dealt_parts,
    face_up_parts,
    mixed_key,
    setup_parts,
)
from companion.modules.legacy.rules import ID as LEGACY
from companion.modules.legacy.rules import LegacySetup
from companion.modules.special_roles.dealing import SpecialsSetup, deal_specials
from companion.modules.special_roles.rules import ID as SPECIALS_ID
from companion.modules.zombies.rules import ID as ZOMBIES
from companion.modules.zombies.rules import BoneyardSetup

FIVE = ("paul_regret", "calamity_janet", "jourdonnais", "black_jack", "lucky_duke")


def both(*parts: SetupPart) -> GameSetup:
    return GameSetup(FIVE, sheriff=0, modules=frozenset({LEGACY, ZOMBIES}), parts=parts)


def test_a_part_not_given_has_its_defaults() -> None:
    setup = both()
    assert BoneyardSetup.of(setup) == BoneyardSetup() and not LegacySetup.of(setup).legacy_bullet


def test_a_part_is_written_flat_where_the_set_up_had_it_and_only_when_it_says_something() -> None:
    assert "real_boneyard" not in both().to_json() and "parts" not in both().to_json()
    data = both(LegacySetup(2), BoneyardSetup(True)).to_json()
    assert list(data)[-3:] == ["modules", "real_boneyard", "legacy_bullet"]
    assert (data["real_boneyard"], data["legacy_bullet"]) == (True, 2)


def test_a_set_up_read_back_holds_each_part_it_wrote() -> None:
    setup = both(BoneyardSetup(True), LegacySetup(3))
    again = GameSetup.from_json(setup.to_json())
    assert again == setup and LegacySetup.of(again).legacy_bullet == 3


def test_a_part_read_back_wrong_is_named() -> None:
    data = both().to_json()
    data["real_boneyard"] = 1
    with pytest.raises(SetupError, match="real_boneyard must be true or false, not 1"):
        GameSetup.from_json(data)


def test_a_part_that_says_something_is_refused_without_its_module() -> None:
    with pytest.raises(SetupError, match="a real Boneyard deck needs module undead_or_alive.4"):
        GameSetup(FIVE, sheriff=0, parts=(BoneyardSetup(True),))


def test_a_part_given_later_replaces_one_of_its_kind() -> None:
    setup = both(BoneyardSetup(True))
    assert not BoneyardSetup.of(replace(setup, parts=(*setup.parts, BoneyardSetup()))).real_boneyard


def test_a_part_the_configuration_chooses() -> None:
    assert configured_parts({"boneyard": "real"}) == (BoneyardSetup(True),)
    assert configured_parts({"boneyard": "simulated"}) == ()


def test_a_module_takes_its_configuration_key_with_its_part() -> None:
    """The configuration's [game] keys of the modules are their parts' (the default first)."""
    keys = config_keys()
    assert keys["boneyard"] == ("simulated", "real")
    assert keys["special_roles"] == ("special", "mixed")


def test_a_configuration_key_declared_twice_is_refused_naming_the_module() -> None:
    @dataclass(frozen=True, slots=True)
    class Again(SetupPart):
        config_key = "boneyard"

    with pytest.raises(StateError, match="toy.again: configuration key 'boneyard' is declared"):
        setup_parts(cast(Module, "toy.again"), (Again, "seed"))


def test_a_part_gives_its_life_to_the_game() -> None:
    setup = both(LegacySetup(2))
    assert [setup.extra_life(seat) for seat in range(5)] == [0, 0, 1, 0, 0]
    assert setup.life_said(2) == ", the Legacy bullet included" and setup.life_said(1) == ""


def test_a_module_lists_its_set_up_parts() -> None:
    assert SETUP_PARTS[LEGACY] == [LegacySetup] and SETUP_PARTS[ZOMBIES] == [BoneyardSetup]


@dataclass(frozen=True, slots=True)
class _Unregistered(SetupPart):
    house: bool = False


@dataclass(frozen=True, slots=True)
class _Clash(SetupPart):
    legacy_bullet: int | None = None

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> _Clash:
        return cls(data.get("legacy_bullet"))


@dataclass(frozen=True, slots=True)
class _Unread(SetupPart):
    house: bool = False


def test_a_part_never_registered_is_refused() -> None:
    with pytest.raises(SetupError, match="not a registered part of the set-up"):
        GameSetup(FIVE, sheriff=0, parts=(_Unregistered(),))


def test_a_part_that_does_not_say_how_it_is_read_is_refused_naming_it() -> None:
    with pytest.raises(StateError, match="toy.unread: set-up part _Unread has no read"):
        setup_parts(cast(Module, "toy.unread"), (_Unread, "seed"))


def test_a_part_writing_a_key_another_writes_is_refused() -> None:
    with pytest.raises(StateError, match="both write the key 'legacy_bullet'"):
        setup_parts(LEGACY, (_Clash, "real_piles"))


OS3 = SPECIALS_ID
DEALT = ("the_bear", "the_doc", "the_bad", "the_left_hand", "the_gambler")
ROLES = (Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.RENEGADE, Role.OUTLAW)


def test_the_special_cards_are_written_where_the_set_up_had_them() -> None:
    setup = GameSetup(FIVE, roles=ROLES, modules=frozenset({OS3}), parts=(SpecialsSetup(DEALT),))
    data = setup.to_json()
    assert list(data)[-3:] == ["modules", "specials", "specials_mixed"]
    assert GameSetup.from_json(data) == setup
    assert setup.to_json(1)["specials"] == ["the_bear", None, None, None, None]  # the Sheriff's


def test_special_cards_without_a_module_that_deals_them_are_refused() -> None:
    with pytest.raises(SetupError, match="special role cards need a module in play that deals"):
        GameSetup(FIVE, roles=ROLES, parts=(SpecialsSetup(DEALT),))
    with pytest.raises(SetupError, match="special role cards need a module in play that deals"):
        deal(5, seed=1, mixed=True)


def test_the_sheriff_holding_a_special_card_holds_the_bear_s_bonus() -> None:
    dealt = GameSetup(FIVE, roles=ROLES, modules=frozenset({OS3}), parts=(SpecialsSetup(DEALT),))
    normal = replace(dealt, parts=(SpecialsSetup((None, *DEALT[1:]), specials_mixed=True),))
    assert (dealt.sheriff_bonus(0), normal.sheriff_bonus(0)) == (3, 2)
    assert normal.cards_mixed and not dealt.cards_mixed
    assert mixed_key() == "specials_mixed"


def test_the_table_s_cards_come_from_the_part_s_hooks() -> None:
    """Dealt roles get their cards as ``deal`` gives them from the same draws; with secret
    cards only the face-up Sheriff's is named, The Bear unless mixed and he says normal."""
    modules = frozenset({OS3})
    (dealt,) = dealt_parts(modules, ROLES, random.Random(4), False)
    assert dealt == SpecialsSetup(deal_specials(ROLES, random.Random(4), False), False)
    secret = (Role.SHERIFF, None, None, None, None)
    assert face_up_parts(modules, secret, True, False) == (SpecialsSetup((None,) * 5, True),)
    bear = SpecialsSetup(("the_bear", None, None, None, None), False)
    assert face_up_parts(modules, secret, False, None) == (bear,)
    assert face_up_parts(frozenset(), secret, False, None) == ()
