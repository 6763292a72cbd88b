"""Fit the Monte Carlo player's value of unfinished positions from rule-based self-play.

The player and its value are an experiment outside the product (``mc_player.py``,
``mc_value.py``). Rule-based players play whole games at every player count (3 to 8). At the
start of every turn each seat's features (``mc_value.features``) are recorded, and labelled
afterwards with whether that seat won. One logistic regression per player count and role
(Newton's method with a small ridge penalty, pure Python) turns them into win chances; the
coefficients are written to ``benchmarks/mc_value_model.py``. Every fifth game is held out
and the log-loss there is printed next to that of a constant guess, so a fit that learned
nothing shows. Run pinned to one core, it takes a few minutes:

    taskset -c 0 .venv/bin/python benchmarks/fit_value_model.py
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import textwrap
from collections import defaultdict
from collections.abc import Sequence
from operator import mul
from pathlib import Path

from mc_value import FEATURES, features, logistic

from companion.bots import RuleBot, observe
from companion.engine import Game, TurnStarted, deal

COMMAND = "taskset -c 0 .venv/bin/python benchmarks/fit_value_model.py"
OUT = Path(__file__).resolve().parent / "mc_value_model.py"
RIDGE = 1.0  # penalty on every weight but the bias: keeps sides absent at a count at 0
Rows = list[tuple[list[float], int]]


def self_play(players: int, games: int, seed: int) -> tuple[dict[str, Rows], dict[str, Rows]]:
    """Feature rows per role from rule-based games: (fitted, held out)."""
    fit: dict[str, Rows] = defaultdict(list)
    held: dict[str, Rows] = defaultdict(list)
    bot = RuleBot()
    for i in range(games):
        game = Game(deal(players, seed + i))
        events = list(game.opening_events)
        seen: list[tuple[str, int, list[float]]] = []
        while not game.over:
            assert game.pending is not None
            legal = game.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                action = bot(observe(game, game.pending.seat, events, position=False))
            new = game.apply(action)
            events += new
            if not game.over and any(isinstance(e, TurnStarted) for e in new):
                for p in game.players:
                    seen.append((str(p.role), p.seat, features(game, p.seat)))
        into = held if i % 5 == 0 else fit
        for role, seat, row in seen:
            into[role].append((row, int(seat in game.winners)))
    return fit, held


def newton(rows: Rows, iterations: int = 12) -> list[float]:
    """Logistic regression by Newton's method, column-wise so the inner loops run in C."""
    k = len(rows[0][0])
    cols = [[r[0][j] for r in rows] for j in range(k)]
    y = [label for _, label in rows]
    beta = [0.0] * k
    for _ in range(iterations):
        z = [0.0] * len(y)
        for j in range(k):
            if beta[j]:
                z = [a + beta[j] * x for a, x in zip(z, cols[j], strict=True)]
        p = [logistic(v) for v in z]
        w = [q * (1.0 - q) for q in p]
        residual = [t - q for t, q in zip(y, p, strict=True)]
        grad = [
            sum(map(mul, residual, col)) - (RIDGE * beta[j] if j else 0.0)
            for j, col in enumerate(cols)
        ]
        hess = [[0.0] * k for _ in range(k)]
        for i in range(k):
            weighted = list(map(mul, w, cols[i]))
            for j in range(i, k):
                hess[i][j] = hess[j][i] = sum(map(mul, weighted, cols[j]))
            if i:
                hess[i][i] += RIDGE
        step = solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return beta


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` is small and dense)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def log_loss(rows: Rows, beta: Sequence[float]) -> float:
    total = 0.0
    for row, label in rows:
        z = sum(map(mul, beta, row))
        p = min(1 - 1e-9, max(1e-9, logistic(z)))
        total -= math.log(p if label else 1.0 - p)
    return total / len(rows)


def module_text(coefficients: dict[tuple[int, str], list[float]], args: argparse.Namespace) -> str:
    """The generated module, laid out as ``ruff format`` would lay it out."""
    names = textwrap.wrap(", ".join(FEATURES) + ".", 92)
    lines = [
        '"""Win-chance coefficients for ``mc_value.py``: generated, do not edit by hand.',
        "",
        "Regenerate with:",
        "",
        f"    {COMMAND}",
        "",
        f"(this fit: --games {args.games} --games-5 {args.games_5} --seed {args.seed}).",
        "",
        "Each tuple holds one weight per feature, in this order:",
        *names,
        '"""',
        "",
        "COEFFICIENTS: dict[tuple[int, str], tuple[float, ...]] = {",
    ]
    for (players, role), weights in sorted(coefficients.items()):
        lines.append(f'    ({players}, "{role}"): (')
        lines += [f"        {w:.4f}," for w in weights]
        lines.append("    ),")
    return "\n".join([*lines, "}", ""])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500, help="games per player count (1500)")
    parser.add_argument("--games-5", type=int, default=4000, help="games at 5 players (4000)")
    parser.add_argument("--max-rows", type=int, default=30_000, help="rows fitted per model")
    parser.add_argument("--seed", type=int, default=500_000, help="first deal's seed")
    parser.add_argument("--out", type=Path, default=OUT, help="the module to write")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    coefficients: dict[tuple[int, str], list[float]] = {}
    for players in range(3, 9):
        games = args.games_5 if players == 5 else args.games
        fit, held = self_play(players, games, args.seed + players * 100_000)
        for role in sorted(fit):
            rows = fit[role]
            if len(rows) > args.max_rows:
                rows = rng.sample(rows, args.max_rows)
            beta = newton(rows)
            coefficients[(players, role)] = beta
            base = sum(label for _, label in rows) / len(rows)
            constant = [math.log(base / (1 - base))] + [0.0] * (len(beta) - 1)
            print(
                f"{players} players, {role}: {len(rows)} rows, held-out log-loss "
                f"{log_loss(held[role], beta):.3f} (constant {log_loss(held[role], constant):.3f})",
                file=sys.stderr,
            )
    args.out.write_text(module_text(coefficients, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
