"""The game over screen with physical role cards: each living seat whose card the table never
saw enters it (one DIE press, DONE skips), so the record names every winner.

What each seat entered is kept with the game in the series file (``series.declare``); the
seat asked next follows from it, so a restart asks the next seat again.
"""

from __future__ import annotations

from collections import Counter

from ..engine import Game, Role
from .labels import ROLE_LABELS

# Who wins by the role on their card, for each side a base game may end with.
WINNING_ROLES: dict[str, frozenset[Role]] = {
    "sheriff": frozenset({Role.SHERIFF, Role.DEPUTY}),
    "outlaws": frozenset({Role.OUTLAW}),
    "renegade": frozenset({Role.RENEGADE}),
}

Declared = tuple[tuple[int, str | None], ...]  # (engine seat, its role, or None: skipped)


def asked(game: Game, declared: Declared) -> int | None:
    """The living seat (engine numbering) asked its role now; None when none is left, or
    when the cards left are all of one role (the answer is known: no press decides it)."""
    done = {seat for seat, _ in declared}
    unknown = [p.seat for p in game.players if p.alive and p.role is None]
    if len(choices(game, declared)) < 2:
        return None
    return next((s for s in unknown if s not in done), None)


def choices(game: Game, declared: Declared) -> list[Role]:
    """The role cards a seat may still hold: those the table has not seen nor been told."""
    pool = Counter(game.setup.role_mix)
    pool.subtract(p.role for p in game.players if p.role is not None)
    pool.subtract(Role(role) for _, role in declared if role is not None)
    return sorted(+pool, key=list(ROLE_LABELS).index)


def role_at_end(game: Game, declared: Declared, seat: int) -> Role | None:
    """The role card ``seat`` is known to hold once the game is over: the engine's (dealt, or
    shown: the table turns every card up at the end), the one it entered on the game over
    screen, or the one left when every card still unknown is of one role; None while the
    seat may still enter it, or skipped it with more than one role left."""
    role = game.players[seat].role
    if role is not None:
        return role
    entered = dict(declared).get(seat)
    if entered is not None:
        return Role(entered)
    left = choices(game, declared)
    return left[0] if len(left) == 1 else None


def told_winners(game: Game, declared: Declared) -> tuple[int, ...]:
    """The winners the table learned at the end: seats whose entered card won, and, once the
    cards left are all of one winning role, every living seat still unknown."""
    roles = WINNING_ROLES.get(game.side or "", frozenset())
    told = {seat for seat, role in declared if role is not None and Role(role) in roles}
    left = choices(game, declared)
    if len(left) == 1 and left[0] in roles:
        entered = {seat for seat, role in declared if role is not None}
        told |= {p.seat for p in game.players if p.alive and p.role is None} - entered
    return tuple(sorted(told - set(game.winners)))
