"""State folders written by the box of commit 19c921d (tests/data/journals_19c921d/, made by
tests/make_journals_19c921d.py) resume with today's code as the box resumes at start, and play
on to the same end.

Each folder holds a game in progress at a pending decision (the base game, and module sets
covering all ten modules: Old Saloon 1-5, Undead or Alive 1-5, dealt special roles, the Ghost
asked, zombies risen, a seat the box plays), a set-up in progress (its own file), a Wild West
Legacy series between its games and in its second game, and a game over not yet left. Copied
to a temporary folder, each is opened by a table session made from the folder's ``config.toml``
and started as `bang-companion run` makes and starts it; it must stand where 19c921d left it
(``expected.json``: the same set-up, or the same turn, pending decision, lives and arrows), take
every press 19c921d made after it, end the same, and go on to the next set-up, with no file kept
aside as unreadable and nothing said on the console's flash line.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.config import load
from companion.panels.console import shows_whole
from companion.table import TableSession

DATA = Path(__file__).with_name("data") / "journals_19c921d"
CASES = sorted(p.name for p in DATA.iterdir() if (p / "expected.json").is_file())
MAX_BOX_CHOICES = 1_000
SEED = 7  # the seed 19c921d's emulator had: the shuffles of set-ups begun after resuming


def where(session: TableSession) -> dict[str, Any]:
    """Where the table stands, in the plain values the maker wrote (its ``where``, which reads
    19c921d's objects; this one reads today's)."""
    if session.play is None:
        flow = session.setup
        assert flow is not None
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
    game = play.game
    pending = game.pending
    return {
        "stage": "play",
        "seats": list(play.seats),
        "bots": {str(seat): player for seat, player in sorted(play.bots.items())},
        "modules": sorted(str(m) for m in game.setup.modules),
        "steps": len(play.taken),
        "turn_number": game.turn_number,
        "turn": game.turn,
        "pending": None if pending is None else {"kind": str(pending.kind), "seat": pending.seat},
        "life": [p.life for p in game.players],
        "arrows": [p.arrows for p in game.players],
        "alive": [p.alive for p in game.players],
        "pile": game.pile,
        "over": game.over,
        "side": game.side,
        "winners": list(game.winners),
    }


def files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


class Table:
    """The daemon's session on a copied state folder, pressed as `emulate --keys -` presses a
    script (which made the presses): one second apart, the box's choices at once after each
    (the panels are not drawn); a press the table refuses fails the test."""

    def __init__(self, case: str, state_dir: Path) -> None:
        config = load(DATA / case / "config.toml")
        config.table.state_dir = state_dir
        self.session = TableSession(
            config.table, seed=SEED, console_fits=shows_whole(config.console_width)
        )
        self.session.start()
        self.count = 0
        self.box_choices()

    def press(self, key: str) -> None:
        kind, _, button = key.rpartition(":")
        self.count += 1
        self.session.handle(button, "hold" if kind else "press", float(self.count))
        assert self.session.flash is None, f"press {self.count} ({key}): {self.session.flash}"
        self.box_choices()

    def box_choices(self) -> None:
        """Every choice the box owes now, as the emulator makes them for a script (a whole
        game's worth at most: more is a box that never stops choosing)."""
        now = float(self.count)
        for _ in range(MAX_BOX_CHOICES):
            if self.session.box_wait(now) is None:
                return
            self.session.box_step(now)
            assert self.session.flash is None, self.session.flash
        raise AssertionError(f"the box still owes a choice after {MAX_BOX_CHOICES}")


def test_every_module_is_in_some_folder() -> None:
    """The folders cover the base game and all ten modules, in play and in a set-up."""
    expected = [json.loads((DATA / c / "expected.json").read_text()) for c in CASES]
    stages = {e["at_start"]["stage"] for e in expected}
    modules = {m for e in expected for m in e["end"]["modules"]}
    assert stages == {"play", "setup"}
    assert modules == {f"old_saloon.{n}" for n in range(1, 6)} | {
        f"undead_or_alive.{n}" for n in range(1, 6)
    }
    assert any(not e["end"]["modules"] for e in expected)  # the base game
    assert all(e["made_by"] == "19c921d" for e in expected)


@pytest.mark.parametrize("case", CASES)
def test_a_state_folder_of_19c921d_resumes_where_it_was_and_plays_to_the_same_end(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = json.loads((DATA / case / "expected.json").read_text())
    state_dir = tmp_path / "state"
    shutil.copytree(DATA / case / "state", state_dir)
    written = files(state_dir)

    table = Table(case, state_dir)
    session = table.session
    assert session.flash is None, session.flash  # nothing kept aside, nobody's player retired
    assert where(session) == expected["at_start"]

    for key in expected["presses"]:
        table.press(key)
    assert where(session) == expected["end"]

    table.press("ROLL")  # the game's end written, listed with the games; the next set-up
    assert session.setup is not None and session.play is None
    session.close()
    after = files(state_dir)
    assert written <= after
    assert [name for name in after if "unreadable" in name] == []

    assert main(["games", "--state-dir", str(state_dir)]) == 0
    listed = capsys.readouterr().out.strip().splitlines()
    assert len(listed) == len(list((state_dir / "games").glob("*.jsonl")))
    if "undead_or_alive.5" in expected["end"]["modules"]:
        assert all("series 1" in line for line in listed)  # the series went on
