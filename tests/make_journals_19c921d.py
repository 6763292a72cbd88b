"""Make tests/data/journals_19c921d/: state folders of games in progress, written by the code of
commit 19c921d (before each module became a package of its own), for
tests/test_journals_19c921d.py to resume with the code of today.

    .venv/bin/python tests/make_journals_19c921d.py [--checkout ../compat-19c921d] [--out DIR]

The checkout is made with ``git worktree add --detach`` when absent. This script then runs
itself again in a second process with that checkout first on ``PYTHONPATH``, so the box that
plays and writes is 19c921d's (its ``companion`` and its ``tests/table/driver.py``), checked by
where ``companion`` was imported from. Each case is played as `bang-companion emulate --keys -`
plays a script (the box's choices at once after each press): set-up presses, then random legal
presses from a seeded generator until the case's moment; its state folder is copied there; then
the same generator plays on to the game's end. Beside the copy: ``config.toml`` (what the box
was started with) and ``expected.json`` (where the game stood, the presses that ended it, and
how it ended, all as 19c921d saw them).

Nothing here imports this checkout's code: the cases run against 19c921d's, so its names are
reached through the modules that process imports.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

COMMIT = "19c921d"
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "journals_19c921d"
SEED = 7  # the emulator's seed: the set-ups' shuffles
MAX_PRESSES = 4_000  # per case: a game that does not end by then is a fault of the script

Session = Any  # 19c921d's TableSession
Until = Callable[[Session], bool]


def game(session: Session) -> Any:
    return session.play.game if session.play is not None else None


def at_kind(*kinds: str, turn: int = 1) -> Until:
    """A decision of one of ``kinds`` pending, from turn ``turn`` on."""

    def moment(session: Session) -> bool:
        g = game(session)
        return (
            g is not None and not g.over and g.turn_number >= turn and str(g.pending.kind) in kinds
        )

    return moment


def over(session: Session) -> bool:
    g = game(session)
    return g is not None and g.over


def ghost_asked(session: Session) -> bool:
    g = game(session)
    return at_kind("ghost_reroll", "ghost_target")(session) and any(p.ghost for p in g.players)


def zombies_risen(session: Session) -> bool:
    g = game(session)
    return at_kind("reroll")(session) and any(p.zombie and p.alive for p in g.players)


def series_set_up(session: Session) -> bool:
    return session.setup is not None and session.setup.legacy is not None


@dataclass(frozen=True)
class Play:
    """Random legal presses (``seed``) until ``until`` holds of the session."""

    seed: int
    until: Until = over


@dataclass(frozen=True)
class FinishSetup:
    """The set-up on the table finished: a surviving Sheriff of a series appoints the first
    seat, the characters left are drawn at random (ROLL), DONE starts the game."""


Step = list[str] | Play | FinishSetup


@dataclass(frozen=True)
class Case:
    """A state folder: the box's configuration, the steps to the moment it is kept at, and the
    steps after it (their presses are written down; the last ends the game)."""

    name: str
    config: str
    before: list[Step]
    after: list[Step] = field(default_factory=list)


SETUP = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE", "SEAT2", "ROLL", "DONE"]
DEALT = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE", "ROLL", "ROLL", "DONE"]
SIX = [f"SEAT{n}" for n in range(1, 7)]
OLD_SALOON = [f"old_saloon.{n}" for n in range(1, 6)]
UNDEAD = [f"undead_or_alive.{n}" for n in range(1, 6)]


def config(seats: int = 6, modules: list[str] | None = None, roles: str = "physical") -> str:
    lines = ["[game]", f"seats = {seats}", f'roles = "{roles}"']
    if modules:
        lines.append("modules = [" + ", ".join(f'"{m}"' for m in modules) + "]")
    return "\n".join([*lines, "bot_pause = 0.5", ""])


CASES = [
    Case("base-reroll", config(), [SETUP, Play(1, at_kind("reroll", turn=4))], [Play(1)]),
    Case(
        "base-setup-characters",
        config(),
        [SETUP[:7] + ["DIE1", "DIE2"]],
        [["ROLL", "DONE"], Play(2)],
    ),
    Case(
        "base-game-over",
        config(),
        [SETUP, Play(3)],
    ),
    Case(
        "setup-modules-by-presses",
        config(seats=6),
        [[*SIX, "DIE1", "DIE2", "DIE6", "DIE3"]],
        [["DONE", "SEAT3", "ROLL", "DONE"], Play(4)],
    ),
    Case(
        "old-saloon-1-2-4-chief-arrow",
        config(modules=["old_saloon.1", "old_saloon.2", "old_saloon.4"]),
        [SETUP, Play(5, at_kind("chief_arrow", "which_arrow", turn=3))],
        [Play(5)],
    ),
    Case(
        "special-roles-dealt",
        config(modules=["old_saloon.3"], roles="dealt"),
        [DEALT, Play(6, at_kind("reroll", turn=5))],
        [Play(6)],
    ),
    Case(
        "ghost",
        config(modules=["old_saloon.5"]),
        [SETUP, Play(7, ghost_asked)],
        [Play(7)],
    ),
    Case(
        "old-saloon-1-5",
        config(seats=6, modules=OLD_SALOON),
        [[*SIX, "DONE", "SEAT4", "ROLL", "DONE"], Play(8, at_kind("saloon_die", turn=4))],
        [Play(8)],
    ),
    Case(
        "undead-1-3-duel",
        config(modules=UNDEAD[:3]),
        [SETUP, Play(9, at_kind("duel_roll", turn=2))],
        [Play(9)],
    ),
    Case(
        "zombies",
        config(modules=["undead_or_alive.4"]),
        [SETUP, Play(10, zombies_risen)],
        [Play(10)],
    ),
    Case(
        "legacy-between-games",
        config(modules=["undead_or_alive.5"]),
        [SETUP, Play(11), ["ROLL"]],
        [FinishSetup(), Play(12)],
    ),
    Case(
        "legacy-second-game",
        config(modules=["undead_or_alive.5"]),
        [SETUP, Play(13), ["ROLL"], FinishSetup(), Play(14, at_kind("reroll", turn=3))],
        [Play(14)],
    ),
    Case(
        "box-seat-all-but-the-ghost",
        config(modules=[*OLD_SALOON[:4], *UNDEAD]),
        [
            ["SEAT1", "SEAT2", "SEAT3", "HOLD:SEAT4", "SEAT5", "DONE", "ROLL", "ROLL", "DONE"],
            Play(15, at_kind("reroll", turn=4)),
        ],
        [Play(15)],
    ),
    Case(
        "all-but-zombies",
        config(seats=6, modules=[*OLD_SALOON, *UNDEAD[:3], UNDEAD[4]]),
        [[*SIX, "DONE", "SEAT1", "ROLL", "DONE"], Play(16, at_kind("duel_target", turn=3))],
        [Play(16)],
    ),
]


class Table:
    """19c921d's emulator, pressed like `emulate --keys -`: keys one second apart, each one
    taken (a refused key is a fault of the script), the box's choices at once."""

    def __init__(self, config_path: Path, state_dir: Path) -> None:
        from companion.config import load
        from companion.emulate import Emulator

        loaded = load(config_path)
        loaded.table.state_dir = state_dir
        self.emulator = Emulator(loaded, seed=SEED, scripted=True)
        self.session = self.emulator.session
        self.count = 0

    def press(self, key: str) -> None:
        from companion.devices.inputs import ButtonEvent

        kind, _, button = key.rpartition(":")
        self.count += 1
        if self.count > MAX_PRESSES:
            raise SystemExit(f"more than {MAX_PRESSES} presses: the script does not end")
        event = ButtonEvent(button, "hold" if kind else "press", "keys")
        self.emulator.press(event, at=float(self.count))
        if self.session.flash is not None:
            raise SystemExit(f"{key} (press {self.count}) refused: {self.session.flash}")

    def run(self, steps: list[Step]) -> list[str]:
        """The steps' presses made; the keys pressed."""
        from tests.table.driver import next_buttons

        keys: list[str] = []
        for step in steps:
            if isinstance(step, list):
                step_keys = step
                for key in step_keys:
                    self.press(key)
                keys += step_keys
                continue
            if isinstance(step, FinishSetup):
                flow = self.session.setup
                first = [f"SEAT{flow.joined[0]}"] if flow.stage == "roles" else []
                for key in [*first, "ROLL", "DONE"]:
                    self.press(key)
                    keys.append(key)
                continue
            rng = random.Random(step.seed)
            while not step.until(self.session):
                if over(self.session):
                    raise SystemExit(f"the game ended before its moment (seed {step.seed})")
                for key in next_buttons(self.session, rng):
                    self.press(key)
                    keys.append(key)
        return keys


def where(session: Session) -> dict[str, Any]:
    """Where the table stands, in plain values a later box's objects can be held against."""
    if session.play is None:
        flow = session.setup
        return {
            "stage": "setup",
            "setup_stage": flow.stage,
            "joined": list(flow.joined),
            "bots": list(flow.bots),
            "modules": sorted(str(m) for m in flow.modules),
            "roles": {str(seat): str(role) for seat, role in sorted(flow.roles.items())},
            "characters": {str(seat): name for seat, name in sorted(flow.characters.items())},
        }
    play = session.play
    g = play.game
    pending = g.pending
    return {
        "stage": "play",
        "seats": list(play.seats),
        "bots": {str(seat): player for seat, player in sorted(play.bots.items())},
        "modules": sorted(str(m) for m in g.setup.modules),
        "steps": len(play.taken),
        "turn_number": g.turn_number,
        "turn": g.turn,
        "pending": None if pending is None else {"kind": str(pending.kind), "seat": pending.seat},
        "life": [p.life for p in g.players],
        "arrows": [p.arrows for p in g.players],
        "alive": [p.alive for p in g.players],
        "pile": g.pile,
        "over": g.over,
        "side": g.side,
        "winners": list(g.winners),
    }


def make(case: Case, out: Path, scratch: Path) -> None:
    """Play ``case``; its folder in ``out``: config.toml, state/, expected.json."""
    work = scratch / case.name
    work.mkdir()
    (work / "config.toml").write_text(case.config)
    table = Table(work / "config.toml", work / "state")
    table.run(case.before)
    at_the_moment = where(table.session)
    folder = out / case.name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    shutil.copy(work / "config.toml", folder / "config.toml")
    shutil.copytree(work / "state", folder / "state")
    after = table.run(case.after)
    ended = where(table.session)
    table.emulator.close()
    if not ended.get("over"):
        raise SystemExit(f"{case.name}: its last step does not end the game")
    expected = {"made_by": COMMIT, "at_start": at_the_moment, "presses": after, "end": ended}
    (folder / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(f"{case.name}: {at_the_moment['stage']}, then {len(after)} presses to the end")


def inside(out: Path, checkout: Path) -> None:
    """This process: 19c921d's code plays every case."""
    import companion

    if not Path(companion.__file__).resolve().is_relative_to(checkout.resolve()):
        raise SystemExit(f"companion imported from {companion.__file__}, not from {checkout}")
    with tempfile.TemporaryDirectory() as scratch:
        for case in CASES:
            make(case, out, Path(scratch))


def checked_out(checkout: Path) -> Path:
    """A worktree of 19c921d at ``checkout``, added when absent; refused when it is another."""
    if not checkout.exists():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(checkout), COMMIT],
            check=True,
        )
    head = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not head.startswith(COMMIT):
        raise SystemExit(f"{checkout} is at {head[:7]}, not at {COMMIT}")
    return checkout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--checkout",
        type=Path,
        default=ROOT.parent / f"compat-{COMMIT}",
        help=f"a checkout of {COMMIT} (made with git worktree when absent)",
    )
    parser.add_argument("--out", type=Path, default=OUT, help="where the cases' folders go")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    checkout = args.checkout.resolve()
    if args.inside:
        inside(args.out, checkout)
        return
    checked_out(checkout)
    env = {**os.environ, "PYTHONPATH": str(checkout), "SDL_VIDEODRIVER": "dummy"}
    # -P: this script's folder (tests/, whose serial/ would shadow pyserial) is not on the path.
    command = [sys.executable, "-P", __file__, "--inside", "--checkout", str(checkout)]
    done = subprocess.run([*command, "--out", str(args.out.resolve())], cwd=checkout, env=env)
    raise SystemExit(done.returncode)


if __name__ == "__main__":
    main()
