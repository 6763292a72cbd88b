"""What a state keeps between steps, checked when it is read back: the queue of steps still to
run, the arguments of the open moments and the turn's scratch.

Each step's arguments are checked against what its rule takes, by the name and type of its
parameters (``ARGUMENTS``), so an unknown seat, die, face, symbol or card in the queue is a
StateError when the state is read, never a KeyError later in play. A new step whose parameters
are named and typed as others' needs no line here; a parameter of a module's own is declared by
its package (``declare_argument``).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from .abilities import ability_of
from .components import (
    CHARACTERS,
    DICE,
    FACES,
    SHERIFF_BONUS,
    SPECIAL_ROLES,
    Symbol,
    changed_step,
)
from .decisions import DecisionKind
from .errors import StateError
from .modules import entries, in_play
from .player_marks import returned
from .registry import STEPS
from .results import collect_results
from .rules_api import Ability, Phase

if TYPE_CHECKING:
    from .rules_api import RuleGame

# ``check(game, value, where)`` raises StateError when ``value`` is not one the rule takes.
Check = Callable[["RuleGame", Any, str], None]


def _whole(value: Any, where: str, low: int = 0) -> int:
    if type(value) is not int or value < low:
        raise StateError(f"{where}: {value!r} is not a whole number of {low} or more")
    return value


def _seat(game: RuleGame, value: Any, where: str) -> None:
    n = len(game.players)
    if type(value) is not int or not 0 <= value < n:
        raise StateError(f"{where}: {value!r} is not a seat (0 to {n - 1})")


def _seat_or_none(game: RuleGame, value: Any, where: str) -> None:
    if value is not None:
        _seat(game, value, where)


def _count(game: RuleGame, value: Any, where: str) -> None:
    _whole(value, where)


def _truth(game: RuleGame, value: Any, where: str) -> None:
    if type(value) is not bool:
        raise StateError(f"{where}: expected true or false, got {value!r}")


def _text(game: RuleGame, value: Any, where: str) -> None:
    if not isinstance(value, str):
        raise StateError(f"{where}: expected a string, got {value!r}")


def _listed(value: Any, where: str, size: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (size is not None and len(value) != size):
        items = "a list" if size is None else f"a list of {size}"
        raise StateError(f"{where}: expected {items}, got {value!r}")
    return value


def _die(game: RuleGame, value: Any, where: str) -> None:
    dice = len(game.dice_kinds)
    if type(value) is not int or not 0 <= value < dice:
        raise StateError(f"{where}: {value!r} is not a die (0 to {dice - 1})")


def _dice(game: RuleGame, value: Any, where: str) -> None:
    for i, die in enumerate(_listed(value, where)):
        _die(game, die, f"{where}[{i}]")
    if len(set(value)) != len(value):
        raise StateError(f"{where}: {value} names a die twice")


def _face(game: RuleGame, value: Any, where: str) -> None:
    if not isinstance(value, str) or value not in FACES:
        raise StateError(f"{where}: unknown face {value!r}; expected one of " + ", ".join(FACES))


def _faces(game: RuleGame, value: Any, where: str) -> None:
    """The faces a record gives a roll of every die (The Gambler's)."""
    if value is None:
        return
    kinds = game.dice_kinds
    for die, face in enumerate(_listed(value, where, len(kinds))):
        if face not in DICE[kinds[die]]:
            raise StateError(f"{where}[{die}]: die {die + 1} ({kinds[die]}) has no face {face!r}")


def _symbol(game: RuleGame, value: Any, where: str) -> None:
    if value not in tuple(Symbol):
        raise StateError(f"{where}: unknown symbol {value!r}; expected one of " + ", ".join(Symbol))


def _card(game: RuleGame, value: Any, where: str) -> None:
    """A special role card revealed at a moment (Old Saloon 3)."""
    if not isinstance(value, str) or value not in SPECIAL_ROLES or not SPECIAL_ROLES[value].moment:
        revealed = [c.name for c in SPECIAL_ROLES.values() if c.moment is not None]
        raise StateError(
            f"{where}: {value!r} is no card revealed at a moment: " + ", ".join(revealed)
        )


def _losses(game: RuleGame, value: Any, where: str) -> None:
    """Life lost together: ``[seat, amount, results that hit it]`` each."""
    for i, loss in enumerate(_listed(value, where)):
        seat, amount, results = _listed(loss, f"{where}[{i}]", 3)
        _seat(game, seat, f"{where}[{i}][0]")
        _whole(amount, f"{where}[{i}][1]")
        _whole(results, f"{where}[{i}][2]")


def _deaths(game: RuleGame, value: Any, where: str) -> None:
    """Players eliminated together: ``[seat, the seat whose hand it was or None]`` each."""
    for i, death in enumerate(_listed(value, where)):
        seat, by = _listed(death, f"{where}[{i}]", 2)
        _seat(game, seat, f"{where}[{i}][0]")
        _seat_or_none(game, by, f"{where}[{i}][1]")


def _steps(game: RuleGame, value: Any, where: str) -> None:
    """Steps in the order they will run."""
    steps = _listed(value, where)
    for i, item in enumerate(steps):
        check_step(game, item, f"{where}[{i}]", steps[i + 1] if i + 1 < len(steps) else None)


def _any(game: RuleGame, value: Any, where: str) -> None:
    """Checked with what they go with (a moment's arguments by its kind, a power's by its card)."""


# Every parameter of a step, by ``name: type`` as its rule declares it.
ARGUMENTS: dict[str, Check] = {
    "seat: int": _seat,
    "holder: int": _seat,
    "target: int": _seat,
    "roller: int": _seat,
    "other: int": _seat,
    "loser: int": _seat,
    "winner: int": _seat,
    "by: int | None": _seat_or_none,
    "amount: int": _count,
    "arrows: int": _count,
    "gatlings: int": _count,
    "lost: int": _count,
    "remaining: int": _count,
    "start: int": _count,
    "again: bool": _truth,
    "exploded: bool": _truth,
    "moment: bool": _truth,
    "offered: bool": _truth,
    "cause: str": _text,
    "die: int": _die,
    "dice: Sequence[int]": _dice,
    "face: str": _face,
    "faces: list[str] | None": _faces,
    "symbols: str": _symbol,
    "card: str": _card,
    "losses: list[list[int]]": _losses,
    "deaths: list[list[Any]]": _deaths,
    "then: list[Step]": _steps,
    "moment: str": _any,
    "arguments: Any": _any,
    "args: list[Any]": _any,
}


def declare_argument(parameter: str, check: Check) -> None:
    """How a module's own step parameter (``"name: type"`` as its rule declares it) is checked
    when a state is read; ValueError when the parameter has a check already."""
    if parameter in ARGUMENTS:
        raise ValueError(f"step parameter {parameter!r} is checked already")
    ARGUMENTS[parameter] = check


# The arguments of each kind of moment (``moments.moment_steps``), the last one optional for
# a roll (a roll apart from the turn's dice names its die).
MOMENTS: dict[str, tuple[tuple[str, ...], int]] = {
    "turn_start": (("seat: int",), 1),
    "turn_end": (("seat: int",), 1),
    "last_roll": (("seat: int",), 1),
    "roll": (("seat: int", "die: int"), 1),
    "gain": (("seat: int", "amount: int", "cause: str"), 3),
    "eliminate": (("seats",), 1),
    "reveal": (("seat: int", "card: str"), 2),
}


def check_moment(game: RuleGame, moment: Any, args: Any, where: str) -> None:
    """A moment's kind and arguments, as a ``moment`` step or an open window holds them."""
    if not isinstance(moment, str) or moment not in MOMENTS:
        raise StateError(
            f"{where}: unknown moment {moment!r}; expected one of " + ", ".join(MOMENTS)
        )
    names, least = MOMENTS[moment]
    _listed(args, where)
    if not least <= len(args) <= len(names):
        raise StateError(f"{where}: a {moment!r} moment takes {', '.join(names)}, got {args!r}")
    for i, (name, value) in enumerate(zip(names, args, strict=False)):
        if name == "seats":
            if not _listed(value, f"{where}[{i}]"):
                raise StateError(f"{where}[{i}]: the seats about to be eliminated, not none")
            for j, seat in enumerate(value):
                _seat(game, seat, f"{where}[{i}][{j}]")
        else:
            ARGUMENTS[name](game, value, f"{where}[{i}]")


def check_kept(kept: RuleGame, moment: str, args: list[Any], where: str) -> None:
    """The state kept at an open moment was taken as its ``moment`` step ran, so the step the
    moment was queued before is next (``_AFTER_MOMENT``): the roll, the resolution, the end of
    the turn, the gain, the loss or the power the moment is about. A roll's moment is left
    out: the modules' own rolls make it too, each before a step of its own."""
    top = kept.stack[-1] if kept.stack else None
    fits = _AFTER_MOMENT.get(moment)
    if fits is not None and not (isinstance(top, list) and top and fits(top, args, kept)):
        raise StateError(
            f"{where}[2]: the state kept at a {moment!r} moment {args} goes on with {top!r} "
            "(queue), not the step that moment comes before"
        )


_AFTER_MOMENT: dict[str, Callable[[list[Any], list[Any], RuleGame], bool]] = {
    "turn_start": lambda top, args, kept: tuple(kept.stack[0]) == ("roll_decision",),
    "last_roll": lambda top, args, kept: top[0] == "resolve",
    "turn_end": lambda top, args, kept: tuple(top[:2]) == ("end_turn", False),
    "gain": lambda top, args, kept: tuple(top) == ("gain", *args, False),
    "eliminate": lambda top, args, kept: top[0] == "lose" and tuple(top[5:]) == (True, False),
    "reveal": lambda top, args, kept: tuple(top[:3]) == ("power", *args),
}


@cache
def step_checks(name: str) -> tuple[tuple[tuple[str, Check, bool], ...], Check | None]:
    """A step's parameters after the game: ``(name, check, required)``, and the check of its
    ``*rest`` if it takes any."""
    found, rest = [], None
    for p in list(inspect.signature(STEPS[name]).parameters.values())[1:]:
        check = ARGUMENTS[f"{p.name}: {p.annotation}"]
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            rest = check
        else:
            found.append((p.name, check, p.default is inspect.Parameter.empty))
    return tuple(found), rest


def check_step(game: RuleGame, item: Any, where: str, after: Any = None) -> None:
    """One step, ``[name, *arguments]``, as its rule takes it; ``after`` runs right after it."""
    if (
        not isinstance(item, list)
        or not item
        or not isinstance(item[0], str)
        or item[0] not in STEPS
    ):
        raise StateError(f"{where}: unknown step {item!r}")
    name, *args = item
    params, rest = step_checks(name)
    required = sum(1 for _, _, needed in params if needed)
    if len(args) < required or (rest is None and len(args) > len(params)):
        raise StateError(
            f"{where}: step {name!r} takes "
            + (", ".join(p for p, _, _ in params) or "nothing")
            + f", got {args!r}"
        )
    for (param, check, _), value in zip(params, args, strict=False):
        check(game, value, f"{where} ({name} {param})")
    if rest is not None:
        for i, value in enumerate(args[len(params) :]):
            rest(game, value, f"{where} ({name} argument {len(params) + i + 1})")
    if name == "moment":
        check_moment(game, args[0], args[1:], where)
    elif name == "power":
        _check_power(game, args, where, after)
    else:
        problem = _fits(game, name, args)
        if problem is not None:
            raise StateError(f"{where}: step {name!r}: {problem}")


def _fits(game: RuleGame, name: str, args: list[Any]) -> str | None:
    """What a step needs of the state when it runs (beside its arguments' own checks)."""
    for rules in entries():  # an entry's step, whether or not its module is in play
        for step_name, fits in rules.step_fits:
            if step_name == name:
                return fits(game, args)
    return None


def _check_power(game: RuleGame, args: list[Any], where: str, after: Any) -> None:
    """A power applies with its card's moment's arguments, to the step it changes, which runs
    right after it (``components.changed_step``)."""
    card = SPECIAL_ROLES[args[1]]
    assert card.moment is not None  # checked: a card revealed at a moment
    check_moment(game, card.moment, args[2], f"{where} (power args)")
    changes = changed_step(card, args[2])
    if changes is not None and not (isinstance(after, list) and after[:1] == [changes]):
        raise StateError(f"{where}: {card.title}'s power changes the {changes!r} step after it")


def check(game: RuleGame) -> None:
    """The queue (each step as its rule takes it, in an order the turn gives) and the turn's
    scratch."""
    queue = game.stack
    last = len(queue) - 1
    for i, item in enumerate(queue):
        # The queue is a stack (the next step last); its JSON lists them in the order they run.
        check_step(game, item, f"queue[{last - i}]", queue[i - 1] if i else None)
    _check_order(game)
    _check_scratch(game)


# The steps that end a stage of the turn (``game.py``): each is put in the queue when the
# queue is empty, to run once what comes before it has.
LAST_ONLY = frozenset({"start_turn", "roll_decision", "after_roll", "resolve", "end_turn"})
# The results' own steps (``game.py``), queued all at once after the last roll, before the
# turn's end_turn step, in this order; each runs in turn, so those left are the last ones.
RESULTS: tuple[tuple[str, ...], ...] = (
    ("collect", "bullseye1", "bullseye2"),
    ("assign_bullseye",),
    ("resolve_bullseyes",),
    ("collect", "beer"),
    ("assign_beer",),
    ("resolve_beers",),
    ("gatling",),
)
RESULT_NAMES = frozenset(step[0] for step in RESULTS)


def _check_order(game: RuleGame) -> None:
    """The queue's steps in an order the turn gives: a stage's last step last, the results'
    steps still to run the last of theirs, before end_turn; a module's start-of-turn steps
    (``ModuleRules.start``) before the roll, a roll's effects right before what follows it."""
    queue = game.stack[::-1]  # in the order the steps run
    if not queue:
        return
    last = len(queue) - 1
    names = [step[0] for step in queue]
    for i, name in enumerate(names[:-1]):
        if name in LAST_ONLY:
            raise StateError(
                f"queue[{i}]: step {name!r} is queued last, to end a stage of the turn, but "
                f"{names[i + 1]!r} follows it (queue {names})"
            )
    results = [tuple(step) for step in queue if step[0] in RESULT_NAMES]
    if results and (
        results != list(RESULTS[len(RESULTS) - len(results) :]) or names[-1] != "end_turn"
    ):
        raise StateError(
            f"queue {names}: the results' steps left, {results}, are not the last of "
            f"{list(RESULTS)}, in that order, before end_turn"
        )
    rules = in_play(game.setup.modules)
    starts = {name for r in rules for name in r.start}
    once = starts | {name for r in rules for name in r.end}
    twice = [name for name in once if names.count(name) > 1]
    if twice:
        raise StateError(f"queue {names}: {twice[0]!r} is queued once, at the turn's start or end")
    early = [name for name in names if name in starts]
    if early and names[-1] != "roll_decision":
        raise StateError(
            f"queue {names}: {early[0]!r} starts the turn, before its roll (roll_decision last)"
        )
    if "roll_effects" in names and names.index("roll_effects") != last - 1:
        raise StateError(
            f"queue {names}: roll_effects runs right before the step after the roll, the last"
        )


# ======================================================================== the scratch


def _check_scratch(game: RuleGame) -> None:
    s = game.scratch
    n = len(game.players)
    for name in ("hits", "hit_results", "lost"):
        values = getattr(s, name)
        if len(values) != n or any(v < 0 for v in values):
            raise StateError(f"scratch.{name} {values}: one count of 0 or more per seat")
    results = len(game.faces) + len(game.extra_results())
    _check_hits(game, results)
    for i, item in enumerate(_listed(s.to_assign, "scratch.to_assign")):
        die, symbol = _listed(item, f"scratch.to_assign[{i}]", 2)
        _result(game, die, symbol, results, f"scratch.to_assign[{i}]")
    for i, item in enumerate(s.assigned):  # resolved (a result past the dice may be gone since)
        die, symbol, target = _listed(item, f"scratch.assigned[{i}]", 3)
        _whole(die, f"scratch.assigned[{i}][0]")
        if symbol not in ("bullseye1", "bullseye2"):
            raise StateError(f"scratch.assigned[{i}][1]: {symbol!r} is no Bull's Eye")
        _seat(game, target, f"scratch.assigned[{i}][2]")
    for i, item in enumerate(s.beers):
        if len(item) != 2:
            raise StateError(f"scratch.beers[{i}]: expected [die, target], got {item!r}")
        _whole(item[0], f"scratch.beers[{i}][0]")
        _seat(game, item[1], f"scratch.beers[{i}][1]")
    _check_assigned(game, results)
    _check_in_range(game, results)
    _check_lost(game)
    _check_beers(game, results)
    _check_results_phase(game)
    _check_collected(game)
    if s.doubled is not None and s.doubled not in {a[0] for a in s.assigned}:
        raise StateError(f"scratch.doubled {s.doubled}: a die of a Bull's Eye assigned")
    if s.doubled is not None and not game.ability(game.turn).beer_doubles_bullseye:
        raise StateError(
            f"scratch.doubled {s.doubled}: a Beer doubles a Bull's Eye only in the turn of a "
            "player whose ability does (Slab the Killer)"
        )
    d = game.pending
    if s.doubled is not None and d is not None and d.kind is DecisionKind.BEER_TARGET:
        raise StateError(
            f"scratch.doubled {s.doubled}: the Beer it spends is set aside (and the mark "
            "cleared) before a Beer's target is asked"
        )
    if s.loss is not None:
        loss = _listed(s.loss, "scratch.loss", 4)
        _losses(game, loss[0], "scratch.loss[0]")
        _text(game, loss[1], "scratch.loss[1]")
        _seat_or_none(game, loss[2], "scratch.loss[2]")
        _steps(game, loss[3], "scratch.loss[3]")
    _check_closed(game)
    used = sorted(u for rules in entries() for u in rules.used)
    unknown = [u for u in s.used if u not in used]
    if unknown:
        raise StateError(
            f"scratch.used: unknown {unknown[0]!r}; expected one of " + ", ".join(used)
        )
    for i, seat in enumerate(game.eliminated_now):
        _seat(game, seat, f"eliminated_now[{i}]")
        p = game.players[seat]
        if p.alive and not returned(p):
            raise StateError(f"eliminated_now[{i}]: seat {seat + 1} is alive, never eliminated")
    if len(set(game.eliminated_now)) != len(game.eliminated_now):
        raise StateError(f"eliminated_now {game.eliminated_now}: a seat is eliminated once")
    for seat, p in enumerate(game.players):
        # Life is lost only by the living, and losing the last of it is what eliminates.
        now = seat in game.eliminated_now
        if (now and not s.lost[seat]) or (not p.alive and not now and s.lost[seat]):
            raise StateError(
                f"scratch.lost {s.lost}, eliminated_now {game.eliminated_now}: seat {seat + 1} "
                + (
                    "eliminated this turn (eliminated_now) lost no life in it"
                    if now
                    else "eliminated in an earlier turn lost life in this one"
                )
            )
    _check_lost_before_the_roll(game)
    _check_lost_to_the_indians(game)


# The steps of a turn's rolls and of their results (``game.py``), which all run before its
# end_turn step.
BEFORE_THE_END = frozenset(
    {
        "roll_decision",
        "after_roll",
        "roll_effects",
        "resolve",
        "collect",
        "assign_bullseye",
        "resolve_bullseyes",
        "assign_beer",
        "resolve_beers",
        "gatling",
    }
)


def _check_closed(game: RuleGame) -> None:
    """scratch.closed: the turn's ``end_turn`` step, when it first ran, put the modules'
    end-of-turn steps (``ModuleRules.end``) in the queue before itself and marked them so; the
    moment at the turn's end (``end_turn`` with moment false) comes after them, and the next
    turn's ``start_turn`` clears the mark. A module handing the turn over (``hand_over``) runs
    steps of its own meanwhile, which this does not follow."""
    s, rules = game.scratch, in_play(game.setup.modules)
    ends = {name for r in rules for name in r.end}
    if s.closed and not ends:
        raise StateError(
            "scratch.closed: the modules' end-of-turn steps ran, but no module in play has any"
        )
    if not ends:
        return
    queue = game.stack[::-1]  # in the order the steps run
    names = [step[0] for step in queue]
    late = [
        name
        for step, name in zip(queue, names, strict=True)
        if name in ends or (name == "end_turn" and len(step) > 1 and step[1] is False)
    ]
    if not s.closed and late:
        raise StateError(
            f"scratch.closed false, but the queue holds {late[0]!r}, which comes only once the "
            "turn's end_turn step ran the modules' end-of-turn steps ("
            + ", ".join(sorted(ends))
            + ")"
        )
    rolling = [name for name in names if name in BEFORE_THE_END]
    if s.closed and rolling:
        raise StateError(
            f"scratch.closed true, but the queue holds {rolling[0]!r}: the turn's rolls and "
            "their results come before its end, whose end_turn step closes it"
        )
    handing = any(r.hand_over for r in rules)
    if s.closed and not game.over and not handing and not {"end_turn", "start_turn"} & set(names):
        raise StateError(
            "scratch.closed true, but the queue holds no end_turn step: the modules' "
            "end-of-turn steps run once the turn ends, before its end_turn step"
        )


@cache
def most_life() -> int:
    """The most life a seat may hold: the largest character's, the installed modules' included
    (read once they are loaded, never while the engine is imported), the largest Sheriff's
    bonus (a special card's own included) and the Legacy bullet."""
    bonuses = [c.sheriff_bonus for c in SPECIAL_ROLES.values() if c.sheriff_bonus is not None]
    return max(c.life for c in CHARACTERS.values()) + max([SHERIFF_BONUS, *bonuses]) + 1


def _check_hits(game: RuleGame, results: int) -> None:
    """The hits waiting to be taken, bounded by the results that give them: they are counted
    when the Bull's Eyes or the Gatling resolve and taken at the ``apply_hits`` step queued
    then; each result hits a seat once, for at most 2 life (a doubled Bull's Eye). The life a
    seat lost this turn: at most the most life a seat holds (``most_life``) and what it gained
    meanwhile (at most 2 a result, and once 2 more, a save's)."""
    s = game.scratch
    waiting = any(step[0] == "apply_hits" for step in game.stack)
    most = most_life() + 2 * (results + 1)
    for seat in range(len(game.players)):
        hits, hit_by = s.hits[seat], s.hit_results[seat]
        if (hits or hit_by) and not waiting:
            raise StateError(
                f"scratch.hits {s.hits}, scratch.hit_results {s.hit_results}: hits wait only "
                "for the apply_hits step, which is not in the queue"
            )
        if hit_by > results or hits > 2 * hit_by:
            raise StateError(
                f"scratch.hits {s.hits}, scratch.hit_results {s.hit_results}: seat {seat + 1} "
                f"hit by at most {results} results (faces, then the turn's {_extra_named(game)}), "
                "for at most 2 life each"
            )
        if s.lost[seat] > most:
            raise StateError(
                f"scratch.lost {s.lost}: seat {seat + 1} lost at most {most} life this turn "
                f"({most_life()}, the most life a seat holds, and 2 for each of {results} results "
                "and one save)"
            )


def _extra_named(game: RuleGame) -> str:
    """The field of the state the turn's extra results are read from, as its module names it
    (``ModuleRules.extra_named``)."""
    for rules in in_play(game.setup.modules):
        if rules.extra_results is not None and rules.extra_named:
            return rules.extra_named
    return "extra results"


def _past(game: RuleGame, die: int, results: int, where: str) -> None:
    """A result past those showing now was a module's extra result, gone since: the turn's
    end discards them (scratch.closed), an eliminated player's go at once."""
    if die >= results and not game.scratch.closed and game.players[game.turn].alive:
        raise StateError(
            f"{where}: result {die} is past the results (0 to {results - 1}: faces, then the "
            f"turn's {_extra_named(game)}), which shrink only at the turn's end (scratch.closed) "
            "or when its player is eliminated"
        )


def _check_beers(game: RuleGame, results: int) -> None:
    """Each Beer given is a result showing a Beer (or one gone since, ``_past``)."""
    for i, (die, _target) in enumerate(game.scratch.beers):
        where = f"scratch.beers[{i}]"
        _past(game, die, results, where)
        face = game.result_face(die) if die < results else None
        if die < results and (face is None or FACES[face].symbol != "beer"):
            raise StateError(
                f"{where}: result {die} shows {face!r}, not a Beer (faces, then the turn's "
                f"{_extra_named(game)})"
            )


def still_rolling(game: RuleGame) -> str | None:
    """The step of the turn's rolls the queue ends with while the turn still rolls
    (``roll_decision`` too while a roll is asked), or None once the rolls are over."""
    d = game.pending
    if d is not None and d.kind in (DecisionKind.ROLL, DecisionKind.REROLL):
        return "roll_decision"
    first = game.stack[0] if game.stack else None  # read before the queue's form is checked
    last = first[0] if isinstance(first, list) and first else None
    return last if last in ("roll_decision", "after_roll", "resolve") else None


def _check_results_phase(game: RuleGame) -> None:
    """The results are collected a phase at a time, Bull's Eyes then Beers: what is assigned
    or left to assign belongs to a phase whose ``collect`` step ran, the Beers' after the Bull's
    Eyes'."""
    s = game.scratch
    rolling = still_rolling(game)
    if rolling is not None and (s.assigned or s.beers or s.to_assign or s.doubled is not None):
        raise StateError(
            f"scratch.assigned {s.assigned}, scratch.beers {s.beers}, scratch.to_assign "
            f"{s.to_assign}, scratch.doubled {s.doubled}: results are assigned once the rolls "
            f"are over, but the turn still rolls (queue ending with {rolling!r}, or a roll asked)"
        )
    queued = {tuple(step) for step in game.stack if step[0] in RESULT_NAMES}
    bullseye_phase = set(RESULTS[:3])
    symbols = {item[1] for item in s.to_assign}
    beers = bool(s.beers) or "beer" in symbols
    if symbols and len(symbols - {"bullseye1", "bullseye2"}) and symbols != {"beer"}:
        raise StateError(
            f"scratch.to_assign {s.to_assign}: one phase's results, its Bull's Eyes or its Beers"
        )
    if (s.assigned or symbols - {"beer"}) and RESULTS[0] in queued:
        raise StateError(
            f"scratch.assigned {s.assigned}, scratch.to_assign {s.to_assign}: Bull's Eyes to "
            "assign before their collect step ran (queue)"
        )
    if beers and (RESULTS[3] in queued or queued & bullseye_phase or symbols - {"beer"}):
        raise StateError(
            f"scratch.beers {s.beers}, scratch.to_assign {s.to_assign}: Beers to give before "
            "their collect step ran, after the Bull's Eyes' (queue)"
        )


def _check_collected(game: RuleGame) -> None:
    """The results a phase gives out are those its collect step listed (``collect_results``),
    in order: those given (scratch.assigned, scratch.beers), then those left
    (scratch.to_assign). A Bull's Eye no seat is in range of is passed over; Slab the
    Killer's double spends the first Beer. What the list is made of (the faces, the turn's
    player's tokens and extra results) holds from the Bull's Eyes' collect step to the
    Gatling's; after the results it holds where no module in play gives tokens that cancel
    results or hands the turn over (the scratch is then another seat's turn's), and the extra
    results stay till the turn ends or its player falls. Once no result's step is left, none
    is left to give, and a phase that gave nothing may never have run (the rolls go on, the
    game ended or the turn's player fell first, three Dynamite cancelled it)."""
    queued = {tuple(step) for step in game.stack if step[0] in RESULT_NAMES}
    s = game.scratch
    if RESULTS[0] in queued:
        return
    if not queued and s.to_assign:
        raise StateError(
            f"scratch.to_assign {s.to_assign}: results are left to give only while their phase "
            "gives them out, its steps queued (queue)"
        )
    rules = in_play(game.setup.modules)
    if not queued and (
        any(r.hand_over for r in rules)
        or any(r.held_results is not None for r in rules)
        or (
            any(r.extra_results is not None for r in rules)
            and (s.closed or not game.players[game.turn].alive)
        )
    ):
        return
    unrun = not queued  # the results' steps ran, or never will
    bullseyes = RESULTS[0][1:]
    given = [[die, symbol] for die, symbol, _target in s.assigned]
    left = [item for item in s.to_assign if item[1] in bullseyes]
    listed = collect_results(game, bullseyes, quiet=True)
    if not (unrun and not given) and not _given_in_turn(game, listed, given, left):
        raise StateError(
            f"scratch.assigned {s.assigned}, scratch.to_assign {s.to_assign}: the Bull's Eyes "
            f"given out are {listed} (faces less what the player's pieces cancel, then the turn's "
            f"{_extra_named(game)}), those given first, the rest left to give, in order"
        )
    if RESULTS[3] in queued:
        return
    given = [[die, "beer"] for die, _target in s.beers]
    left = [item for item in s.to_assign if item[1] == "beer"]
    listed = collect_results(game, RESULTS[3][1:], quiet=True)
    spent = s.assigned and game.ability(game.turn).beer_doubles_bullseye
    if (unrun and not given) or given + left == listed or (spent and given + left == listed[1:]):
        return
    raise StateError(
        f"scratch.beers {s.beers}, scratch.to_assign {s.to_assign}: the Beers given out are "
        f"{listed} (faces less what the player's pieces cancel, then the turn's "
        f"{_extra_named(game)}), those "
        "given first, the rest left to give, in order"
        + (", less the first if Slab the Killer doubled a Bull's Eye" if spent else "")
    )


def _given_in_turn(
    game: RuleGame, listed: list[list[Any]], given: list[list[Any]], left: list[list[Any]]
) -> bool:
    """``listed`` given out in turn: ``left`` its last ones, ``given`` the ones before them
    but those passed over, which no seat is in range of."""
    first = len(listed) - len(left)
    if first < 0 or listed[first:] != left:
        return False
    i = 0
    for result in listed[:first]:
        if i < len(given) and given[i] == result:
            i += 1
        elif game.targets(result[0]):
            return False
    return i == len(given)


def _check_lost_before_the_roll(game: RuleGame) -> None:
    """Before a turn's first roll life is lost only by a module's steps at its start
    (``ModuleRules.start``: a card's arrows), a power shown as it starts (a
    ``turn_start`` moment) or the turn's player's own steps then: without them, or while the
    modules' start steps are all still queued (a die chosen first), nobody lost any this turn
    yet."""
    queued = {step[0] for step in game.stack}
    if (
        game.rolls
        or still_rolling(game) != "roll_decision"
        or "turn_start" in game.watched_moments
        or any(name not in queued for r in in_play(game.setup.modules) for name in r.start)
        or game.own_steps(Phase.START)
    ):
        return
    lost = game.scratch.lost
    if any(lost):
        raise StateError(
            f"scratch.lost {lost}: life lost this turn before its first roll (rolls 0), but "
            "nothing loses any then (no module's step at the turn's start, no power shown "
            "then, no step of the turn's player's own)"
        )


def _check_lost_to_the_indians(game: RuleGame) -> None:
    """Before the Bull's Eyes resolve, a seat other than the turn's player loses life only
    to the Indians (a module's die's face, Dynamite and the cards' arrows hit the player; the
    Indians come with the last arrow taken), after which every seat discards its arrows and
    tokens, and only the turn's player takes any till the Bull's Eyes hit: then no other seat
    holds any. Not so where another may lose in a seat's place (``offer_for_losses``), the
    player's arrows may go to another (``arrow_steps``) or powers are shown at moments."""
    before = still_rolling(game) is not None
    before = before or any(tuple(step) == ("resolve_bullseyes",) for step in game.stack)
    lost = game.scratch.lost
    if (
        not before
        or not any(amount for seat, amount in enumerate(lost) if seat != game.turn)
        or game.watched_moments
        or type(game.ability(game.turn)).arrow_steps is not Ability.arrow_steps
        or any(
            type(ability_of(name)).offer_for_losses is not Ability.offer_for_losses
            for name in game.setup.characters
        )
    ):
        return
    for p in game.players:
        if p.seat != game.turn and (p.arrows or game.tokens_held(p)):
            raise StateError(
                f"scratch.lost {lost}, seat {p.seat + 1} holds arrows ({p.arrows}, tokens "
                f"{game.tokens_held(p)}): before the Bull's Eyes resolve a seat other than the "
                f"turn's player (seat {game.turn + 1}) loses life only to the Indians, after "
                "which every seat discards its arrows and only the turn's player takes any"
            )


def _check_lost(game: RuleGame) -> None:
    """Life is gained by a gain step alone: a Beer's, once the Beers resolve, or one an
    ability gives on a death, the turn's player's ability among its own steps (a gift of life
    at the start, a gain after the Bull's Eyes, in a module's own phase or at the turn's end;
    not the arrows an ability defers) or a module's rules (``ModuleRules.gains``). While none
    but the Beers' may have run, the life a seat lost this turn is at most what it lacks now
    (max_life less life) and what the Beers given it (scratch.beers) are worth, once they
    resolved; a player back in play after his elimination (``returned``) aside, whose maximum a
    module set then, and a seat whose character gains on a death once one came this turn
    (``Ability.on_deaths``: its own steps, Vulture Sam's). A module handing the turn over
    (``hand_over``) does so in place of the turn's end_turn step, leaving the turn's scratch to
    another seat's turn: not followed once no end_turn step is queued."""
    before = any(tuple(step) == ("resolve_beers",) for step in game.stack)
    before = before or still_rolling(game) is not None
    handing = any(r.hand_over for r in in_play(game.setup.modules))
    handed = handing and not any(step[0] == "end_turn" for step in game.stack)
    if (
        (handed and not before)
        or any(_may_gain(game.own_steps(p)) for p in (_BEFORE_THE_BEERS if before else Phase))
        or any(r.gains(game) for r in in_play(game.setup.modules) if r.gains is not None)
    ):
        return
    s = game.scratch
    lost = s.lost
    gaining = _gains_on_deaths(game)
    for seat, p in enumerate(game.players):
        if returned(p) or seat in gaining or p.life + lost[seat] <= p.max_life:
            continue
        if before:
            raise StateError(
                f"scratch.lost {lost}: seat {seat + 1} lost {lost[seat]} life this turn, but "
                f"has life {p.life} of max_life {p.max_life}, and nobody gained any before "
                "the turn's Beers resolve"
            )
        beers = sum(1 for _die, target in s.beers if target == seat)
        worth = _beers_worth(game, seat, beers) if beers else 0
        if p.life + lost[seat] > p.max_life + worth:
            raise StateError(
                f"scratch.lost {lost}: seat {seat + 1} lost {lost[seat]} life this turn, but "
                f"has life {p.life} of max_life {p.max_life}, and gained at most {worth} "
                f"since, from the {beers} Beers given it (scratch.beers {s.beers})"
            )


def _may_gain(steps: list[Any]) -> bool:
    """Whether the turn's player's own steps of a phase may give life: any but arrows taken
    (an ability deferring them after the last roll), which lose life to the Indians at most."""
    return any(step[0] != "take_arrow" for step in steps)


def _gains_on_deaths(game: RuleGame) -> frozenset[int]:
    """The seats that may have gained on a death this turn: a seat was eliminated in it and
    the seat's character gains on a death (its own ability: the one a module put in its place
    may have come with that death)."""
    if not game.eliminated_now:
        return frozenset()
    return frozenset(
        seat
        for seat, name in enumerate(game.setup.characters)
        if type(ability_of(name)).on_deaths is not Ability.on_deaths
    )


def _beers_worth(game: RuleGame, seat: int, beers: int) -> int:
    """The most life ``beers`` Beers given to ``seat`` gave it: the turn's player's at the
    lowest life (Jesse Jones doubles them at 4 or less)."""
    ability = game.ability(seat)
    if seat == game.turn:
        return ability.own_beer_gain(0, beers)
    return ability.beer_gain(game, seat, beers)


# The phases of the turn's player's own steps that run before the Beers resolve.
_BEFORE_THE_BEERS = (
    Phase.START,
    Phase.ROLLED,
    Phase.LAST_ROLL,
    Phase.BULLSEYE_ASSIGNED,
    Phase.BULLSEYE,
)


def _check_assigned(game: RuleGame, results: int) -> None:
    """Each Bull's Eye assigned (or still to assign) is a result showing it: a die's face of
    that symbol, as many times as the face counts, or a module's result past the dice while it
    shows (past the results once it went back)."""
    s = game.scratch
    listed = [(i, "scratch.assigned", item) for i, item in enumerate(s.assigned)]
    listed += [
        (i, "scratch.to_assign", item)
        for i, item in enumerate(s.to_assign)
        if item[1] in ("bullseye1", "bullseye2")
    ]
    seen: dict[int, int] = {}
    for i, name, (die, symbol, *_) in listed:
        if die >= results:
            _past(game, die, results, f"{name}[{i}]")
            continue
        face = game.result_face(die)
        seen[die] = seen.get(die, 0) + 1
        counts = FACES[face].count if face is not None and die < len(game.faces) else 1
        if name == "scratch.assigned" and (face is None or FACES[face].symbol != symbol):
            raise StateError(
                f"{name}[{i}]: result {die} shows {face!r}, not {symbol!r} (faces, then the "
                f"turn's {_extra_named(game)})"
            )
        if seen[die] > counts:
            raise StateError(
                f"{name}[{i}]: result {die} ({face}) assigned {seen[die]} times "
                f"(scratch.assigned and scratch.to_assign), but it counts {counts}"
            )


def _check_in_range(game: RuleGame, results: int) -> None:
    """Each Bull's Eye given a target hit a seat in its range (``Game.targets``, the answers
    its decision allowed): the living seats at its distance from the turn's player; each Beer
    went to a living seat. Until a seat is eliminated this turn (eliminated_now) the living and
    the turn's player are those of the results' phases, but where a module handed the turn to
    another seat (no end_turn step queued, ``hand_over``), whose scratch this is not."""
    s = game.scratch
    if game.eliminated_now or not (s.assigned or s.beers):
        return
    handing = any(r.hand_over for r in in_play(game.setup.modules))
    if handing and not any(step[0] == "end_turn" for step in game.stack):
        return
    for i, (die, symbol, target) in enumerate(s.assigned):
        if die >= results:
            continue  # a module's extra result, gone since (``_past``)
        reach = game.targets(die)
        if target not in reach:
            raise StateError(
                f"scratch.assigned[{i}]: {symbol} of result {die} hit seat {target + 1}, out "
                f"of its range (seats {', '.join(str(s + 1) for s in reach) or 'none'} from the "
                f"turn's player, seat {game.turn + 1}), and nobody was eliminated this turn "
                "(eliminated_now)"
            )
    for i, (_die, target) in enumerate(s.beers):
        if not game.players[target].alive:
            raise StateError(
                f"scratch.beers[{i}]: a Beer given to seat {target + 1}, eliminated, and nobody "
                "was eliminated this turn (eliminated_now): a Beer goes to a living seat"
            )


def _result(game: RuleGame, die: Any, symbol: Any, results: int, where: str) -> None:
    """A result to resolve: a die's, or a module's past the dice, of that symbol."""
    if type(die) is not int or not 0 <= die < results:
        raise StateError(
            f"{where}[0]: {die!r} is not a result (0 to {results - 1}: faces, then the "
            f"turn's {_extra_named(game)})"
        )
    face = game.result_face(die)
    if face is None or FACES[face].symbol != symbol:
        raise StateError(
            f"{where}: result {die} shows {face!r}, not {symbol!r} (faces, then the turn's "
            f"{_extra_named(game)})"
        )
