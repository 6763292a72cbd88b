"""The results of a turn beyond its dice: a module's pieces that cancel kept results
(``Game.held_results``: a Dynamite among them adds one), and the symbols the modules in play add
past the dice (``Game.extra_results``).

Below every rule that counts or collects results, so the core and the modules share it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .components import FACE_COUNT, FACE_SYMBOL
from .events import ResultsCancelled

if TYPE_CHECKING:
    from .rules_api import RuleGame

DYNAMITE = "dynamite"


def adjusted_count(game: RuleGame, symbol: str, rolled: int) -> int:
    """Results of ``symbol``: the dice's, less the tokens that cancel them, plus the extra
    results. The Dynamite token adds a Dynamite instead of cancelling one."""
    tokens = game.held_results().count(symbol)
    extra = game.extra_results().count(symbol)
    if symbol == DYNAMITE:
        return rolled + tokens + extra
    return rolled - min(tokens, rolled) + extra


def collect_results(
    game: RuleGame, symbols: Sequence[str], quiet: bool = False
) -> list[list[object]]:
    """The results of these symbols, ``[die, symbol]`` each: kept dice less what the player's
    pieces cancel (each Beer as often as the player's ability uses it), then the extra results
    past the dice. ``quiet``: the cancelled results not said (a state read back is checked
    against what its collect step made)."""
    held = game.held_results()
    cancel = {s: held.count(s) for s in symbols if s != DYNAMITE}
    uses = game.ability(game.turn).beer_uses
    results: list[list[object]] = []
    for die, face in enumerate(game.faces):
        if face is None or FACE_SYMBOL[face] not in symbols:
            continue
        symbol = FACE_SYMBOL[face]
        count = FACE_COUNT[face]
        cancelled = min(cancel[symbol], count)
        cancel[symbol] -= cancelled
        if cancelled and not quiet:
            game.emit(ResultsCancelled(game.turn, symbol, cancelled))
        results += [[die, symbol]] * ((count - cancelled) * (uses if symbol == "beer" else 1))
    for i, symbol in enumerate(game.extra_results()):
        if symbol in symbols:
            results.append([len(game.faces) + i, symbol])
    return results


def dice_showing(game: RuleGame, symbol: str) -> list[int]:
    return [i for i, f in enumerate(game.faces) if f is not None and FACE_SYMBOL[f] == symbol]
