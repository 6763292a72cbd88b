"""Undead or Alive, Module 5 (Wild West Legacy): what a finished game decides for the next one.

The Sheriff's killer is the next Sheriff; a Sheriff who survived appoints the next one and, when
he appoints another player, starts with one bullet more (ruling UA5, ``LegacySetup``); the
eliminated choose a character unused in the last game, the others keep theirs or draw anew. It
adds nothing to a turn: the core sets up the next game from what it decides (``NextGame``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self

from companion.engine import (
    JSON_KEY,
    WRITTEN,
    GameResult,
    ModuleInfo,
    ModuleRules,
    NextGame,
    Part,
    RuleGame,
    SetupError,
    SetupPart,
    StateError,
    declare_hand_keeper,
    declare_module,
    in_play,
    returned,
    setup_parts,
    state_parts,
    whole_number,
)

if TYPE_CHECKING:
    from companion.engine import GameSetup, PlayerState

ID = declare_module("undead_or_alive.5", ModuleInfo("Wild West Legacy"))


@dataclass(frozen=True, slots=True)
class LegacySetup(SetupPart):
    """The seat of the last game's Sheriff who appointed another player (``legacy_bullet``),
    starting with one life more (ruling UA5); None in a first game or when he kept the star."""

    what: ClassVar[str] = "the Legacy bullet"

    legacy_bullet: int | None = field(
        default=None, metadata={WRITTEN: lambda part: part.legacy_bullet is not None}
    )

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        bullet = data.get("legacy_bullet")
        return cls(None if bullet is None else whole_number(bullet, "legacy_bullet", 0))

    def check(self, setup: GameSetup) -> None:
        bullet, players = self.legacy_bullet, setup.players
        if bullet is None:
            return
        if not 0 <= bullet < players:
            raise SetupError(f"Legacy bullet for seat {bullet + 1}: seats are 1 to {players}")
        if bullet == setup.sheriff_seat():
            raise SetupError(
                f"seat {bullet + 1} is the new Sheriff; the Legacy bullet goes to the old Sheriff "
                "who appointed another player (ruling UA5)"
            )

    def extra_life(self, seat: int) -> int:
        return 1 if seat == self.legacy_bullet else 0

    def life_said(self, seat: int) -> str:
        return ", the Legacy bullet included" if seat == self.legacy_bullet else ""

    @classmethod
    def next_game(cls, nxt: Any, sheriff: int | None) -> Self | None:
        """A surviving Sheriff who appoints another player keeps a bullet more."""
        appointer = nxt.appointer
        return cls(appointer) if appointer is not None and sheriff != appointer else None


setup_parts(ID, (LegacySetup, "real_piles"))


@dataclass(frozen=True, slots=True)
class LegacyPlayer(Part):
    """Whose own result eliminated this player (None: no one's hand, or not eliminated), kept
    in every game: the Sheriff's is the next Sheriff."""

    eliminated_by: int | None = field(default=None, metadata={JSON_KEY: "killer"})


# Written after the parts that follow the special cards' (those of the modules before it).
state_parts(ID, player=(LegacyPlayer, "alive"))


def _keep(player: PlayerState, hand: int | None) -> None:
    LegacyPlayer(hand).put(player)  # built whole, not replaced: it is the part's one field


def _read(player: PlayerState) -> int | None:
    return LegacyPlayer.of(player).eliminated_by


declare_hand_keeper(_keep, _read)


def check(game: RuleGame) -> None:
    """A seat eliminated by a hand was eliminated, by another seat, and if this turn by one of
    the turn's hands: its player's results or a duel's seats (a player back in play keeps the
    hand of his first death when a module hands the turn over)."""
    players = game.players
    n = len(players)
    for seat, p in enumerate(players):
        by = LegacyPlayer.of(p).eliminated_by
        if by is None:
            continue
        if not 0 <= by < n:
            raise StateError(f"seat {seat + 1}: killer {by} is not a seat (0 to {n - 1})")
        if p.alive and not returned(p):
            raise StateError(f"seat {seat + 1}: killer {by}, but the seat was never eliminated")
        if by == seat:
            raise StateError(
                f"seat {seat + 1}: killer {by}, itself: a seat's own Bull's Eye, "
                "Gatling or duel never hits it"
            )
    rules = in_play(game.setup.modules)
    if any(r.hand_over for r in rules):
        return
    hands = {game.turn, *(seat for r in rules if r.hands is not None for seat in r.hands(game))}
    for seat in game.eliminated_now:
        if not 0 <= seat < n:
            continue  # the queue's checks name it
        by = LegacyPlayer.of(players[seat]).eliminated_by
        if by is not None and by not in hands:
            raise StateError(
                f"seat {seat + 1}: killer {by}, but eliminated this turn (eliminated_now) "
                f"by a hand of seat {game.turn + 1}'s turn: its own or one a module names "
                f"(seats {sorted(hands)})"
            )


def next_game(result: GameResult) -> NextGame:
    """What the finished game decides for the next one at the same seats."""
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


RULES = ModuleRules(
    ID,
    check=check,
    follows=next_game,
    table="companion.modules.legacy.table",
    bots="companion.modules.legacy.bots",
)
