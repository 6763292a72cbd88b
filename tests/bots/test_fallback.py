"""A decision no rule knows is played from its answer shape alone (the spec's ``Answer``), so
a new kind of decision needs no word in the bots: keep the dice or say no where the rules
allow it, else the first answer offered."""

from __future__ import annotations

import random

import pytest

from companion.bots import fallback, observe
from companion.bots.base import QUIET
from companion.engine import SPECS, Answer, DecisionKind, Decline, Game, Module, Stop, deal
from companion.modules.ghost.rules import ID as GHOST
from companion.modules.zombies.rules import ID as ZOMBIES

# Every module that fits one table of 8 (the Ghost and Undead or Alive 4 exclude each other).
WITH_GHOST = frozenset(Module) - {ZOMBIES}
WITH_ZOMBIES = frozenset(Module) - {GHOST}


@pytest.mark.parametrize("answer", list(Answer))
def test_every_answer_shape_has_its_quiet_answer(answer: Answer) -> None:
    assert answer in QUIET, f"no quiet answer for a {answer} decision in bots/base.py"


@pytest.mark.parametrize("modules", [WITH_GHOST, WITH_ZOMBIES], ids=["ghost", "zombies"])
def test_the_fallback_keeps_the_dice_or_says_no_else_takes_the_first_offer(
    modules: frozenset[Module],
) -> None:
    seen: set[DecisionKind] = set()
    for seed in range(6):
        game = Game(deal(8, seed, modules=modules, roles_known=seed % 2 == 0))
        rng = random.Random(seed)
        while not game.over:
            d = game.pending
            assert d is not None
            obs = observe(game, d.seat, position=False)
            answer = fallback(obs)
            if d.spec.answer is Answer.ROLL and Stop() in obs.legal:
                assert answer == Stop(), d
            elif d.spec.optional and Decline() in obs.legal:
                assert answer == Decline(), d
            else:
                assert answer == obs.legal[0], d
            seen.add(d.kind)
            game.apply(rng.choice(obs.legal))
    assert {SPECS[kind].answer for kind in seen} == set(Answer), "a shape was never asked"
