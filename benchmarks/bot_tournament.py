"""How strong the bots are, how long the Monte Carlo player thinks, and the game's balance.

The Monte Carlo player is an experiment outside the product (``mc_player.py``): it is measured
here against the rule-based player the box ships.

Strength. Each deal is played twice with the same seed; one seat (seat i mod players in game i,
so every seat and role in turn) is played by the challenger in one game and by the baseline in
the other, all other seats by the baseline. The challenger is better when its seat wins more
often than the baseline's in the same seats; the 95 % confidence interval of that paired
difference must lie above zero. Win rates per role carry Wilson 95 % intervals.

Time: thread CPU time of each Monte Carlo decision that had more than one legal action.

Balance: rule-based players at every seat, for 3 to 8 players; win shares per role and per
character, drawn with Pillow into docs/images/.

With ``--markdown-into docs/bots.md`` its "Strength" and "Balance" sections are replaced there
(the rest of that page is written by hand) and so is the timing section of docs/performance.md.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine_simulate import COLOURS as SIDE_COLOURS
from engine_simulate import machine, pin_to_one_core
from mc_player import MonteCarloBot
from perfdoc import write_section
from PIL import Image, ImageDraw, ImageFont

from companion.bots import Bot, Observation, RandomBot, RuleBot, play_match
from companion.engine import CHARACTERS, Action, Game, HouseRule, Module, Role, deal

COMMAND = ".venv/bin/python benchmarks/bot_tournament.py --markdown-into docs/bots.md"
TIME_SECTION = "## Bot decisions"
# The sections of docs/bots.md this benchmark owns; the others there are written by hand.
STRENGTH = "## Strength"
BALANCE = "## Balance under rule-based play"
Z95 = 1.96
# A Raspberry Pi Zero 2 W (Cortex-A53 at 1 GHz) runs this Python about ten times slower than
# one core of the x86 machine measured here: the same factor the other estimates in
# docs/performance.md use (CPython is interpreter-bound, so clock x IPC decides).
PI_FACTOR = 10.0
# The factor is a judgement, not a measurement (roughly 3x the clock and 3x the work per clock of
# an in-order A53); the page also says what a Pi half as fast again would see.
PI_PESSIMISTIC = 15.0
PI_BUDGET = 1.0  # seconds a table waits for a bot


def wilson(wins: int, n: int) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate (good at small n and near 0 or 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def paired_interval(diffs: Sequence[int]) -> tuple[float, float, float]:
    """Mean of paired differences (-1, 0, 1) with its 95 % normal interval."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 1.0
    half = Z95 * math.sqrt(var / n)
    return mean, max(-1.0, mean - half), min(1.0, mean + half)


class Timed:
    """A bot whose deliberate decisions (more than one legal action) are timed in CPU time."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot, self.times = bot, times
        self.name, self.looks_ahead = bot.name, bot.looks_ahead

    def __call__(self, obs: Observation) -> Action:
        start = time.thread_time()
        action = self.bot(obs)
        if len(obs.legal) > 1:
            self.times.append(time.thread_time() - start)
        return action


@dataclass
class Duel:
    """Challenger against baseline in the same seats of the same deals."""

    challenger: str
    baseline: str
    players: int
    diffs: list[int] = field(default_factory=list)
    won: Counter[tuple[str, Role]] = field(default_factory=Counter)
    played: Counter[tuple[str, Role]] = field(default_factory=Counter)

    def rate(self, who: str, role: Role | None = None) -> tuple[int, int]:
        roles = [role] if role else list(Role)
        return (
            sum(self.won[(who, r)] for r in roles),
            sum(self.played[(who, r)] for r in roles),
        )


def duel(
    challenger: Callable[[int], Bot],
    baseline: Callable[[int], Bot],
    names: tuple[str, str],
    players: int,
    games: int,
    seed: int,
) -> Duel:
    result = Duel(*names, players)
    for i in range(games):
        focus = i % players
        wins = []
        for who, make in zip(names, (challenger, baseline), strict=True):
            game = Game(deal(players, seed + i))
            bots = [baseline(seed * 100 + i * 10 + s) for s in range(players)]
            bots[focus] = make(seed + i)
            play_match(game, bots)
            role = game.players[focus].role
            assert role is not None
            won = focus in game.winners
            result.played[(who, role)] += 1
            result.won[(who, role)] += won
            wins.append(won)
        result.diffs.append(wins[0] - wins[1])
        if (i + 1) % 50 == 0:
            print(f"  {names[0]} v {names[1]}: {i + 1}/{games}", file=sys.stderr)
    return result


def duel_lines(d: Duel) -> list[str]:
    mean, low, high = paired_interval(d.diffs)
    verdict = "better" if low > 0 else "worse" if high < 0 else "no significant difference"
    lines = [
        f"### {d.challenger} against {d.baseline}, {d.players} players, {len(d.diffs)} deals",
        "",
        f"Win rate of the seat, challenger minus baseline: **{mean:+.1%}** "
        f"(95 % CI {low:+.1%} to {high:+.1%}): {verdict}.",
        "",
        "| role | " + " | ".join(f"{w} wins (95 % CI)" for w in (d.challenger, d.baseline)) + " |",
        "| --- | ---: | ---: |",
    ]
    roles = [r for r in Role if d.played[(d.challenger, r)]] + [None]
    for role in roles:
        cells = []
        for who in (d.challenger, d.baseline):
            won, n = d.rate(who, role)
            low_w, high_w = wilson(won, n)
            cells.append(f"{won}/{n} = {won / n:.0%} ({low_w:.0%}-{high_w:.0%})")
        lines.append(f"| {role or 'all'} | " + " | ".join(cells) + " |")
    return [*lines, ""]


@dataclass
class Balance:
    players: int
    label: str
    games: int = 0
    sides: Counter[str] = field(default_factory=Counter)
    character_won: Counter[str] = field(default_factory=Counter)
    character_played: Counter[str] = field(default_factory=Counter)


def balance(
    players: int,
    games: int,
    seed: int,
    house_rules: frozenset[HouseRule] = frozenset(),
    modules: frozenset[Module] = frozenset(),
) -> Balance:
    label = f"{players} players" + "".join(f", {h}" for h in sorted(house_rules))
    label += "".join(f", {m.value}" for m in sorted(modules))
    result = Balance(players, label)
    for i in range(games):
        game = Game(deal(players, seed + i, house_rules=house_rules, modules=modules))
        play_match(game, [RuleBot() for _ in range(players)])
        assert game.side is not None
        result.games += 1
        result.sides[game.side] += 1
        for p in game.players:
            result.character_played[p.character] += 1
            result.character_won[p.character] += p.seat in game.winners
    return result


# ------------------------------------------------------------------ pictures

INK, PAPER, GREY = (30, 30, 30), (250, 248, 242), (120, 120, 120)
# The win-shares chart's colours, and the two sides of an Undead or Alive 4 outbreak.
COLOURS = {**SIDE_COLOURS, "survivors": (110, 150, 90), "zombies": (120, 90, 140)}


def bars(title: str, rows: list[tuple[str, float, float, float, tuple]], note: str) -> Image.Image:
    """Horizontal bars with 95 % interval whiskers: (label, value, low, high, colour)."""
    font = ImageFont.load_default_imagefont()
    width, bar, left = 760, 14, 290
    span = width - left - 30
    image = Image.new("RGB", (width, 50 + len(rows) * (bar + 6) + 30), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((10, 10), title, fill=INK, font=font)
    for tick in range(0, 101, 20):
        x = left + span * tick / 100
        draw.line((x, 30, x, image.height - 28), fill=(225, 222, 214))
        draw.text((x - 8, image.height - 24), f"{tick}%", fill=GREY, font=font)
    for row, (label, value, low, high, colour) in enumerate(rows):
        top = 34 + row * (bar + 6)
        draw.text((10, top + 1), label, fill=INK, font=font)
        draw.rectangle((left, top, left + span * value, top + bar), fill=colour)
        y = top + bar // 2
        draw.line((left + span * low, y, left + span * high, y), fill=INK, width=2)
        draw.text((left + span * high + 4, top + 1), f"{value:.0%}", fill=INK, font=font)
    draw.text((10, image.height - 12), note, fill=GREY, font=font)
    return image


def role_rows(results: Sequence[Balance]) -> list[tuple[str, float, float, float, tuple]]:
    rows = []
    for b in results:
        for side, won in sorted(b.sides.items()):
            low, high = wilson(won, b.games)
            rows.append((f"{b.label}: {side}", won / b.games, low, high, COLOURS[side]))
    return rows


def character_rows(results: Sequence[Balance]) -> list[tuple[str, float, float, float, tuple]]:
    won, played = Counter(), Counter()
    for b in results:
        if b.label != f"{b.players} players":
            continue  # characters: the base game only
        won.update(b.character_won)
        played.update(b.character_played)
    return share_rows(won, played, lambda name: CHARACTERS[name].title)


def share_rows(
    won: Counter[str], played: Counter[str], label: Callable[[str], str]
) -> list[tuple[str, float, float, float, tuple]]:
    """One bar per character in ``played``: the share of its games its seat won, highest
    first, with its Wilson interval."""
    rows = []
    for name in sorted(played, key=lambda c: -won[c] / played[c]):
        low, high = wilson(won[name], played[name])
        rows.append((label(name), won[name] / played[name], low, high, COLOURS["renegade"]))
    return rows


# ------------------------------------------------------------------ the report


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def reach(horizon: int | None) -> str:
    """How far the playouts go, in words."""
    if horizon is None:
        return "to the end of the game"
    return "to the end of the current turn" + (f" and {horizon} more" if horizon else "")


def time_section(times: Sequence[float], mc: MonteCarloBot, pinned: str, on: list[str]) -> str:
    ms = [t * 1000 for t in times]
    p50, p95, worst = percentile(ms, 0.5), percentile(ms, 0.95), max(ms)
    ok = worst * PI_FACTOR / 1000 < PI_BUDGET
    return "\n".join(
        [
            TIME_SECTION,
            "",
            "The Monte Carlo player, an experiment the box does not ship "
            f"(`benchmarks/mc_player.py`; {mc.samples} role samples, up to {mc.width} candidates, "
            f"playouts by rule-based players {reach(mc.horizon)}, then the learned win "
            "chance), thread CPU "
            f"time of each of its {len(ms)} decisions with more than one legal action during "
            f"the tournament in docs/bots.md; one process, {pinned}. Produced by:",
            "",
            "```",
            COMMAND,
            "```",
            "",
            *on,
            "| | median | p95 | max |",
            "| --- | ---: | ---: | ---: |",
            f"| this machine | {p50:.0f} ms | {p95:.0f} ms | {worst:.0f} ms |",
            f"| Raspberry Pi Zero 2 W, estimated (x{PI_FACTOR:.0f}) "
            + "".join(f"| {v * PI_FACTOR / 1000:.2f} s " for v in (p50, p95, worst))
            + "|",
            "",
            f"Not measured on a Pi: the estimate multiplies by {PI_FACTOR:.0f}, the factor the "
            "other Pi estimates on this page use for this interpreter-bound Python (a Cortex-A53 "
            "at 1 GHz against one x86 server core). CPU time, not wall time, because the "
            f"machine is shared. Were the Pi {PI_PESSIMISTIC:.0f} times slower, the p95 would "
            f"be {p95 * PI_PESSIMISTIC / 1000:.2f} s. "
            + (
                f"The budget is set so that even the slowest decision stays under "
                f"{PI_BUDGET:.0f} s there."
                if ok
                else f"**Over budget**: the slowest decision is over {PI_BUDGET:.0f} s there."
            ),
            "",
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5, help="players in the duels (5)")
    parser.add_argument("--games", type=int, default=600, help="deals, rules v random (600)")
    # Its own count: the stronger players differ by less, and the interval narrows only like
    # one over the square root of the deals.
    parser.add_argument("--mc-games", type=int, default=600, help="deals, mc v rules (600)")
    parser.add_argument("--balance-games", type=int, default=400, help="per player count (400)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (1)")
    parser.add_argument("--markdown-into", type=Path, help="write the report here (docs/bots.md)")
    args = parser.parse_args(argv)
    measured_on = machine()
    pinned = pin_to_one_core()
    times: list[float] = []
    mc = MonteCarloBot()
    started = time.perf_counter()
    duels = [
        duel(
            lambda s: RuleBot(), RandomBot, ("rules", "random"), args.players, args.games, args.seed
        ),
        duel(
            lambda s: Timed(MonteCarloBot(s), times),
            lambda s: RuleBot(),
            ("mc", "rules"),
            args.players,
            args.mc_games,
            args.seed,
        ),
    ]
    balances = []
    for players in range(3, 9):
        balances.append(balance(players, args.balance_games, args.seed))
        print(f"  balance: {players} players done", file=sys.stderr)
    for rule in HouseRule:
        balances.append(balance(args.players, args.balance_games, args.seed, frozenset({rule})))
    minutes = (time.perf_counter() - started) / 60
    images = (args.markdown_into or Path("docs/bots.md")).parent / "images"
    pictures = {
        "balance-roles.png": bars(
            "Win share per side, rule-based players at every seat",
            role_rows(balances),
            f"{args.balance_games} games per player count; whiskers: 95 % Wilson intervals",
        ),
        "balance-characters.png": bars(
            "Share of games won by the seat of each character, rule-based players, 3-8 players",
            character_rows(balances),
            "characters sorted by win share; whiskers: 95 % Wilson intervals",
        ),
    }
    header = [
        "# Bots: strength and balance",
        "",
        "Computer players (`companion/bots/`) see only what their seat may know: the public "
        "table, their own role, the face-up roles and the events everyone saw. `random` takes "
        "any legal action; `rules` plays like a sensible person. `mc`, an experiment outside "
        "the product (`benchmarks/mc_player.py`), samples the hidden roles and plays each "
        "candidate action forward with the engine (determinized Monte Carlo).",
        "",
        "Produced by:",
        "",
        "```",
        COMMAND,
        "bang-companion simulate --players 5 --games 200 --policy rules,random",
        "```",
        "",
    ]
    strength = [
        STRENGTH,
        "",
        f"Measured in about {minutes:.0f} minutes on one core ({pinned}). "
        + __doc__.split("\n\n")[1].replace("\n", " ").removeprefix("Strength. "),
        "",
    ]
    for d in duels:
        strength += duel_lines(d)
    balance_lines = [
        BALANCE,
        "",
        "With sensible players at every seat (not random ones, which say nothing about "
        "balance). 3 players: each role is its own side. The last rows turn on one house "
        f"rule each, at {args.players} players; the modules are in the next section "
        "(`benchmarks/bot_balance_modules.py`).",
        "",
        "![Win share per side](images/balance-roles.png)",
        "",
        "![Win share per character](images/balance-characters.png)",
        "",
    ]
    section = time_section(times, mc, pinned, measured_on)
    print("\n".join([*strength, *balance_lines, section]))
    if args.markdown_into:
        if not args.markdown_into.exists():
            args.markdown_into.write_text("\n".join(header))
        write_section(args.markdown_into, STRENGTH, "\n".join(strength))
        write_section(args.markdown_into, BALANCE, "\n".join(balance_lines))
        for name, picture in pictures.items():
            picture.save(images / name)
        write_section(args.markdown_into.parent / "performance.md", TIME_SECTION, section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
