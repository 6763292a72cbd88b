"""Building games for rule tests: chosen characters, roles and scripted dice."""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine import (
    Action,
    Event,
    Game,
    GameSetup,
    HouseRule,
    Role,
    ScriptedDice,
)

FILLERS = ("jesse_jones", "suzy_lafayette", "lucky_duke", "willy_the_kid", "black_jack")


def make_game(
    characters: Sequence[str],
    roles: Sequence[Role | str] | None = None,
    faces: Sequence[str] = (),
    house_rules: Sequence[HouseRule | str] = (),
    sheriff: int | None = None,
    modules: Sequence[str] = (),
) -> Game:
    """A game with these characters clockwise from seat 0; seat 0 is the Sheriff by default."""
    n = len(characters)
    if roles is None and sheriff is None:
        mix = {
            3: ["deputy", "outlaw", "renegade"],
            4: ["sheriff", "outlaw", "renegade", "outlaw"],
            5: ["sheriff", "outlaw", "renegade", "outlaw", "deputy"],
            6: ["sheriff", "outlaw", "renegade", "outlaw", "deputy", "outlaw"],
            7: ["sheriff", "outlaw", "renegade", "outlaw", "deputy", "outlaw", "deputy"],
            8: ["sheriff", "outlaw", "renegade", "outlaw"]
            + ["deputy", "outlaw", "deputy", "renegade"],
        }
        roles = mix[n]
    setup = GameSetup(
        characters=tuple(characters),
        roles=None if roles is None else tuple(Role(r) for r in roles),
        sheriff=sheriff,
        house_rules=frozenset(HouseRule(h) for h in house_rules),
        modules=frozenset(modules),
    )
    return Game(setup, ScriptedDice(faces))


def play(game: Game, *actions: Action) -> list[Event]:
    """Apply actions in order; all the events they caused."""
    events: list[Event] = []
    for action in actions:
        events += game.apply(action)
    return events


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def of(events: Sequence[Event], cls: type[Event]) -> list[Event]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, cls)]
