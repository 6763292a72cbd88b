"""The seam for the expansions: modules in the set-up, abilities as objects, typed state, and
decisions that describe their answer."""

from __future__ import annotations

import json

import pytest

from companion.engine import (
    ABILITIES,
    CHARACTERS,
    MODULES,
    SPECS,
    Ability,
    Answer,
    DecisionKind,
    Game,
    GameSetup,
    Module,
    Roll,
    SetupError,
    StateError,
    ability_of,
    deal,
    position,
)

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

FIVE = ("paul_regret", "jesse_jones", "suzy_lafayette", "lucky_duke", "black_jack")
SALOON = frozenset({"old_saloon.1", "old_saloon.2", "old_saloon.4"})


def test_modules_have_stable_ids_for_all_ten() -> None:
    assert [m.value for m in Module if m.value.startswith(("old_saloon.", "undead_or_alive."))] == [
        *(f"old_saloon.{n}" for n in range(1, 6)),
        *(f"undead_or_alive.{n}" for n in range(1, 6)),
    ]
    assert set(MODULES) == set(Module)


@pytest.mark.parametrize(
    ("modules", "players", "message"),
    [
        ({"old_saloon.9"}, 5, "unknown module 'old_saloon.9'; expected one of old_saloon.1"),
        ({"undead_or_alive.1"}, 5, "undead_or_alive.1 .* needs undead_or_alive.2"),
        ({"old_saloon.5"}, 4, r"old_saloon.5 \(The Ghost\) needs 5 or more players, not 4"),
        ({"undead_or_alive.4"}, 3, "undead_or_alive.4 .* needs 4 or more players, not 3"),
        ({"old_saloon.5", "undead_or_alive.4"}, 5, "cannot be played together"),
    ],
)
def test_modules_are_validated_with_a_clear_error(
    modules: set[str], players: int, message: str
) -> None:
    """Undead or Alive 1 needs 2; the Ghost 5+ players; Boneyard 4+; unplayable modules said."""
    with pytest.raises(SetupError, match=message):
        deal(players, 1, modules=frozenset(modules))


def test_modules_are_part_of_the_setup_record_and_old_records_read_without_them() -> None:
    setup = deal(5, 3, modules=SALOON)
    data = json.loads(json.dumps(setup.to_json()))
    assert data["modules"] == sorted(SALOON)
    assert GameSetup.from_json(data) == setup
    base = deal(5, 3)
    assert "modules" not in base.to_json()  # a base game's record is as it always was
    assert GameSetup.from_json(base.to_json()).modules == frozenset()


def test_every_character_of_a_playable_module_has_its_ability() -> None:
    for name in CHARACTERS:
        assert name in ABILITIES, name
        assert ability_of(name).name == name


def test_a_seat_without_ability_changes_no_rule() -> None:
    """The Ghost's 'loses all abilities' is the plain Ability: every hook is the rulebook's."""
    none = Ability()
    assert (none.extra_rolls, none.rerolls_dynamite, none.gatling_needed) == (0, False, 3)
    assert none.indian_loss(3) == 3 and none.bullseye_loss(2) == 2


def test_every_decision_describes_its_answer() -> None:
    assert set(SPECS) == set(DecisionKind)
    assert SPECS[DecisionKind("saloon_die")].answer is Answer.CHOICE
    assert SPECS[DecisionKind.BULLSEYE_TARGET].answer is Answer.SEAT
    assert SPECS[DecisionKind.ARROW_INSTEAD].answer is Answer.YES_NO
    assert SPECS[DecisionKind.SLAB_DOUBLE].answer is Answer.DIE


def test_state_copy_is_independent() -> None:
    game = Game(deal(5, 4, modules=SALOON))
    clone = game.copy()
    clone = position(clone, players={0: {"life": clone.players[0].life - 1}})
    clone.scratch.hits[0] = 3
    clone.stack.append(["end_turn"])
    assert game.players[0].life == game.players[0].max_life
    assert game.scratch.hits[0] == 0 and game.stack != clone.stack


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["players"][1].update(life=99), "seat 2: life 99 is outside 0..9"),
        (lambda d: d.update(pile=8), "arrows not conserved: 8 in the pile and 0 held"),
        (lambda d: d["players"][2].update(chief_arrow=True), "the Chief's Arrow is in 2 places"),
        (lambda d: d["players"][1].update(alive=False), "seat 2: life 9 but eliminated"),
        (lambda d: d["players"][0].update(life="ten"), r"state.players\[0\].life: expected int"),
        (lambda d: d.update(queue=[["fly_away"]]), r"queue\[0\]: unknown step \['fly_away'\]"),
        (lambda d: d.update(pending=None), "the game goes on but no decision is pending"),
        (
            lambda d: d.update(pending={"kind": "bullseye_target", "seat": 0, "die": 9}),
            "the pending bullseye_target decision does not fit the game",
        ),
        (lambda d: d["faces"].__setitem__(0, "whiskey"), "die 1 .base. has no face 'whiskey'"),
    ],
)
def test_from_json_refuses_an_impossible_game(change, message: str) -> None:  # type: ignore[no-untyped-def]
    """Game.from_json checks tokens, life, the queue and the pending decision."""
    game = Game(
        GameSetup(FIVE, sheriff=0, modules=frozenset({"old_saloon.2"})),
    )
    game.apply(game.legal_actions()[0])
    data = json.loads(json.dumps(game.to_json()))
    change(data)
    with pytest.raises(StateError, match=message):
        Game.from_json(data)


def test_from_json_reads_back_an_old_saloon_game_mid_turn() -> None:
    game = Game(deal(6, 8, modules=SALOON))
    while game.pending is not None and game.pending.kind is not DecisionKind.REROLL:
        game.apply(game.legal_actions()[-1])
    again = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert again.to_json() == game.to_json()
    assert again.legal_actions() == game.legal_actions()
    assert isinstance(again.legal_actions()[1], Roll)
