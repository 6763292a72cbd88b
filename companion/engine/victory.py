"""When the game ends and who wins, from what the table knows.

With secret role cards the engine knows only the revealed roles; the role mix per player count
is known, so the end is still detected the moment it is certain.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .components import THREE_PLAYER_TARGET, Role
from .state import PlayerState

# The side of a 3-player game nobody wins: nobody is left.
THREE_PLAYER_NOBODY = "nobody"


@dataclass(frozen=True)
class Outcome:
    """``side``: sheriff, outlaws, renegade (base game), deputy/outlaw/renegade or nobody (3p)."""

    side: str
    winners: tuple[int, ...]


@dataclass(frozen=True)
class NeedReveal:
    """The outcome depends on the role of this (living) seat."""

    seat: int


def unrevealed_pool(mix: Sequence[Role], players: Sequence[PlayerState]) -> Counter[Role]:
    """The roles not yet known to the table, as a multiset."""
    pool = Counter(mix)
    pool.subtract(p.role for p in players if p.role is not None)
    return +pool


def _seats_of(
    roles: set[Role], mix: Sequence[Role], players: Sequence[PlayerState]
) -> tuple[int, ...]:
    """Seats known to hold one of ``roles``: by their card, or because nothing else is left."""
    unknown_fit = set(unrevealed_pool(mix, players)) <= roles
    return tuple(
        p.seat
        for p in players
        if (_side(p, len(players)) in roles) or (p.role is None and unknown_fit)
    )


# The side a player wins with instead of its role, each module's that gives one: given the
# player and the number of players, that side, or None for the player's own role.
TEAM_PLAYERS: list[Callable[[PlayerState, int], Role | None]] = []


def declare_team_player(side: Callable[[PlayerState, int], Role | None]) -> None:
    """A module's players that win with a team rather than their role."""
    TEAM_PLAYERS.append(side)


# Whose own result (``hand_causes``) eliminated a seat, kept by a module that needs it for
# every game, in play or not (a series' next Sheriff): each module's keeping and reading.
HAND_KEEPERS: list[
    tuple[Callable[[PlayerState, int | None], None], Callable[[PlayerState], int | None]]
] = []


def declare_hand_keeper(
    keep: Callable[[PlayerState, int | None], None], read: Callable[[PlayerState], int | None]
) -> None:
    """A module that keeps, at each elimination, the seat by whose hand it was (or None)."""
    HAND_KEEPERS.append((keep, read))


def keep_hand(player: PlayerState, hand: int | None) -> None:
    """``player`` was just eliminated by ``hand``'s own result (None: by no one's)."""
    for keep, _read in HAND_KEEPERS:
        keep(player, hand)


def hand_that_eliminated(player: PlayerState) -> int | None:
    """The seat whose own result eliminated ``player``, as a module kept it (or None)."""
    for _keep, read in HAND_KEEPERS:
        seat = read(player)
        if seat is not None:
            return seat
    return None


def _side(p: PlayerState, players: int) -> Role | None:
    """The role a player wins with: its own, or the team a module gives it."""
    for side_of in TEAM_PLAYERS:
        side = side_of(p, players)
        if side is not None:
            return side
    return p.role


def base_outcome(
    mix: Sequence[Role], players: Sequence[PlayerState]
) -> Outcome | NeedReveal | None:
    """The base game's end (rulebook, "End of the Game"), or None while it goes on."""
    sheriff = next(p for p in players if p.role is Role.SHERIFF)
    if not sheriff.alive:
        alive = [p for p in players if p.alive]
        if len(alive) == 1:
            last = alive[0]
            if last.role is None:
                return NeedReveal(last.seat)
            if last.role is Role.RENEGADE:
                return Outcome("renegade", (last.seat,))
        return Outcome("outlaws", _seats_of({Role.OUTLAW}, mix, players))
    opponents = sum(1 for r in mix if r in (Role.OUTLAW, Role.RENEGADE))
    dead = sum(1 for p in players if not p.alive and p.role in (Role.OUTLAW, Role.RENEGADE))
    if dead == opponents:
        return Outcome("sheriff", _seats_of({Role.SHERIFF, Role.DEPUTY}, mix, players))
    return None


def three_player_outcome(
    players: Sequence[PlayerState], deaths: Sequence[tuple[int, int | None]], last_standing: bool
) -> tuple[Outcome | None, bool]:
    """The 3-player end, and whether the game has become last one standing.

    ``deaths`` are the seats eliminated together just now, each with the seat whose own result
    (Bull's Eye, Gatling) eliminated it, or None when it fell to no one's hand.
    """
    for dead, by in deaths:
        killer_role = players[by].role if by is not None else None
        if (
            by is not None
            and killer_role is not None
            and THREE_PLAYER_TARGET[killer_role] is players[dead].role
        ):
            return Outcome(str(killer_role), (by,)), last_standing
    if deaths:
        last_standing = True
    alive = [p.seat for p in players if p.alive]
    if last_standing and len(alive) == 1:
        return Outcome(str(players[alive[0]].role), (alive[0],)), True
    if not alive:
        return Outcome(THREE_PLAYER_NOBODY, ()), True
    return None, last_standing
