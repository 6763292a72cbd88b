"""The Monte Carlo player, an experiment kept beside the benchmarks that measure it: guess the
hidden roles, play each choice forward, keep the best. It beat the rule-based player in no
module set, so the box no longer ships it (docs/bots.md, "What became of the Monte Carlo
player"); it is a client of ``companion.bots`` like any benchmark, and known by name to
``module_rules.py`` and ``bot_tournament.py`` only.

Determinized Monte Carlo: each sample deals the roles this seat cannot see (consistent with
everything public, tilted by what the seats did) and fresh dice of the bot's own; every
candidate action is played forward from the same sample with the same dice (common random
numbers), by rule-based or random players, until ``horizon`` more turns have started or to
the end of the game. A finished game scores 1 for a win and 0 for a loss; an unfinished one
gets the chance of a win that rule-based self-play gives such a position (``mc_value.py``), or,
where no model fits, a score of how far my side is ahead. The rule-based player's own choice
is a candidate and wins ties.
"""

from __future__ import annotations

import math
import random
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import product

from mc_value import win_chance

from companion.bots import Observation, RuleBot, observe
from companion.bots.base import checked
from companion.bots.beliefs import Beliefs, beliefs
from companion.bots.stakes import read_table
from companion.engine import (
    Action,
    Answer,
    DiceSource,
    Event,
    Game,
    RevealSpecial,
    Role,
    Roll,
    SeededDice,
    Stop,
    TurnStarted,
)

ARROW_COST = 0.4  # an arrow held is part of a life already lost
ALIVE_BONUS = 0.5  # a seat in play is worth more than its life alone


class MonteCarloBot:
    """``samples`` deals x each candidate, played until ``horizon`` more turns have started
    after the candidate's own action (0: until the next turn starts; None: to the end of the
    game).

    ``budget`` caps the engine actions all playouts of one decision may take: after two
    samples, no sample is started that would, at the average so far, overrun it. It bounds
    the longest decisions, the same on every machine.
    """

    name = "mc"
    looks_ahead = True

    def __init__(
        self,
        seed: int = 0,
        samples: int = 16,
        horizon: int | None = 0,
        rollout: str = "rules",
        width: int = 6,
        confidence: float = 2.0,
        budget: int = 400,
    ) -> None:
        if samples < 1 or width < 1:
            raise ValueError(f"samples and width must be at least 1, got {samples} and {width}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout policy {rollout!r}: expected one of {', '.join(ROLLOUTS)}")
        self.seed = seed
        self.samples = samples
        self.horizon = horizon
        self.rollout = rollout
        self.width = width
        self.confidence = confidence
        self.budget = budget
        self.work = 0  # engine actions played out for the current decision
        self.rules = RuleBot()

    def reveal(self, obs: Observation) -> RevealSpecial | None:
        """Special cards are revealed by the rule-based player's reasons (no search)."""
        return self.rules.reveal(obs)

    def __call__(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        if obs.pending.spec.answer is Answer.ROLE:
            return self.rules(obs)  # showing my card is honesty, not strategy
        candidates = self.candidates(obs)
        if len(candidates) == 1:
            return candidates[0]
        rng = random.Random(f"{self.seed}:{zlib.crc32(obs.position.encode())}")
        players = ROLLOUTS[self.rollout](random.Random(rng.getrandbits(32)))
        mine = beliefs(obs)
        scores: list[list[float]] = [[] for _ in candidates]
        self.work = 0
        dice = SampleDice()
        position = obs.game(dice)  # read once; each sample is a copy with its roles filled in
        for sample in range(self.samples):
            if sample >= 2 and self.work * (sample + 1) / sample > self.budget:
                break  # one more sample, at the average so far, would overrun the budget
            dice.source = SeededDice(rng.getrandbits(32))
            start = position.copy()
            for seat, role in sample_roles(obs, rng, mine).items():
                start.players[seat].role = role
            known = Beliefs(tuple({p.role: 1.0} if p.role else {} for p in start.players))
            for k, action in enumerate(candidates):
                game = start.copy()
                events = [*obs.events, *game.apply(action)]
                scores[k].append(self.play_out(game, events, obs.seat, players, known, mine))
        return checked(obs, candidates[self.best(scores)])

    def best(self, scores: list[list[float]]) -> int:
        """The candidate that beats the rule's choice (index 0) by the clearest margin.

        Each sample scores every candidate with the same roles and dice, so the differences
        are paired; a candidate must be ahead by ``confidence`` standard errors, or the rule's
        choice stays: with few samples, noise alone would otherwise pick a worse action.
        """
        best, margin = 0, 0.0
        n = len(scores[0])
        for k in range(1, len(scores)):
            diffs = [a - b for a, b in zip(scores[k], scores[0], strict=True)]
            mean = sum(diffs) / n
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n)
            if mean > self.confidence * spread and mean > margin:
                best, margin = k, mean
        return best

    def candidates(self, obs: Observation) -> list[Action]:
        """The rule-based choice first, then the other legal actions worth a look."""
        first = self.rules(obs)
        rolling = isinstance(first, (Roll, Stop))
        others = _roll_variants(obs, first) if rolling else list(obs.legal)
        unique: dict[object, Action] = {}
        for action in [first, *others]:  # the rule's exact choice comes first
            unique.setdefault(_same_as(obs, action), action)
        return list(unique.values())[: self.width]

    def play_out(
        self,
        game: Game,
        events: list[Event],
        seat: int,
        players: Player,
        known: Beliefs,
        mine: Beliefs,
    ) -> float:
        """Play ``game`` on with ``players`` at every seat, who know its roles; score it."""
        turns = 0
        while not game.over:
            if self.horizon is not None and turns > self.horizon:
                break
            assert game.pending is not None
            legal = game.legal_actions()
            if len(legal) == 1:
                action = legal[0]  # no choice: no need to look at the table
            else:
                who = game.pending.seat
                # My own later choices in a sample are made as I will make them, on my
                # guesses, not on the sample's roles (else a sample credits me with knowing).
                guess = mine if who == seat else known
                action = players(observe(game, who, events, position=False), guess)
            new = game.apply(action)
            self.work += 1
            turns += sum(isinstance(e, TurnStarted) for e in new)
            events += new
        return score(game, events, seat, known)


def sample_roles(obs: Observation, rng: random.Random, guesses: Beliefs) -> dict[int, Role]:
    """One assignment of the unaccounted roles to the hidden seats, seat by seat in a random
    order, each drawn by ``guesses`` and by how many of its kind the pool still holds."""
    pool = obs.hidden_pool()
    dealt = Counter(pool)
    seats = obs.hidden_seats()
    rng.shuffle(seats)
    roles: dict[int, Role] = {}
    for seat in seats:
        options = [r for r in sorted(pool) if pool[r] > 0]
        weights = [pool[r] / dealt[r] * guesses.chance(seat, r) for r in options]
        role = rng.choices(options, weights)[0]
        pool[role] -= 1
        roles[seat] = role
    return roles


class SampleDice:
    """The dice of the sample being played: every copy of a decision's position shares it."""

    def __init__(self) -> None:
        self.source: DiceSource = SeededDice(0)

    def roll(self, roll_number: int, dice: Sequence[tuple[int, str]]) -> list[str]:
        return self.source.roll(roll_number, dice)


def _same_as(obs: Observation, action: Action) -> object:
    """Re-rolls of dice that show the same faces are the same choice."""
    if isinstance(action, Roll):
        return ("roll", tuple(sorted(str(obs.faces[d]) for d in action.dice)))
    return action


def _roll_variants(obs: Observation, first: Action) -> list[Action]:
    """Every different re-roll, closest to the rule's choice first.

    Dice showing the same face are interchangeable, so a re-roll is a number of dice of each
    face: two Bull's Eye 1 and a Gatling give 3 x 2 choices, not 2^3.
    """
    free = sorted({d for a in obs.legal if isinstance(a, Roll) for d in a.dice})
    groups: dict[str | None, list[int]] = {}
    for die in free:
        groups.setdefault(obs.faces[die], []).append(die)
    chosen = set(first.dice) if isinstance(first, Roll) else set()
    wanted = {face: len(chosen & set(dice)) for face, dice in groups.items()}
    options: list[tuple[int, Action]] = []
    for counts in product(*(range(len(dice) + 1) for dice in groups.values())):
        dice = sorted(
            d for k, group in zip(counts, groups.values(), strict=True) for d in group[:k]
        )
        distance = sum(abs(k - wanted[f]) for k, f in zip(counts, groups, strict=True))
        options.append((distance, Roll(tuple(dice)) if dice else Stop()))
    options.sort(key=lambda o: o[0])
    return [action for _, action in options if action in obs.legal]


def score(game: Game, events: Sequence[Event], seat: int, known: Beliefs) -> float:
    """1 for a win, 0 for a loss; before the end, the learned chance of a win, or where no
    model fits, 0..1 by how far ``seat``'s side is ahead."""
    if game.over:
        return 1.0 if seat in game.winners else 0.0
    chance = win_chance(game, seat)
    if chance is not None:
        return chance
    table = read_table(observe(game, seat, events, position=False), known)
    ahead = 0.0
    for p, stake in zip(game.players, table.stake, strict=True):
        if p.alive:
            ahead -= stake * (ALIVE_BONUS + (p.life - ARROW_COST * p.arrows) / p.max_life)
    return 0.5 + 0.5 * math.tanh(ahead / 2)


# A player inside a playout: it sees its observation and the sample's roles.
Player = Callable[[Observation, Beliefs], Action]


def _random_player(rng: random.Random) -> Player:
    return lambda obs, known: rng.choice(obs.legal)


ROLLOUTS: dict[str, Callable[[random.Random], Player]] = {
    "rules": lambda rng: RuleBot().decide,
    "random": _random_player,
}
