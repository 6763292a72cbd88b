"""Does the box play each module's decisions as well as it plays the base game?

For each module set (the base game, each module alone with what it needs, each expansion, both
but the Ghost), a paired tournament: each deal is played twice from the same seed (same seats,
roles, characters and dice source); one seat (seat i mod players in game i) is played by the
challenger in one game and by the baseline in the other, every other seat by the baseline.
The challenger is better when its seat wins more often in the same seats: the 95 % interval
of the paired difference must lie above zero.

The pairs: the default rule-based player (``RuleBot()``) against its fallback twin (the same
player with every module rule and reveal taken out: ``RuleBot(BASE_RULES, reveals={},
sides=False, appoints=first_appointment)``, which answers the modules' decisions by
``base.fallback``, reads the table by the roles even after an Undead or Alive 4 outbreak and
keeps no Legacy star on purpose); the default player against random play;
and, on request, the Monte Carlo player (an experiment outside the product, ``mc_player.py``)
against the default one. The players are known here by name (``PLAYERS``), not through the
product's table of players. 5 players, 6 with the Ghost.
The slowest decision of the rule-based challenger is timed (thread CPU time). With
``--markdown-into docs/bots.md`` the section "The modules' rules" is replaced there and its
plot drawn with Pillow into docs/images/.
"""

from __future__ import annotations

import argparse
import re
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bot_balance_modules import module_sets, short
from bot_tournament import GREY, INK, PAPER, Timed, paired_interval
from engine_simulate import pin_to_one_core
from mc_player import MonteCarloBot
from perfdoc import publish
from PIL import Image, ImageDraw, ImageFont

from companion.bots import Bot, Observation, RandomBot, RuleBot, fallback, play_match
from companion.bots.appointments import first_appointment
from companion.bots.rules import BASE_RULES, RULES
from companion.bots.stakes import public_side
from companion.engine import CHARACTERS, Action, Game, GameSetup, Module, RevealSpecial, deal
from companion.modules.ghost.rules import ID as GHOST
from companion.modules.posse.rules import ID as NEW_POSSE
from companion.modules.saloon_characters.rules import ID as SALOON_CHARACTERS

SECTION = "## The modules' rules"
AFTER_OUTBREAK = "after an outbreak"  # decisions read by the sides (Undead or Alive 4)
PLAYERS: dict[str, Callable[[int], Bot]] = {
    "rules": lambda seed: RuleBot(),
    "fallbacks": lambda seed: RuleBot(
        BASE_RULES, reveals={}, sides=False, appoints=first_appointment
    ),
    "random": RandomBot,
    "mc": MonteCarloBot,
}
PAIRS = ("rules:fallbacks", "rules:random")
CHARACTER_MODULES = frozenset({SALOON_CHARACTERS, NEW_POSSE})
GOOD, BAD, EVEN = (60, 140, 75), (190, 60, 50), (150, 150, 150)


@dataclass
class Pair:
    """One module set's paired tournament."""

    label: str
    challenger: str
    baseline: str
    players: int
    diffs: list[int] = field(default_factory=list)
    module_decisions: Counter[str] = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)

    def interval(self) -> tuple[float, float, float]:
        return paired_interval(self.diffs)


class Counting:
    """The challenger, counting the module decisions and reveals it makes (not the base's),
    and the decisions it reads by the sides of an Undead or Alive 4 outbreak."""

    def __init__(self, bot: Bot, timed: Timed, seen: Counter[str]) -> None:
        self.bot, self.timed, self.seen = bot, timed, seen
        self.name, self.looks_ahead = bot.name, bot.looks_ahead

    def __call__(self, obs: Observation) -> Action:
        if obs.pending.spec.person_enters:
            # What a real card or token shows (a Rage card's symbols): a person enters it at
            # the table, so every player here enters it alike, as the fallback does; a player
            # that chose it (a search) would be choosing its own cards.
            return fallback(obs)
        action = self.timed(obs)
        kind = obs.pending.kind
        if len(obs.legal) > 1 and kind in RULES and kind not in BASE_RULES:
            self.seen[str(kind)] += 1
        if len(obs.legal) > 1 and getattr(self.bot, "sides", False) and public_side(obs):
            self.seen[AFTER_OUTBREAK] += 1
        return action

    def reveal(self, obs: Observation) -> RevealSpecial | None:
        reveal = getattr(self.bot, "reveal", None)
        action = reveal(obs) if reveal is not None else None
        if action is not None:
            self.seen[f"reveal {action.card}"] += 1
        return action


def players_for(modules: frozenset[Module]) -> int:
    return 6 if GHOST in modules else 5


def focus_seat(setup: GameSetup, i: int) -> int:
    """Seat i mod players; with the modules' characters (Old Saloon 4, Undead or Alive 3), the
    first seat from there dealt one of them, where their decisions are (the deal decides it,
    before any player does, so the pairing holds)."""
    players = len(setup.characters)
    order = [(i + k) % players for k in range(players)]
    chosen = [m for m in setup.modules if m in CHARACTER_MODULES]
    if chosen:
        dealt = [s for s in order if CHARACTERS[setup.characters[s]].module in chosen]
        if dealt:
            return dealt[0]
    return order[0]


def tournament(
    modules: frozenset[Module], challenger: str, baseline: str, deals: int, seed: int
) -> Pair:
    players = players_for(modules)
    result = Pair(short(modules), challenger, baseline, players)
    for i in range(deals):
        focus = focus_seat(deal(players, seed + i, modules=modules), i)
        wins = []
        for who in (challenger, baseline):
            game = Game(deal(players, seed + i, modules=modules))
            bots = [PLAYERS[baseline](seed * 100 + i * 10 + s) for s in range(players)]
            if who == challenger:
                bot = PLAYERS[challenger](seed + i)
                timed = Timed(bot, result.times)
                bots[focus] = Counting(bot, timed, result.module_decisions)
            play_match(game, bots)
            wins.append(focus in game.winners)
        result.diffs.append(wins[0] - wins[1])
    return result


def plot(pairs: Sequence[Pair], title: str, note: str) -> Image.Image:
    """Each set's paired difference (points) with its 95 % interval, zero in the middle."""
    font = ImageFont.load_default_imagefont()
    width, bar, left, scale = 760, 14, 250, 12.0  # pixels per point
    zero = left + (width - left - 30) / 2
    image = Image.new("RGB", (width, 50 + len(pairs) * (bar + 6) + 30), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((10, 10), title, fill=INK, font=font)
    for tick in range(-20, 21, 5):
        x = zero + tick * scale
        draw.line((x, 30, x, image.height - 28), fill=INK if tick == 0 else (225, 222, 214))
        draw.text((x - 8, image.height - 24), f"{tick:+d}", fill=GREY, font=font)
    for row, p in enumerate(pairs):
        mean, low, high = (100 * v for v in p.interval())
        top = 34 + row * (bar + 6)
        colour = GOOD if low > 0 else BAD if high < 0 else EVEN
        draw.text((10, top + 1), f"{p.label} ({p.challenger} v {p.baseline})", fill=INK, font=font)
        x = zero + max(-20.0, min(20.0, mean)) * scale
        draw.rectangle((min(zero, x), top, max(zero, x), top + bar), fill=colour)
        y = top + bar // 2
        lo, hi = (zero + max(-20.0, min(20.0, v)) * scale for v in (low, high))
        draw.line((lo, y, hi, y), fill=INK, width=2)
        draw.text((hi + 4, top + 1), f"{mean:+.1f}", fill=INK, font=font)
    draw.text((10, image.height - 12), note, fill=GREY, font=font)
    return image


def row(p: Pair) -> str:
    mean, low, high = p.interval()
    verdict = "better" if low > 0 else "worse" if high < 0 else "no significant difference"
    shown = ", ".join(f"{k} {n}" for k, n in p.module_decisions.most_common())
    slowest = max(p.times, default=0.0) * 1000
    return (
        f"| {p.label} | {p.players} | {p.challenger} v {p.baseline} | {len(p.diffs)} | "
        f"{mean:+.1%} | {low:+.1%} to {high:+.1%} | {verdict} | {slowest:.1f} | "
        f"{shown or 'none'} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600, help="paired deals per set (600)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (1)")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="challenger:baseline, ...")
    parser.add_argument(
        "--sets",
        help="module sets by their short names, joined by commas (a comma and a space stays in "
        'a name: "UA4,Undead or Alive, all"); default: all',
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (1: the machine is shared)")
    parser.add_argument("--markdown-into", type=Path, help="write the section here")
    parser.add_argument("--heading", default=SECTION, help=f"the section's heading ({SECTION})")
    parser.add_argument("--image", default="module-rules.png", help="the plot's file name")
    args = parser.parse_args(argv)
    if args.jobs != 1:
        parser.error("--jobs: only 1 is supported (one process, pinned to one core)")
    pinned = pin_to_one_core()
    known = {short(m): m for m in module_sets()}
    wanted = re.split(r",(?! )", args.sets) if args.sets else list(known)
    unknown = [name for name in wanted if name not in known]
    if unknown:
        parser.error(f"--sets: no module set {unknown[0]!r}; expected one of {', '.join(known)}")
    sets = [m for name, m in known.items() if name in wanted]
    started = time.perf_counter()
    results: list[Pair] = []
    for pair in args.pairs.split(","):
        challenger, baseline = pair.split(":")
        for modules in sets:
            t = time.perf_counter()
            results.append(tournament(modules, challenger, baseline, args.deals, args.seed))
            print(
                row(results[-1]), f"({time.perf_counter() - t:.0f} s)", file=sys.stderr, flush=True
            )
    minutes = (time.perf_counter() - started) / 60
    command = shlex.join([".venv/bin/python", "benchmarks/module_rules.py", *sys.argv[1:]])
    table = [
        "| modules | players | challenger v baseline | deals | seat wins, difference | 95 % CI "
        "| verdict | slowest decision (ms) | the challenger's module decisions |",
        "| --- | ---: | --- | ---: | ---: | --- | --- | ---: | --- |",
        *(row(p) for p in results),
    ]
    section = [
        args.heading,
        "",
        f"Paired tournaments, {args.deals} deals per set from seed {args.seed} (measured in "
        f"about {max(1, round(minutes))} min, {pinned}). Produced by:",
        "",
        "```",
        command,
        "```",
        "",
        *table,
        "",
        f"![Paired difference per module set](images/{args.image})",
        "",
    ]
    publish(args.heading, "\n".join(section), args.markdown_into)
    if args.markdown_into:
        plot(
            results,
            "Seat wins, challenger minus baseline, per module set (points)",
            f"{args.deals} paired deals per set; whiskers: 95 % intervals",
        ).save(args.markdown_into.parent / "images" / args.image)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
