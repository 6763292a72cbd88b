"""No game waits for a press that cannot come: no decision is ever pending with no legal answer.

F14 (issue 20): Pat Brennan (Undead or Alive 3) could pick his own Rage card to move when every
other living player was a zombie (Undead or Alive 4), who may receive none; "who gets it" then
had no answer, and the box playing Pat died on it at every restart. He is now offered only moves
he can complete. Beside that rule, the engine never waits on a decision no answer fits: the table
skips it with a ``no_legal_answer`` event, and the tests (``tests/conftest.py``) and the
module-set campaign (``benchmarks/campaign.py``) run the engine strict, where a rule that asks
one raises StateError. Every seed the campaign or the issue found is played here to its end.
"""

from __future__ import annotations

import pytest

from companion.engine import (
    STEPS,
    ChooseSeat,
    DecisionKind,
    Decline,
    Game,
    Module,
    NoLegalAnswer,
    Roll,
    StateError,
    Stop,
    position,
)
from companion.modules.ghost.rules import ID as GHOST
from companion.modules.posse.events import RageMoved
from companion.modules.posse.rules import ID as NEW_POSSE
from companion.modules.posse.rules import RAGE_FROM
from companion.modules.rage.rules import ID as TWO_BULLETS
from companion.modules.rage.rules import RAGE_SYMBOL, RagePlayer
from companion.modules.zombies.rules import ID as ZOMBIES
from companion.simulation import simulate

from .helpers import make_game
from .test_module_combinations import outbreak_game

UA = frozenset(m for m in Module if m.value.startswith("undead_or_alive."))
# Every module that may be played together: all but the Ghost, which Undead or Alive 4 excludes.
TOGETHER = frozenset(Module) - {GHOST}
UA234 = frozenset({TWO_BULLETS, NEW_POSSE, ZOMBIES})

PAT = ("jesse_jones", "pat_brennan", "jourdonnais", "black_jack", "lucky_duke")
GATLING = ("gatling", "gatling", "gatling", "dynamite", "dynamite")


def plays_to_the_end(players: int, seed: int, modules: frozenset[Module]) -> None:
    """``bang-companion simulate --players P --games 1 --seed S --modules ...`` (random
    players), strict: it would raise on any decision no answer fits."""
    report = simulate(players, 1, seed, modules=modules)
    assert report.games == 1 and sum(report.wins.values()) == 1


@pytest.mark.parametrize("seed", [68, 338, 904, 1618, 1674, 1762])
def test_the_issues_seeds_with_all_of_undead_or_alive_play_to_the_end(seed: int) -> None:
    plays_to_the_end(5, seed, UA)


@pytest.mark.parametrize("seed", [849, 888, 1060, 1283, 1372, 1375])
def test_the_issues_seeds_with_every_module_played_together_play_to_the_end(seed: int) -> None:
    plays_to_the_end(5, seed, TOGETHER)


@pytest.mark.parametrize(
    ("players", "seed", "modules"),
    [
        pytest.param(7, 94, UA, id="undead_or_alive-7p-94"),
        pytest.param(7, 209, UA, id="undead_or_alive-7p-209"),
        pytest.param(4, 197, TOGETHER, id="together-4p-197"),
        pytest.param(6, 151, TOGETHER, id="together-6p-151"),
        pytest.param(7, 177, TOGETHER, id="together-7p-177"),
        pytest.param(8, 1, TOGETHER, id="together-8p-1"),
    ],
)
def test_the_campaigns_seeds_play_to_the_end(
    players: int, seed: int, modules: frozenset[Module]
) -> None:
    """What ``benchmarks/campaign.py`` found stuck before the fix (the random player)."""
    plays_to_the_end(players, seed, modules)


def test_three_hundred_four_player_games_with_undead_or_alive_2_3_4_play_to_the_end() -> None:
    """``simulate --players 4 --games 300 --modules undead_or_alive.2 .3 .4`` died on F14."""
    assert simulate(4, 300, 1, modules=UA234).games == 300


# ============================================================ Pat Brennan's moves


def pat_among_zombies(survivor: bool) -> Game:
    """After the outbreak (seat 4 a zombie, seat 3 the Zombie Master), Pat Brennan (seat 1)
    holds a face-down Rage card and fires the Gatling Gun: seats 0 and 3 (and 2, unless
    ``survivor``) fall at 1 life, out for good. The turns go round to his next one."""
    game = outbreak_game((TWO_BULLETS.value, NEW_POSSE.value, "undead_or_alive.4"), PAT)
    assert (game.turn, game.pending.kind) == (1, DecisionKind.ROLL)
    game = position(
        game,
        players={1: {"rage_held": RagePlayer.of(game.players[1]).rage_held + 1}},
    )
    for seat in (0, 3) if survivor else (0, 2, 3):
        game = position(game, players={seat: {"life": 1}})
    game.apply(Roll((0, 1, 2, 3, 4), GATLING))
    game.apply(Stop())
    assert [p.alive for p in game.players] == [False, True, survivor, False, True]
    while game.turn != 1:
        n = len(game.faces)
        game.apply(Roll(tuple(range(n)), ("dynamite", "dynamite", *("gatling",) * (n - 2))))
        game.apply(Stop())
    return game


def test_pat_brennan_is_not_asked_when_no_move_can_be_completed() -> None:
    """PAT BRENNAN may "move one Rage card from one player to another"; with every other
    living player a zombie, who collects no Rage cards, nobody may receive his own card: the
    question is not asked, and his turn goes on to the reveal of the card he holds."""
    game = pat_among_zombies(survivor=False)
    assert (
        RagePlayer.of(game.players[1]).rage_held == 0
        and RagePlayer.of(game.players[1]).rage_revealed == 1
    )
    assert (game.pending.kind, game.pending.seat) == (RAGE_SYMBOL, 1)


def test_pat_brennan_is_asked_when_a_move_can_be_completed() -> None:
    """With a living survivor beside the zombie, Pat may move his card to that survivor, and
    only to them."""
    game = pat_among_zombies(survivor=True)
    assert (game.pending.kind, game.pending.seat) == (RAGE_FROM, 1)
    assert game.legal_actions() == [ChooseSeat(1), Decline()]
    game.apply(ChooseSeat(1))
    assert game.legal_actions() == [ChooseSeat(2)]
    assert RageMoved(1, 1, 2) in game.apply(ChooseSeat(2))


# ===================================================== the guard in Game.ask


def asks_with_no_answer(game: Game) -> None:
    """A faulty rule: a Broken arrow's "whose arrow" asked while nobody holds one."""
    game.ask(DecisionKind("broken_arrow"), game.turn)


@pytest.fixture
def faulty_rule(monkeypatch: pytest.MonkeyPatch) -> Game:
    """Sid Ketchum's gift pending at the first turn, the faulty rule's step next in the queue:
    it runs once the gift is given."""
    monkeypatch.setitem(STEPS, "asks_with_no_answer", asks_with_no_answer)
    game = make_game(["sid_ketchum", "jesse_jones", "lucky_duke", "black_jack"])
    assert game.pending.kind is DecisionKind.GIFT_LIFE
    game.stack.append(["asks_with_no_answer"])
    return game


def test_strict_mode_raises_state_error_when_a_rule_asks_a_decision_no_answer_fits(
    faulty_rule: Game,
) -> None:
    assert Game.strict_decisions  # tests/conftest.py
    with pytest.raises(StateError, match="broken_arrow .*no answer fits"):
        faulty_rule.apply(ChooseSeat(1))


def test_by_default_a_decision_no_answer_fits_is_skipped_with_an_event(
    faulty_rule: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the table the game goes on: the event says which question was skipped, and the next
    decision (the Sheriff's roll) is pending."""
    monkeypatch.setattr(Game, "strict_decisions", False)
    events = faulty_rule.apply(ChooseSeat(1))
    assert NoLegalAnswer(0, "broken_arrow") in events
    assert (faulty_rule.pending.kind, faulty_rule.pending.seat) == (DecisionKind.ROLL, 0)
    assert faulty_rule.legal_actions()
