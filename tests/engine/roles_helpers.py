"""Building games with Old Saloon's special roles (Module 3) and the Ghost (Module 5)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine import (
    Event,
    Game,
    GameSetup,
    RevealSpecial,
    Role,
    Roll,
    ScriptedDice,
    Stop,
)
from companion.modules.special_roles.dealing import SpecialsSetup

# Characters whose abilities stay out of the way: no choices, no gains, no reach changes.
QUIET = ("calamity_janet", "paul_regret", "jourdonnais", "black_jack", "lucky_duke")
ROLES = ("sheriff", "deputy", "outlaw", "renegade", "outlaw")
# A quiet turn: two Dynamite, two Gatling (no Gun), one arrow taken, then stop.
QUIET_TURN = ("dynamite", "dynamite", "gatling", "gatling", "arrow")


def roles_game(
    specials: Sequence[str | None],
    roles: Sequence[str] = ROLES,
    faces: Sequence[str] = (),
    characters: Sequence[str] = QUIET,
    modules: Sequence[str] = ("old_saloon.3",),
    known: bool = True,
    mixed: bool = False,
) -> Game:
    """Seat 0 is the Sheriff unless ``roles`` say otherwise; ``known`` False: secret cards."""
    sheriff = list(roles).index("sheriff") if "sheriff" in roles else None
    setup = GameSetup(
        characters=tuple(characters),
        roles=tuple(Role(r) for r in roles) if known else None,
        sheriff=sheriff,
        modules=frozenset(modules),
        parts=(
            SpecialsSetup(
                tuple(specials)
                if known
                else tuple(c if i == sheriff else None for i, c in enumerate(specials)),
                specials_mixed=mixed,
            ),
        ),
    )
    return Game(setup, ScriptedDice(faces))


def reveals(game: Game, seat: int | None = None) -> list[tuple[int, str]]:
    """The reveals open now, as (seat, card), for one seat or all."""
    return sorted(
        {
            (a.seat, a.card)
            for a in game.window_actions()
            if isinstance(a, RevealSpecial) and (seat is None or a.seat == seat)
        }
    )


def reveal(game: Game, seat: int, card: str, window: int | None = None) -> list[Event]:
    """``seat`` reveals ``card`` into the latest open moment that offers it (or ``window``)."""
    offered = [
        a
        for a in game.window_actions()
        if isinstance(a, RevealSpecial) and a.seat == seat and a.card == card
    ]
    assert offered, f"seat {seat} cannot reveal {card} now: {reveals(game)}"
    chosen = offered[-1] if window is None else next(a for a in offered if a.window == window)
    return game.apply(chosen)


def quiet_turn(game: Game) -> list[Event]:
    """Roll (the scripted faces) and stop."""
    events = game.apply(game.legal_actions()[0])
    if not game.over and game.pending is not None and Stop() in game.legal_actions():
        events += game.apply(Stop())
    return events


def roll_all(game: Game) -> list[Event]:
    assert game.pending is not None
    legal = [a for a in game.legal_actions() if isinstance(a, Roll)]
    return game.apply(legal[0])
