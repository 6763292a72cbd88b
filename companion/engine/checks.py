"""What a state read back must satisfy: a game the rules can reach, or a clear StateError."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import ARROWS_IN_PILE, BEAR_SHERIFF_BONUS, DICE, RAGE_CARDS, WOUND_TOKENS
from .errors import EngineError, StateError
from .modules import Module
from .rules import STEPS

if TYPE_CHECKING:
    from .game import Game


def check_state(game: Game) -> None:
    """Raise StateError naming the first thing in ``game`` the rules do not allow."""
    setup = game.setup
    if len(game.players) != setup.players:
        raise StateError(f"{len(game.players)} players in a game set up for {setup.players}")
    for seat, p in enumerate(game.players):
        where = f"seat {seat + 1}"
        if p.seat != seat or p.character != setup.characters[seat]:
            raise StateError(
                f"{where}: holds {p.character!r} at seat {p.seat + 1}, not the set-up's"
            )
        # The Good's old Sheriff keeps life above the maximum he has now (Old Saloon 3).
        ceiling = p.max_life + (BEAR_SHERIFF_BONUS if Module.SPECIAL_ROLES in setup.modules else 0)
        if not 0 <= p.life <= ceiling:
            raise StateError(f"{where}: life {p.life} is outside 0..{ceiling}")
        if p.alive != (p.life > 0):
            raise StateError(f"{where}: life {p.life} but {'alive' if p.alive else 'eliminated'}")
        if p.arrows < 0 or (not p.alive and (p.arrows or p.chief_arrow)):
            raise StateError(f"{where}: holds {p.arrows} arrows, which cannot be")
    held = sum(p.arrows for p in game.players)
    if game.pile < 0 or game.pile + held != ARROWS_IN_PILE:
        raise StateError(
            f"arrows not conserved: {game.pile} in the pile and {held} held, "
            f"not {ARROWS_IN_PILE} in all"
        )
    chiefs = sum(p.chief_arrow for p in game.players) + game.chief_in_pile
    if chiefs != (1 if Module.CHIEF_ARROW in setup.modules else 0):
        raise StateError(f"the Chief's Arrow is in {chiefs} places")
    _check_undead(game)
    if len(game.faces) != len(game.dice_kinds) or any(k not in DICE for k in game.dice_kinds):
        raise StateError(f"dice {game.dice_kinds} do not fit faces {game.faces}")
    for die, (kind, face) in enumerate(zip(game.dice_kinds, game.faces, strict=True)):
        if face is not None and face not in DICE[kind]:
            raise StateError(f"die {die + 1} ({kind}) has no face {face!r}")
    unknown = [s[0] for s in game.queue if not s or s[0] not in STEPS]
    if unknown:
        raise StateError(f"unknown steps in the queue: {unknown}")
    if not 0 <= game.turn < setup.players:
        raise StateError(f"turn of seat {game.turn + 1}, which is not at the table")
    _check_pending(game)


def _check_pending(game: Game) -> None:
    d = game.pending
    if game.over:
        if d is not None:
            raise StateError("the game is over but a decision is pending")
        return
    if d is None:
        raise StateError("the game goes on but no decision is pending")
    if not 0 <= d.seat < len(game.players):
        raise StateError(f"a decision for seat {d.seat + 1}, which is not at the table")
    try:
        legal = game.legal_actions()
    except (EngineError, LookupError, TypeError, ValueError, AssertionError) as exc:
        raise StateError(f"the pending {d.kind} decision does not fit the game: {exc!r}") from exc
    if not legal:
        raise StateError(f"the pending {d.kind} decision has no legal answer")


def _check_undead(game: Game) -> None:
    """Undead or Alive: the 15 Wound tokens and the 18 Rage cards are all somewhere."""
    modules = game.setup.modules
    tokens = sorted(game.wound_pile + [t for p in game.players for t in p.wounds])
    if tokens != (sorted(WOUND_TOKENS) if Module.LOOK_ME_IN_THE_EYES in modules else []):
        raise StateError(f"Wound tokens not conserved: {tokens}")
    for p in game.players:
        if len(set(p.wounds)) != len(p.wounds):
            raise StateError(f"seat {p.seat + 1} holds the same Wound token twice: {p.wounds}")
    cards = game.rage_pile + game.rage_discard
    cards += sum(p.rage_held + p.rage_revealed for p in game.players)
    if cards != (RAGE_CARDS if Module.TWO_BULLETS in modules else 0) or game.rage_pile < 0:
        raise StateError(f"Rage cards not conserved: {cards} in all")
