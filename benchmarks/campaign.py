"""The module-set campaign: random games for every module set the set-up accepts, looking for a
game that raises or sticks.

Every subset of the ten modules that ``companion.engine.validate_modules`` accepts for some
player count from 3 to 8 is a set (Old Saloon 3 twice: its special roles dealt by the base
distribution, and "mixed" by type with the normal cards). Each set plays ``--games`` games
(20,000 by default), shared evenly between every player count it allows and two players: the
random player (every seat any legal action, the engine's fuzzer, ``simulate``'s default) and the
rule-based player (``companion.bots.RuleBot`` in every seat). Game ``k`` of a player count and
a player uses seed ``--first-seed + k``, so a failure reproduces from its seed alone.

A game fails when it raises, or sticks: no end within ``--max-actions`` actions, or a decision
no answer fits (the engine is strict here: a rule that asks one raises ``StateError``). Every
failure is reported with what reproduces it. Each finished set is appended to the results file
(JSON Lines), so a rerun skips the sets already played with the same figures; the sets run in
``--jobs`` processes. The summary table is written for ``docs/reliability.md``::

    .venv/bin/python benchmarks/campaign.py --jobs 2                      # the full campaign
    .venv/bin/python benchmarks/campaign.py --games 200 --sample 40       # a short slice
    .venv/bin/python benchmarks/campaign.py --summary                     # the table only
    .venv/bin/python benchmarks/campaign.py --game old_saloon.3:mixed 5 rules 123   # one game
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
import traceback
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from companion.bots import make_bot, play_match
from companion.engine import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    Module,
    SetupError,
    StateError,
    deal,
    validate_modules,
)
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.simulation import play, random_policy

DEFAULT_GAMES = 20_000
DEFAULT_RESULTS = Path("benchmarks/campaign-results.jsonl")
POLICIES = ("random", "rules")
# Far above any game that ends (the summary gives the longest played: about 1,000), far below
# simulate's 100,000, so a game that loops costs seconds, not minutes.
DEFAULT_MAX_ACTIONS = 20_000
MIXED = ":mixed"
BASE = "base"


@dataclass(frozen=True)
class ModuleSet:
    """Modules played together, and for Old Saloon 3 how its special roles are dealt."""

    modules: frozenset[Module]
    mixed: bool = False

    @property
    def key(self) -> str:
        """Its name in the results and on the command line: ``old_saloon.3:mixed+...``."""
        names = [
            m.value + (MIXED if m is SPECIAL_ROLES_ID and self.mixed else "")
            for m in sorted(self.modules)
        ]
        return "+".join(names) or BASE

    @classmethod
    def parse(cls, key: str) -> ModuleSet:
        if key == BASE:
            return cls(frozenset())
        names = key.split("+")
        mixed = f"{SPECIAL_ROLES_ID.value}{MIXED}" in names
        try:
            modules = frozenset(Module(n.removesuffix(MIXED)) for n in names)
        except ValueError:
            raise SystemExit(
                f"campaign: --sets: {key!r} is no module set; expected module ids joined by "
                f"'+' (old_saloon.3{MIXED} for mixed special roles), or {BASE!r}"
            ) from None
        found = cls(modules, mixed)
        if found.key != key or not found.players():
            raise SystemExit(
                f"campaign: --sets: {key!r} is not a set the set-up accepts; "
                "--list-sets prints every one"
            )
        return found

    def players(self) -> tuple[int, ...]:
        """The player counts the set-up accepts this set for."""
        found = []
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            try:
                validate_modules(self.modules, players, ())
            except SetupError:
                continue
            found.append(players)
        return tuple(found)


def module_sets() -> list[ModuleSet]:
    """Every set the set-up accepts, the smaller first."""
    found = []
    for size in range(len(Module) + 1):
        for chosen in combinations(sorted(Module), size):
            modules = frozenset(chosen)
            if not ModuleSet(modules).players():
                continue
            found.append(ModuleSet(modules))
            if SPECIAL_ROLES_ID in modules:
                found.append(ModuleSet(modules, mixed=True))
    return found


@dataclass(frozen=True)
class Failure:
    """A game that raised or stuck, and what reproduces it."""

    set: str
    players: int
    policy: str
    seed: int
    what: str  # "raises", or "sticks" (no end within the cap, or a decision with no answer)
    error: str  # the exception's last line

    def repro(self) -> str:
        """The command that plays this game again, with the full traceback."""
        own = (
            ".venv/bin/python benchmarks/campaign.py --game "
            f"{self.set} {self.players} {self.policy} {self.seed}"
        )
        chosen = ModuleSet.parse(self.set)
        if chosen.mixed:
            return own  # simulate has no mixed special roles
        modules = " ".join(m.value for m in sorted(chosen.modules))
        return (
            f".venv/bin/bang-companion simulate --players {self.players} --games 1 "
            f"--seed {self.seed} --policy {self.policy}"
            + (f" --modules {modules}" if modules else "")
            + f"  (or {own})"
        )


def new_game(chosen: ModuleSet, players: int, seed: int) -> Game:
    return Game(deal(players, seed, modules=chosen.modules, mixed=chosen.mixed))


def play_out(game: Game, policy: str, seed: int, max_actions: int) -> int:
    """Play to the end exactly as ``bang-companion simulate --games 1 --seed SEED`` does;
    returns the actions taken."""
    if policy == "random":
        return play(game, random_policy, random.Random(seed), max_actions)
    bots = [make_bot(policy, seed * 16 + s) for s in range(len(game.players))]
    return len(play_match(game, bots, max_actions).actions)


def _classify(game: Game | None, exc: BaseException) -> str:
    """A cap reached or a decision no answer fits is a game that sticks; the rest raise."""
    if isinstance(exc, RuntimeError) and "did not end within" in str(exc):
        return "sticks"
    if isinstance(exc, StateError):
        return "sticks"  # the strict engine: a rule asked a decision with no answer
    if game is not None and not game.over and game.pending is not None:
        try:
            if not game.legal_actions():
                return "sticks"
        except Exception:  # noqa: BLE001 (a broken state raises; the game raised anyway)
            pass
    return "raises"


def last_line(exc: BaseException) -> str:
    return traceback.format_exception_only(type(exc), exc)[-1].strip()


@dataclass(frozen=True)
class Campaign:
    """What every set of a run plays: a rerun skips the sets played with the same figures."""

    games: int = DEFAULT_GAMES
    first_seed: int = 1
    max_actions: int = DEFAULT_MAX_ACTIONS
    policies: tuple[str, ...] = POLICIES

    def plan(self, chosen: ModuleSet) -> list[tuple[int, str, int]]:
        """Each player count and player with its number of games: ``games`` shared evenly."""
        counts = chosen.players()
        each = math.ceil(self.games / (len(counts) * len(self.policies)))
        return [(players, policy, each) for players in counts for policy in self.policies]

    def matches(self, record: dict[str, Any]) -> bool:
        return record.get("campaign") == asdict(self) | {"policies": list(self.policies)}


def run_set(task: tuple[str, Campaign]) -> dict[str, Any]:
    """Play one set's games (in a worker process) and return its results line."""
    key, campaign = task
    Game.strict_decisions = True
    chosen = ModuleSet.parse(key)
    failures: list[Failure] = []
    played: dict[str, int] = dict.fromkeys(campaign.policies, 0)
    cpu: dict[str, float] = dict.fromkeys(campaign.policies, 0.0)
    longest = 0
    for players, policy, count in campaign.plan(chosen):
        start = time.process_time()
        for seed in range(campaign.first_seed, campaign.first_seed + count):
            game: Game | None = None
            try:
                game = new_game(chosen, players, seed)
                longest = max(longest, play_out(game, policy, seed, campaign.max_actions))
            except Exception as exc:  # noqa: BLE001 (every failure is the campaign's finding)
                failures.append(
                    Failure(key, players, policy, seed, _classify(game, exc), last_line(exc))
                )
        played[policy] += count
        cpu[policy] += time.process_time() - start
    return {
        "set": key,
        "campaign": asdict(campaign) | {"policies": list(campaign.policies)},
        "played": played,
        "cpu_seconds": {policy: round(s, 3) for policy, s in cpu.items()},
        "longest": longest,
        "failures": [asdict(f) for f in failures],
    }


def read_results(path: Path) -> list[dict[str, Any]]:
    """The sets already played; a torn last line (the campaign stopped mid-write) is skipped."""
    if not path.exists():
        return []
    found = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            print(f"campaign: {path}:{number}: not a results line, skipped", file=sys.stderr)
            continue
        if isinstance(record, dict) and "set" in record:
            found.append(record)
    return found


def summary(
    records: Sequence[dict[str, Any]], left: Sequence[ModuleSet], campaign: Campaign, jobs: int
) -> str:
    """The table for docs/reliability.md, every failure with its reproduction, and how long the
    sets not played yet, and the full campaign, would take at this rate (CPU time, so a busy
    machine does not inflate it)."""
    played = {p: sum(r["played"][p] for r in records) for p in campaign.policies}
    cpu = {p: sum(r["cpu_seconds"][p] for r in records) for p in campaign.policies}
    games, busy = sum(played.values()), sum(cpu.values())
    rate = games / busy if busy else 0.0
    failures = [Failure(**f) for r in records for f in r["failures"]]
    lines = [
        "| module sets | games | games per CPU second | failures |",
        "| ---: | ---: | ---: | ---: |",
        f"| {len(records)} | {games:,} | {rate:,.0f} | {len(failures)} |",
        "",
        "Per player: "
        + ", ".join(
            f"{p} {played[p]:,} games at {played[p] / cpu[p]:,.0f}/s"
            for p in campaign.policies
            if cpu[p]
        )
        + f"; the longest game {max((r['longest'] for r in records), default=0):,} actions.",
        "",
    ]
    if failures:
        lines.append("Failures (what, set, players, player, seed: error; reproduce with):")
        for f in failures:
            lines.append(
                f"- {f.what}: {f.set}, {f.players} players, {f.policy}, seed {f.seed}: {f.error}"
            )
            lines.append(f"  {f.repro()}")
    else:
        lines.append("No game raised or stuck.")
    if rate:
        lines.append("")
        for what, sets, planner in (
            ("The sets of this campaign not played yet", left, campaign),
            ("The full campaign (every set, the defaults)", module_sets(), Campaign()),
        ):
            games_left = sum(count for c in sets for _p, _q, count in planner.plan(c))
            hours = games_left / rate / jobs / 3600
            lines.append(
                f"{what}: {len(sets)} sets, {games_left:,} games, about {hours:.1f} h on "
                f"{jobs} free core(s) at {rate:,.0f} games per CPU second."
            )
    return "\n".join(lines)


def choose_sets(args: argparse.Namespace) -> list[ModuleSet]:
    every = module_sets()
    if args.sets:
        return [ModuleSet.parse(key) for key in args.sets]
    if args.sample:
        n = min(args.sample, len(every))
        return [every[i * len(every) // n] for i in range(n)]
    return every


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, not {value}")
    return value


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games",
        type=positive,
        default=DEFAULT_GAMES,
        help=f"games per module set (default {DEFAULT_GAMES:,})",
    )
    parser.add_argument("--sets", nargs="+", metavar="SET", help="only these (see --list-sets)")
    parser.add_argument(
        "--sample", type=positive, metavar="N", help="N sets spread over the whole list"
    )
    parser.add_argument(
        "--policies",
        nargs="+",
        choices=POLICIES,
        default=list(POLICIES),
        help="the players (default: both)",
    )
    parser.add_argument("--jobs", type=positive, default=1, help="processes (default 1)")
    parser.add_argument(
        "--first-seed", type=int, default=1, help="the first game's seed (default 1)"
    )
    parser.add_argument(
        "--max-actions",
        type=positive,
        default=DEFAULT_MAX_ACTIONS,
        help=f"a game not over after this many actions sticks (default {DEFAULT_MAX_ACTIONS:,})",
    )
    parser.add_argument(
        "--results",
        type=Path,
        default=DEFAULT_RESULTS,
        help=f"the results file (default {DEFAULT_RESULTS})",
    )
    parser.add_argument(
        "--summary", action="store_true", help="print the table of the results file and stop"
    )
    parser.add_argument(
        "--list-sets", action="store_true", help="print every set and its player counts"
    )
    parser.add_argument(
        "--game",
        nargs=4,
        metavar=("SET", "PLAYERS", "POLICY", "SEED"),
        help="play one game in the foreground, with its full traceback",
    )
    return parser.parse_args(argv)


def play_all(todo: list[str], campaign: Campaign, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Play the sets in ``args.jobs`` processes, each appended to the results as it ends."""
    print(f"{len(todo)} sets to play", file=sys.stderr)
    args.results.parent.mkdir(parents=True, exist_ok=True)
    records = []
    start = time.perf_counter()
    with Pool(args.jobs) as pool, args.results.open("a") as out:
        for record in pool.imap_unordered(run_set, [(key, campaign) for key in todo]):
            out.write(json.dumps(record) + "\n")
            out.flush()
            records.append(record)
            games = sum(sum(r["played"].values()) for r in records)
            print(
                f"{len(records)}/{len(todo)} {record['set']}: {len(record['failures'])} "
                f"failures ({games / (time.perf_counter() - start):,.0f} games/s)",
                file=sys.stderr,
            )
    return records


def play_one_game(key: str, players: str, policy: str, seed: str, max_actions: int) -> int:
    """One game in the foreground, strict, so what fails shows its whole traceback."""
    chosen = ModuleSet.parse(key)
    if not players.isdigit() or int(players) not in chosen.players():
        raise SystemExit(f"campaign: --game: {key} is played by {chosen.players()} players")
    if policy not in POLICIES or not seed.lstrip("-").isdigit():
        raise SystemExit(f"campaign: --game: expected a player of {POLICIES} and a whole seed")
    Game.strict_decisions = True
    game = new_game(chosen, int(players), int(seed))
    taken = play_out(game, policy, int(seed), max_actions)
    print(f"ends after {taken} actions, turn {game.turn_number}: {game.side} won")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.list_sets:
        for chosen in module_sets():
            print(chosen.key, " ".join(map(str, chosen.players())))
        return 0
    if args.game:
        key, players, policy, seed = args.game
        return play_one_game(key, players, policy, seed, args.max_actions)
    campaign = Campaign(args.games, args.first_seed, args.max_actions, tuple(args.policies))
    sets = choose_sets(args)
    done = {r["set"]: r for r in read_results(args.results) if campaign.matches(r)}
    todo = [c.key for c in sets if c.key not in done]
    if todo and not args.summary:
        done |= {r["set"]: r for r in play_all(todo, campaign, args)}
    records = [done[c.key] for c in sets if c.key in done]
    left = [c for c in module_sets() if c.key not in done]
    print(summary(records, left, campaign, args.jobs))
    return 1 if any(r["failures"] for r in records) else 0


if __name__ == "__main__":
    sys.exit(main())
