"""What one seat may know, and nothing more: the only thing a bot is given.

A bot never sees the game itself. ``observe`` copies out the public table (life, arrows,
characters, dice, the pile, revealed roles), the seat's own role and the events every player
saw, and a snapshot of the position written as the seat may see it: every secret the state
declares (``engine/hidden.py``: hidden roles and special cards, the seed, the draw counters,
others' reveals into open moments, in the snapshots of those moments too) is blank, so a bot
that plays the position forward (the Monte Carlo experiment, ``benchmarks/mc_player.py``)
cannot learn a hidden card or a future draw.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import (
    FACES,
    NO_SEAT,
    Ability,
    Action,
    Decision,
    DecisionKind,
    DiceSource,
    Event,
    Game,
    RevealSpecial,
    Role,
    Symbol,
    open_moments,
    parts_seen,
)


@dataclass(frozen=True)
class PublicPlayer:
    """A seat as the whole table sees it: ``role`` only once it is face up, and its modules'
    parts with their secrets blank (a special role card only once face up: ``card_of``). A bot
    asks ``ability``, never the character's name: it is the engine's rule (``Game.ability``):
    a seat a module strips of it has none."""

    seat: int
    character: str
    ability: Ability
    life: int
    max_life: int
    arrows: int
    alive: bool
    role: Role | None
    tokens: tuple[str, ...] = ()  # the modules' arrow tokens it holds (``ArrowToken``)
    # Symbols its pieces hold, face up (``ModuleRules.held_results``): in its turn each
    # cancels a result of its symbol.
    held: tuple[str, ...] = ()
    # The modules' parts of the player as the whole table sees them (a module's bots read its
    # own: ``Part.of(player)``).
    parts: tuple[Any, ...] = ()
    token_weight: int = 0  # what its ``tokens`` count to the Indians, beside its arrows


@dataclass(frozen=True)
class Observation:
    """Everything ``seat`` may know when it must decide."""

    seat: int
    role: Role | None
    players: tuple[PublicPlayer, ...]
    role_mix: tuple[Role, ...]
    turn: int
    pile: int
    faces: tuple[str | None, ...]
    rolls_left: int
    # While the dice may be re-rolled: per die, whom its Bull's Eye may hit (else empty).
    targets: tuple[tuple[int, ...], ...]
    pending: Decision
    legal: tuple[Action, ...]
    events: tuple[Event, ...]
    position: str  # the game as JSON as this seat may see it (its secrets blank)
    # The seat's own parts of the player as it sees them (its special role card face down or
    # up: ``card_of``); the reveals open to it now and the moments open, as the table names
    # them (kind, arguments), by window number.
    parts: tuple[Any, ...] = ()
    reveals: tuple[RevealSpecial, ...] = ()
    moments: tuple[tuple[str, tuple], ...] = ()
    dice_kinds: tuple[str, ...] = ()  # the dice on the table (a Saloon die, the Duel dice)

    @property
    def me(self) -> PublicPlayer:
        return self.players[self.seat]

    @property
    def three_player(self) -> bool:
        return len(self.players) == 3

    @property
    def sheriff(self) -> int | None:
        return next((p.seat for p in self.players if p.role is Role.SHERIFF), None)

    def known_role(self, seat: int) -> Role | None:
        """The role of ``seat`` if this seat knows it (its own, or face up)."""
        return self.role if seat == self.seat else self.players[seat].role

    def hidden_seats(self) -> list[int]:
        """Seats whose role this seat does not know."""
        return [p.seat for p in self.players if self.known_role(p.seat) is None]

    def hidden_pool(self) -> Counter[Role]:
        """The roles those seats hold between them, as a multiset."""
        pool = Counter(self.role_mix)
        pool.subtract(r for r in (self.known_role(p.seat) for p in self.players) if r)
        return +pool

    def game(self, dice: DiceSource, roles: dict[int, Role] | None = None) -> Game:
        """The position as a game of its own: unknown roles are None unless ``roles`` fills them.

        Rolls come from ``dice``, the bot's own source, never from the real game's.
        """
        if not self.position:
            raise ValueError("this observation was made without the position (playouts only)")
        data = json.loads(self.position)
        for seat, role in (roles or {}).items():
            data["players"][seat]["role"] = str(role)
        return Game.from_position(data, dice=dice)


def observe(
    game: Game,
    seat: int,
    events: Sequence[Event] = (),
    role: Role | None = None,
    *,
    position: bool = True,
) -> Observation:
    """What ``seat`` knows now. ``role`` is its own card (default: the engine's, if dealt).

    ``position=False`` skips the snapshot, for bots inside a playout that never look ahead.
    """
    if game.pending is None:
        raise ValueError("the game is over: there is no decision to observe")
    own = role if role is not None else game.players[seat].role
    rolling = game.pending.kind is DecisionKind.REROLL
    held = game.turn_rules.held_results
    players = tuple(
        PublicPlayer(
            p.seat,
            p.character,
            game.ability(p.seat),
            p.life,
            p.max_life,
            p.arrows,
            p.alive,
            p.role if p.revealed else None,
            tuple(game.tokens_held(p)),
            tuple(held(p)) if held is not None else (),
            parts_seen(p, NO_SEAT),
            token_weight=sum(game.turn_rules.tokens[t].weight for t in game.tokens_held(p)),
        )
        for p in game.players
    )
    reveals = tuple(
        a for a in game.window_actions() if isinstance(a, RevealSpecial) and a.seat == seat
    )
    return Observation(
        seat=seat,
        role=own,
        players=players,
        role_mix=tuple(game.setup.role_mix),
        turn=game.turn,
        pile=game.pile,
        faces=tuple(game.faces),
        rolls_left=game.rolls_left,
        targets=tuple(
            tuple(game.targets(die)) if rolling and _is_bullseye(face) else ()
            for die, face in enumerate(game.faces)
        ),
        pending=game.pending,
        legal=tuple(game.legal_actions()),
        events=tuple(events),
        position=_redacted(game, seat, own) if position else "",
        parts=parts_seen(game.players[seat], seat),
        reveals=reveals,
        moments=tuple((kind, _frozen(args)) for kind, args in open_moments(game)),
        dice_kinds=tuple(game.dice_kinds),
    )


def _frozen(args: list) -> tuple:
    """A moment's arguments as tuples all the way down (the seats dying are a list)."""
    return tuple(_frozen(a) if isinstance(a, list) else a for a in args)


def _is_bullseye(face: str | None) -> bool:
    return face is not None and FACES[face].symbol in (Symbol.BULLSEYE1, Symbol.BULLSEYE2)


def _redacted(game: Game, seat: int, own: Role | None) -> str:
    """The game's JSON as ``seat`` may see it (the state's one walk, ``engine/hidden.py``),
    with the seat's own card as it was told it."""
    data = game.to_json(seat)
    if own is not None:
        data["players"][seat]["role"] = str(own)
    return json.dumps(data, sort_keys=True)
