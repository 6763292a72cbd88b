"""Moments any eligible seat may answer without the game waiting for everyone (ruling OS3).

A rule marks a moment with a ``["moment", kind, *arguments]`` step (``moment_steps``). When the
step runs and some seat could answer it, the state at that moment is kept as an open window and
the game goes on to its next decision: nobody is asked. The next action of the seat whose
decision is pending closes every open window. Until then ``window_actions`` lists what each seat
may do into them; taking one goes back to the state at its moment and applies there, so it acts
exactly as if made at that moment (a ``Rewound`` event tells the table to redraw).

A window opens when a seat *could* answer by what the table knows (the public view), so roles
dealt by the companion open the same windows as secret cards and betray nobody; the actions
offered are those the seats really have. A win that an open window could still avert waits for
the pending player's next action (``GAME_END``) before it is final. A module may make the
game wait at its moment (``Opening.wait``): the rulebook resolves the moment before the game goes
on (The Left Hand's save comes before the dying shows a physical card).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from .actions import Accept, Action, RevealSpecial, WindowAction, action_from_json
from .components import SPECIAL_ROLES
from .decisions import Decision, DecisionKind
from .errors import StateError
from .events import Rewound
from .module_catalog import Module
from .registry import decision, step
from .state import GameState, copy_data, copy_state, decode
from .steps import Step

if TYPE_CHECKING:
    from .rules_api import RuleGame

# What seats may do at a moment: ``offers(game, arguments, actual)`` (the actions, window 0;
# ``actual`` False asks only whether the table can rule them out).
Offers = Callable[["RuleGame", list[Any], bool], list[WindowAction]]
Seize = Callable[["RuleGame", WindowAction, str, list[Any]], None]
# Whether an action offered at its moment is still open, by what the table has seen since.
Still = Callable[["RuleGame", WindowAction], bool]
# What a module makes the game wait for once its window opened, if anything (it may ask).
Wait = Callable[["RuleGame", list[Any]], None]


@dataclass(frozen=True)
class Opening:
    module: Module
    moment: str
    offers: Offers
    wait: Wait | None = None


OPENINGS: dict[str, list[Opening]] = {}
SEIZERS: dict[type[WindowAction], Seize] = {}
STILL: dict[type[WindowAction], Still] = {}
# What a record adds to a window action (The Gambler's faces) may not fit its moment: why not.
RECORDED: dict[type[WindowAction], Callable[[RuleGame, WindowAction], str | None]] = {}


def opening(module: Module, moment: str, offers: Offers, wait: Wait | None = None) -> None:
    """Register what a module offers at a kind of moment, and what the game waits for once
    that window opened (``wait``: a moment the rules resolve before going on)."""
    OPENINGS.setdefault(moment, []).append(Opening(module, moment, offers, wait))
    _openings.cache_clear()


def seizer(kind: type[WindowAction], fn: Seize) -> None:
    """Register what taking a window action does, once the game is back at its moment."""
    SEIZERS[kind] = fn


def still(kind: type[WindowAction], fn: Still) -> None:
    """Register what, learned after a moment (a card shown), takes back an action offered."""
    STILL[kind] = fn


def recorded(kind: type[WindowAction], fn: Callable[[RuleGame, WindowAction], str | None]) -> None:
    """Register the check of what a record adds to a window action (faces a reveal rolled)."""
    RECORDED[kind] = fn


def why_record_wrong(game: RuleGame, action: WindowAction) -> str | None:
    """Why what a record adds to an offered window action does not fit its moment, or None."""
    check = RECORDED.get(type(action))
    return None if check is None else check(game, action)


def _active(game: RuleGame, moment: str) -> tuple[Opening, ...]:
    return _openings(game.setup.modules).get(moment, ())


@cache
def _openings(modules: frozenset[Module]) -> dict[str, tuple[Opening, ...]]:
    found = {
        moment: tuple(o for o in offered if o.module in modules)
        for moment, offered in OPENINGS.items()
    }
    return {moment: offered for moment, offered in found.items() if offered}


def watched(modules: frozenset[Module]) -> frozenset[str]:
    """The kinds of moment the modules in play offer anything at: asked at every roll, turn,
    loss and gain, so a game works them out once (``Game.watched_moments``)."""
    return frozenset(_openings(modules))


def moment_steps(game: RuleGame, kind: str, *arguments: Any) -> list[Step]:
    """The step that marks a moment, or none when no module in play watches it."""
    return [moment(kind, *arguments)] if kind in game.watched_moments else []


@step
def moment(game: RuleGame, moment: str, /, *arguments: Any) -> None:
    args = list(arguments)
    openings = [o for o in _active(game, moment) if o.offers(game, args, False)]
    if not openings:
        return
    offers = [a.to_json() for o in openings for a in o.offers(game, args, True)]
    game.open_moments.append([moment, args, _snapshot(game), offers])
    for o in openings:
        if o.wait is not None and game.pending is None:
            o.wait(game, args)


def window_actions(game: RuleGame) -> list[WindowAction]:
    """Every window action open now, each naming its seat and window."""
    found: list[WindowAction] = []
    for i, (_moment_kind, _args, _state, offers) in enumerate(game.open_moments):
        for data in offers:
            action = action_from_json(data)
            assert isinstance(action, WindowAction)
            check = STILL.get(type(action))
            if check is None or check(game, action):
                found.append(replace(action, window=i))
    return found


def dice_a_reveal_rolls(game: RuleGame, action: RevealSpecial) -> list[tuple[int, str]]:
    """The dice (slot, kind) a reveal re-rolls: those of the roll at its moment, which may
    not be the dice on the table now (a module's sixth die before the next turn's five)."""
    if not SPECIAL_ROLES[action.card].rerolls:
        return []
    at_moment = game.open_moments[action.window][2]
    return list(enumerate(at_moment.dice_kinds))


def open_moments(game: RuleGame) -> list[tuple[str, list[Any]]]:
    """The moments open now, as the table may name them (kind and arguments)."""
    return [(w[0], w[1]) for w in game.open_moments]


def seize(game: RuleGame, action: WindowAction) -> None:
    """Go back to the action's moment (closing the windows opened after it) and apply it."""
    moment, args, state, _offers = game.open_moments[action.window]
    kept = game.open_moments[: action.window]
    _restore(game, state)
    game.open_moments = kept
    players = game.players
    game.emit(
        Rewound(moment, tuple(p.life for p in players), tuple(p.arrows for p in players), game.pile)
    )
    SEIZERS[type(action)](game, action, moment, args)


def close(game: RuleGame) -> None:
    """The pending player acted: every open moment has passed."""
    if game.open_moments:
        game.open_moments = []


def why_closed(game: RuleGame, action: Action) -> str:
    """Why a window action is not open now, in words for the table."""
    if not game.open_moments:
        return "No moment is open for a reveal now."
    if isinstance(action, WindowAction) and not 0 <= action.window < len(game.open_moments):
        return f"There is no open moment {action.window}; {len(game.open_moments)} are open."
    return f"{action.kind} is not open to seat {getattr(action, 'seat', -1) + 1} at that moment."


def _snapshot(game: RuleGame) -> GameState:
    """The state at this moment: a copy that is never changed (restoring copies from it), so
    copies of the game share it; it writes to JSON like the rest of the state."""
    windows, game.open_moments = game.open_moments, []
    snapshot = copy_state(cast(GameState, game))  # a Game, whose state is a GameState
    game.open_moments = windows
    return snapshot


def _restore(game: RuleGame, snapshot: GameState) -> None:
    """Back to a snapshot (it stays as it is: restoring copies from it), each seat's ability
    with it: a seat whose part the snapshot gives back has its ability back."""
    copy_state(snapshot, into=game)
    game.refresh_abilities()


def read(data: Any, where: str) -> list[list[Any]]:
    """The open moments of a state read from JSON, each state kept at a moment read as a
    state (checked with the game, ``checks.py``), the rest as plain data."""
    if not isinstance(data, list):
        raise StateError(f"{where}: expected a list, got {data!r}")
    found = []
    for i, window in enumerate(data):
        if not isinstance(window, list) or len(window) != 4:
            raise StateError(f"{where}[{i}]: expected [moment, arguments, state, offers]")
        moment, args, state, offers = window
        snapshot = decode(GameState, state, f"{where}[{i}][2]")
        found.append([copy_data(moment), copy_data(args), snapshot, copy_data(offers)])
    return found


# ---------------------------------------------------------------- the end of the game


def _legal_end(game: RuleGame, d: Decision) -> list[Action]:
    return [Accept()]


@decision(DecisionKind.GAME_END, legal=_legal_end)
def _decide_end(game: RuleGame, d: Decision, action: Action) -> None:
    assert game.waiting_win is not None
    side, winners = game.waiting_win
    game.waiting_win = None
    game.finish(side, tuple(winners))
