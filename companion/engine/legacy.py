"""Undead or Alive, Module 5 (Wild West Legacy): what a finished game decides for the next one.

Games in a row form a series. From a finished game the engine reads who eliminated the Sheriff,
whether the Sheriff survived, and who was eliminated; the next set-up then takes its Sheriff, the
old Sheriff's extra bullet (ruling UA5) and the character choices from it. A zombie was
eliminated in that game: it chooses a new character like any eliminated player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .components import ROLE_MIX, Role
from .errors import SetupError
from .modules import Module, characters_for
from .setup import GameSetup

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class GameResult:
    """A finished game as the series keeps it (seats clockwise, as at the table)."""

    characters: tuple[str, ...]
    sheriff: int | None
    sheriff_alive: bool
    sheriff_killer: int | None  # the seat whose own result eliminated the Sheriff
    eliminated: tuple[int, ...]  # eliminated at some point (zombies included)
    side: str
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.__dict__.items()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        try:
            return cls(
                characters=tuple(data["characters"]),
                sheriff=data["sheriff"],
                sheriff_alive=bool(data["sheriff_alive"]),
                sheriff_killer=data["sheriff_killer"],
                eliminated=tuple(data["eliminated"]),
                side=str(data["side"]),
                winners=tuple(data["winners"]),
            )
        except (KeyError, TypeError) as exc:
            raise SetupError(f"a series game record is incomplete: {exc}") from exc


def result_of(game: Game) -> GameResult:
    """What the finished ``game`` hands on to the series."""
    if not game.over or game.side is None:
        raise SetupError("the game is not over yet: a series takes only finished games")
    # The Sheriff is whoever holds the star at the end: The Good (Old Saloon 3) may have taken it.
    p = next((s for s in game.players if s.role is Role.SHERIFF), None)
    sheriff = p.seat if p is not None else None
    return GameResult(
        characters=game.setup.characters,
        sheriff=sheriff,
        sheriff_alive=p is not None and p.alive and not p.zombie,
        sheriff_killer=p.killer if p is not None and not p.alive else None,
        eliminated=tuple(s.seat for s in game.players if s.zombie or not s.alive),
        side=game.side,
        winners=game.winners,
    )


@dataclass(frozen=True)
class NextGame:
    """What the series decides, and what it leaves to the table, for the next game.

    ``sheriff`` is decided when the Sheriff died by another player's hand; ``appointer`` is the
    surviving Sheriff who names the next one; neither: the table chooses as in a first game.
    ``new_character`` seats must choose an unused character; ``may_keep`` seats keep theirs or
    draw anew.
    """

    players: int
    sheriff: int | None
    appointer: int | None
    new_character: tuple[int, ...]
    may_keep: tuple[int, ...]
    previous: tuple[str, ...]


def next_game(result: GameResult) -> NextGame:
    n = len(result.characters)
    killer = result.sheriff_killer
    return NextGame(
        players=n,
        sheriff=killer,
        appointer=result.sheriff if result.sheriff_alive else None,
        new_character=result.eliminated,
        may_keep=tuple(s for s in range(n) if s not in result.eliminated),
        previous=result.characters,
    )


def unused(nxt: NextGame, modules: frozenset[Module], taken: tuple[str | None, ...]) -> list[str]:
    """The characters an eliminated player may choose: in neither the last game nor this one."""
    return [c for c in characters_for(modules) if c not in nxt.previous and c not in taken]


def legacy_setup(
    nxt: NextGame,
    sheriff: int | None,
    characters: tuple[str, ...],
    *,
    modules: frozenset[Module],
    seed: int,
    roles: tuple[Role, ...] | None = None,
    **options: Any,
) -> GameSetup:
    """The next game's set-up, refusing what the series does not allow.

    ``roles`` are the dealt roles (``deal_roles``), or None for physical role cards. A surviving
    Sheriff who appoints another player starts with one more life (ruling UA5).
    """
    n = nxt.players
    if len(characters) != n:
        raise SetupError(f"a series keeps its {n} seats; got {len(characters)} characters")
    if Module.WILD_WEST_LEGACY not in modules:
        raise SetupError(f"a follow-up game in a series needs module {Module.WILD_WEST_LEGACY}")
    if nxt.sheriff is not None and sheriff != nxt.sheriff:
        raise SetupError(
            f"seat {nxt.sheriff + 1} eliminated the Sheriff and is the new Sheriff, "
            f"not seat {(sheriff or 0) + 1}"
        )
    for seat in nxt.new_character:
        if characters[seat] in nxt.previous:
            raise SetupError(
                f"seat {seat + 1} was eliminated and must choose a character unused in the last "
                f"game, not {characters[seat]}"
            )
    for seat in nxt.may_keep:
        if characters[seat] in nxt.previous and characters[seat] != nxt.previous[seat]:
            raise SetupError(
                f"seat {seat + 1} keeps its own character or draws an unused one, "
                f"not {characters[seat]}"
            )
    bullet = nxt.appointer if nxt.appointer is not None and sheriff != nxt.appointer else None
    return GameSetup(
        characters=characters,
        roles=roles,
        sheriff=None if n == 3 else sheriff,
        modules=modules,
        seed=seed,
        legacy_bullet=bullet,
        **options,
    )


def deal_roles(players: int, sheriff: int | None, seed: int) -> tuple[Role, ...]:
    """Roles dealt with the Sheriff's card already given to ``sheriff``."""
    mix = list(ROLE_MIX[players])
    rng = random.Random(f"legacy-roles:{seed}")
    if sheriff is None:
        rng.shuffle(mix)
        return tuple(mix)
    mix.remove(Role.SHERIFF)
    rng.shuffle(mix)
    mix.insert(sheriff, Role.SHERIFF)
    return tuple(mix)
