"""Rule-based bots play whole games with the expansions' modules at every player count the
modules allow: every decision a module asks is answered legally, and every game ends."""

from __future__ import annotations

import pytest

from companion.bots import RandomBot, RuleBot, play_match
from companion.engine import MODULES, Game, Module, SetupError, deal, validate_modules
from companion.modules.ghost.rules import ID as GHOST
from companion.modules.zombies.rules import ID as ZOMBIES

OLD_SALOON = frozenset(m for m in Module if m.value.startswith("old_saloon"))
UNDEAD_OR_ALIVE = frozenset(m for m in Module if m.value.startswith("undead_or_alive"))


def _with_needs(modules: frozenset[Module]) -> frozenset[Module]:
    """The modules and those they need (Undead or Alive 1 plays only with 2)."""
    return modules | {Module(n) for m in modules for n in MODULES[m].requires}


# Each module alone, each expansion whole, and both together (the Ghost and Undead or Alive 4
# cannot be played together: once without each).
MODULE_SETS = [
    *(_with_needs(frozenset({m})) for m in Module),
    OLD_SALOON,
    UNDEAD_OR_ALIVE,
    (OLD_SALOON | UNDEAD_OR_ALIVE) - {GHOST},
    (OLD_SALOON | UNDEAD_OR_ALIVE) - {ZOMBIES},
]


def _playable(modules: frozenset[Module], players: int) -> frozenset[Module]:
    """The set as a table of ``players`` can play it: modules needing more players left out."""
    kept = frozenset(m for m in modules if players >= MODULES[m].min_players)
    return kept if all(r in kept for m in kept for r in MODULES[m].requires) else frozenset()


def _name(modules: frozenset[Module]) -> str:
    return "+".join(sorted(str(m) for m in modules))


@pytest.mark.parametrize("modules", MODULE_SETS, ids=_name)
def test_rule_based_bots_play_every_module_set_to_the_end_at_every_player_count(
    modules: frozenset[Module],
) -> None:
    played = 0
    for players in range(3, 9):
        chosen = _playable(modules, players)
        try:
            validate_modules(chosen, players, ())
        except SetupError:
            continue
        game = Game(deal(players, 100 + players, modules=chosen))
        record = play_match(game, [RuleBot() for _ in range(players)])
        assert game.over and game.side is not None, (players, _name(chosen))
        assert record.events[-1].kind == "game_over"
        played += chosen == modules
    assert played, f"{_name(modules)} was never played whole"


@pytest.mark.parametrize("players", range(3, 9))
def test_rule_based_and_random_bots_share_a_table_with_every_module_it_allows(players: int) -> None:
    modules = _playable((OLD_SALOON | UNDEAD_OR_ALIVE) - {GHOST}, players)
    game = Game(deal(players, 7 * players, modules=modules))
    bots = [RuleBot() if seat % 2 else RandomBot(seat) for seat in range(players)]
    play_match(game, bots)
    assert game.over
