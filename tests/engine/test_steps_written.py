"""Steps are written by their kind's typed constructor (``steps.py``) and run by the rule
registered under the same name, which must take what the kind declares: a misspelt step, or a
rule and its kind that disagree, fail when the engine is imported, never in the middle of a
game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion.engine  # noqa: F401 (every module's steps registered)
from companion.engine.registry import STEPS, step
from companion.engine.steps import KINDS, end_turn, lose, take_arrow

ENGINE = Path(__file__).resolve().parents[2] / "companion" / "engine"
NOT_STEPS = {"frozen.py"}  # it writes Python source, whose lists are no steps


def bare_steps(source: str) -> list[tuple[int, str]]:
    """``(line, name)`` of each list literal headed by a step's name: a step written by hand."""
    return [
        (node.lineno, node.elts[0].value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.List)
        and node.elts
        and isinstance(node.elts[0], ast.Constant)
        and node.elts[0].value in STEPS
    ]


def test_a_kind_writes_its_step_as_the_stack_and_the_json_hold_it() -> None:
    assert take_arrow(2, "dice") == ["take_arrow", 2, "dice"]
    assert lose([[0, 1, 0]], "bullet", None, []) == ["lose", [[0, 1, 0]], "bullet", None, []]
    assert end_turn() == ["end_turn"] and end_turn(True, True) == ["end_turn", True, True]


def test_every_kind_has_its_rule() -> None:
    assert sorted(KINDS) == sorted(STEPS)


def test_a_rule_that_takes_other_arguments_than_its_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="'take_arrow': its rule takes \\(seat\\)"):
        step("take_arrow")(lambda game, seat: None)
    with pytest.raises(ValueError, match="'take_arow' has no kind declared"):
        step("take_arow")(lambda game, seat, cause: None)


def test_the_engine_writes_no_step_by_hand() -> None:
    assert bare_steps('x = [["take_arrow", 0, "dice"], ["arrow", 1]]\n') == [(1, "take_arrow")]
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        if path.name not in NOT_STEPS:
            found += [f"{path.name}:{line} {name}" for line, name in bare_steps(path.read_text())]
    assert found == [], "steps written as bare lists: " + ", ".join(found)


def test_a_rule_declares_its_step_once_and_becomes_its_typed_constructor() -> None:
    """``@step`` on a rule: the kind is the rule's own signature less the game, and the rule's
    name becomes the constructor of its steps."""

    def toy_rolls(game: object, seat: int, times: int = 1, /) -> None: ...

    try:
        toy = step(toy_rolls)
        assert toy(2) == ["toy_rolls", 2] and toy(2, 3) == ["toy_rolls", 2, 3]
        assert str(KINDS["toy_rolls"]) == "(seat: 'int', times: 'int' = 1, /) -> 'None'"
        assert STEPS["toy_rolls"] is toy_rolls
    finally:
        KINDS.pop("toy_rolls", None)
        STEPS.pop("toy_rolls", None)
    assert str(KINDS["take_loss"]) == "(seat: 'int', start: 'int', /) -> 'None'"  # abilities.py's


def test_a_rule_whose_arguments_could_be_named_is_refused() -> None:
    """The stack holds a step's arguments by position, so its constructor takes them so."""

    def toy_step(game: object, seat: int) -> None: ...

    with pytest.raises(ValueError, match="'toy_step'.*not positional only"):
        step(toy_step)
    assert "toy_step" not in KINDS and "toy_step" not in STEPS


def test_a_step_declared_twice_is_refused() -> None:
    def take_loss(game: object, seat: int, start: int, /) -> None: ...

    with pytest.raises(ValueError, match="'take_loss' is declared twice"):
        step(take_loss)


# Every kind of step as a saved state and a journal hold it, ``[kind, *arguments]``: its name
# and its arguments, as the engine of 19c921d wrote them. A rule renamed or an argument moved
# would leave the games saved before it unreadable.
WRITTEN_KINDS = {
    "after_roll": "",
    "apache_kid": "arrows: int, /",
    "apply_hits": "cause: str, /",
    "arrow_instead": "seat: int, /",
    "assign_beer": "",
    "assign_bullseye": "",
    "beer_rage": "",
    "before_hits": "cause: str, /",
    "belle_star": "",
    "boneyard_draw": "seat: int, when: str, /",
    "boneyard_ended": "again: bool = False, /",
    "boneyard_next": "again: bool = False, /",
    "boneyard_turn_end": "again: bool = False, /",
    "boneyard_would_be": "seat: int, /",
    "boneyard_would_be_end": "seat: int, /",
    "broken_arrow": "",
    "check_end": "deaths: list[list[Any]], /",
    "chuck": "",
    "collect": "*symbols: str",
    "discard_all": "cause: str, /",
    "doc_holyday": "",
    "draw_rage": "seat: int, cause: str, /",
    "draw_wound": "seat: int, cause: str, /",
    "duel_face": "roller: int, other: int, die: int, face: str, /",
    "duel_lost": "loser: int, winner: int, /",
    "duel_roll": "roller: int, other: int, die: int, /",
    "duels": "remaining: int, /",
    "end_turn": "moment: bool = True, again: bool = False, /",
    "gain": "seat: int, amount: int, cause: str, moment: bool = True, /",
    "gambled": "",
    "gatling": "",
    "ghost_rolled": "",
    "ghost_turn": "",
    "give_arrow": "arrows: int, /",
    "indians": "seat: int, /",
    "kit": "gatlings: int, /",
    "lose": "losses: list[list[int]], cause: str, by: int | None, then: list[Step], "
    "offered: bool = False, moment: bool = True, /",
    "moment": "moment: str, /, *arguments: Any",
    "outbreak": "",
    "pedro": "seat: int, lost: int, /",
    "power": "seat: int, card: str, args: list[Any], faces: list[str] | None = None, /",
    "rage_end": "",
    "rage_from": "",
    "rage_reveal": "",
    "rage_symbol": "",
    "resolve": "exploded: bool, /",
    "resolve_beers": "",
    "resolve_bullseyes": "",
    "reveal": "seat: int, /",
    "roll_decision": "",
    "roll_effects": "dice: Sequence[int], /",
    "saloon_die": "",
    "sam_heal": "",
    "saved": "target: int, /",
    "show_card": "seat: int, /",
    "sid_gift": "",
    "slab": "",
    "start_turn": "",
    "take_arrow": "seat: int, cause: str, /",
    "take_loss": "seat: int, start: int, /",
    "turn_die": "die: int, face: str, /",
    "which_arrow": "seat: int, holder: int, cause: str, /",
    "whiskey": "",
    "whiskey_wound": "",
    "wounds_back": "",
}


def test_the_steps_a_saved_game_holds_keep_their_names_and_arguments() -> None:
    """The box's own steps (a module from outside installed beside it keeps its own)."""

    def written(signature: str) -> str:
        return signature.rsplit(" -> ", 1)[0][1:-1].replace("'", "")

    own = {
        name: kind
        for name, kind in KINDS.items()
        if STEPS[name].__module__.startswith("companion.")
    }
    assert {name: written(str(kind)) for name, kind in own.items()} == WRITTEN_KINDS
