"""Games in a row: what a finished game hands on, and the next game set up from it.

A module whose games make a series (its ``ModuleRules.follows``) reads a finished game's
result as the series keeps it (``GameResult``: who eliminated the Sheriff, whether the Sheriff
survived, who was eliminated) and says what it decides for the next game (``NextGame``): its
Sheriff, or the surviving Sheriff who appoints one (what that gives him is the module's set-up
part's, ``SetupPart.next_game``), and who keeps a character. A player back in
play after his elimination (``returned``) was eliminated in that game: he chooses a new
character like any eliminated player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .components import CHARACTERS, MAX_PLAYERS, MIN_PLAYERS, ROLE_MIX, Role
from .errors import SetupError
from .module_catalog import Module, characters_for
from .modules import RULES, in_play, sides
from .player_marks import returned
from .reading import listed, text, truth, whole_number
from .setup import SETUP_PARTS, GameSetup
from .victory import hand_that_eliminated

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
    def from_json(cls, data: Any) -> GameResult:
        """A result as the series file holds it; SetupError names the field that is wrong."""
        if not isinstance(data, dict):
            raise SetupError(f"result: expected an object, got {data!r}")
        try:
            names = listed(data.get("characters"), "result.characters")
            if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
                raise ValueError(f"result.characters: {len(names)} players, not 3 to 8")
            for name in names:
                if text(name, "result.characters") not in CHARACTERS:
                    raise ValueError(f"result.characters: unknown character {name!r}")
            last = len(names) - 1

            def seat(value: Any, what: str) -> int | None:
                return None if value is None else whole_number(value, what, 0, last)

            def seats(value: Any, what: str) -> tuple[int, ...]:
                found = tuple(whole_number(v, what, 0, last) for v in listed(value, what))
                if len(set(found)) != len(found):
                    raise ValueError(f"{what}: a seat twice in {value!r}")
                return found

            result = cls(
                characters=tuple(names),
                sheriff=seat(data.get("sheriff"), "result.sheriff"),
                sheriff_alive=truth(data.get("sheriff_alive"), "result.sheriff_alive"),
                sheriff_killer=seat(data.get("sheriff_killer"), "result.sheriff_killer"),
                eliminated=seats(data.get("eliminated"), "result.eliminated"),
                side=text(data.get("side"), "result.side"),
                winners=seats(data.get("winners"), "result.winners"),
            )
        except ValueError as exc:
            raise SetupError(str(exc)) from None
        if result.side not in sides():
            raise SetupError(f"result.side: {result.side!r} is not one of {', '.join(sides())}")
        by = result.sheriff_killer
        if by is not None and (result.sheriff_alive or by == result.sheriff):
            raise SetupError(f"result.sheriff_killer: seat {by + 1} cannot have killed him")
        if result.sheriff is None and (result.sheriff_alive or by is not None):
            raise SetupError("result.sheriff: none, yet the result says how he fared")
        return result


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
        sheriff_alive=p is not None and p.alive and not returned(p),
        sheriff_killer=hand_that_eliminated(p) if p is not None and not p.alive else None,
        eliminated=tuple(s.seat for s in game.players if not s.alive or returned(s)),
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


def series_module(modules: frozenset[Module]) -> Module | None:
    """The module in play whose games make a series (``ModuleRules.follows``), if any."""
    return next((r.module for r in in_play(modules) if r.follows is not None), None)


def series_next(modules: frozenset[Module], result: GameResult) -> NextGame | None:
    """What the finished game ``result`` decides for the next one, by the module in play whose
    games make a series (None: none is)."""
    follows = next((r.follows for r in in_play(modules) if r.follows is not None), None)
    return None if follows is None else follows(result)


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

    ``roles`` are the dealt roles (``deal_roles``), or None for physical role cards. The parts
    of the modules in play take what the series decided (``SetupPart.next_game``) beside
    those given in ``options``.
    """
    n = nxt.players
    if len(characters) != n:
        raise SetupError(f"a series keeps its {n} seats; got {len(characters)} characters")
    if series_module(modules) is None:
        makers = ", ".join(m for m, rules in RULES.items() if rules.follows is not None)
        raise SetupError(f"a follow-up game in a series needs module {makers or 'none installed'}")
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
    decided = (kind.next_game(nxt, sheriff) for m in modules for kind in SETUP_PARTS.get(m, ()))
    parts = (*options.pop("parts", ()), *(part for part in decided if part is not None))
    return GameSetup(
        characters=characters,
        roles=roles,
        sheriff=None if n == 3 else sheriff,
        modules=modules,
        seed=seed,
        parts=parts,
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
