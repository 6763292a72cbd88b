"""The companion's promises (docs/reliability.md): a game is never stuck, nothing acknowledged is
lost, a refused press changes nothing, and the box always starts.

Each test here reproduces a fault found from outside; every one of them failed before its fix.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import DecisionKind, DiceRolled, Game, GameSetup, Role, SeededDice
from companion.modules.duels.events import DuelRolled
from companion.modules.duels.rules import DUEL_ROLL
from companion.modules.special_roles.dealing import SpecialsSetup
from companion.table import Journal, TableConfig, TableSession, read_journal
from companion.table.buttons import BUTTONS
from companion.table.journal import journals
from companion.table.play import Refused, TablePlay

from .driver import CHARACTERS_5, SETUP_5, buttons_for
from .test_journal import played, resumed
from .test_session import Clock, press_all

# Four characters whose abilities ask nothing, and a seed whose first roll shows two Dynamite,
# two Gatlings and an Arrow: DONE then passes the turn with no question in between.
QUIET = ("paul_regret", "el_gringo", "jesse_jones", "rose_doolan")
DYNAMITE_SEED = 56
SORTED_BUTTONS = sorted(BUTTONS)
GAMBLER_TABLE = ("paul_regret", "el_gringo", "jesse_jones", "rose_doolan", "suzy_lafayette")


def quiet_game(state_dir: Path | None = None) -> TablePlay:
    return TablePlay.new(GameSetup(QUIET, sheriff=0, seed=DYNAMITE_SEED), [1, 2, 3, 4], state_dir)


# ----------------------------------------------------------------- fault 1: UNDO past a DONE


def test_undo_past_a_done_leaves_the_sheriff_free_to_keep_the_dice() -> None:
    play = quiet_game()
    play.press("ROLL")
    assert "dynamite" in play.game.faces
    play.press("DONE")
    assert play.game.turn == 1
    seat_two = play.press("ROLL")
    seat_two_faces = tuple(play.game.faces)
    play.press("UNDO")
    play.press("UNDO")
    assert play.game.turn == 0 and play.game.pending.kind is DecisionKind.REROLL
    assert play.forced_roll() is None  # seat 2's undone roll is not this decision's
    play.press("DONE")  # once refused for good: "That roll was undone"
    assert play.game.turn == 1
    play.press("ROLL")
    assert tuple(play.game.faces) == seat_two_faces  # the same decision: the same dice
    assert seat_two


def test_a_new_roll_after_undo_past_a_done_is_a_fresh_draw() -> None:
    play = quiet_game()
    play.press("ROLL")
    play.press("DONE")
    play.press("ROLL")
    play.press("UNDO")
    play.press("UNDO")
    free = next(i for i in range(5) if not play.game.locked(i))
    play.press(f"DIE{free + 1}")
    rolled = next(e for e in play.press("ROLL") if isinstance(e, DiceRolled))
    # Draw 1 was seat 2's roll, seen by everyone: the Sheriff's re-roll takes draw 2.
    assert rolled.faces == tuple(SeededDice(DYNAMITE_SEED).roll(2, [(free, "base")]))


def test_an_undone_re_roll_comes_back_with_its_dice_marked() -> None:
    play = quiet_game()
    play.press("ROLL")
    free = [i for i in range(5) if not play.game.locked(i)][:2]
    for die in free:
        play.press(f"DIE{die + 1}")
    play.press("ROLL")
    faces = list(play.game.faces)
    play.press("UNDO")
    assert play.marked == set(free)  # the console shows which dice ROLL brings back
    with pytest.raises(Refused, match="ROLL brings back the same dice"):
        play.press("DONE")
    play.press("ROLL")
    assert play.game.faces == faces


def test_done_clears_the_dice_marks() -> None:
    play = quiet_game()
    play.press("ROLL")
    free = next(i for i in range(5) if not play.game.locked(i))
    play.press(f"DIE{free + 1}")
    assert play.marked
    play.press("DONE")
    assert play.marked == set()


def progress_possible(play: TablePlay) -> bool:
    """Some single press (UNDO aside) applies an action to this game."""
    for button in SORTED_BUTTONS:
        if button == "UNDO":
            continue
        trial = TablePlay(
            game=play.game.copy(),
            seats=list(play.seats),
            marked=set(play.marked),
            forced_rolls=dict(play.forced_rolls),
            drawn=play.drawn,
        )
        try:
            trial.press(button)
        except Refused:
            continue
        if trial.taken:
            return True
    return False


PRESS = st.sampled_from(SORTED_BUTTONS + ["ROLL", "DONE"] * 4 + ["SEAT1", "SEAT2", "SEAT3"] * 2)
STORM = st.lists(
    st.one_of(PRESS.map(lambda b: [b]), st.integers(1, 6).map(lambda n: ["UNDO"] * n)),
    min_size=10,
    max_size=80,
).map(lambda chunks: [b for chunk in chunks for b in chunk])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(presses=STORM, seed=st.integers(0, 2**16))
def test_no_sequence_of_presses_leaves_a_game_with_no_accepted_press(
    presses: list[str], seed: int
) -> None:
    """UNDO storms included: a game in progress always has a press that makes progress."""
    play = TablePlay.new(GameSetup(QUIET, sheriff=seed % 4, seed=seed), [1, 2, 3, 4], None)
    for button in presses:
        with contextlib.suppress(Refused):
            play.press(button)
        if not play.game.over:
            assert progress_possible(play), f"stuck at {play.game.pending} after {button}"


# ------------------------------------------------------------- fault 2: a full disk

FULL_DISK = textwrap.dedent(
    """
    import json, resource, signal, sys
    from pathlib import Path
    from companion.table import TableConfig, TableSession
    from tests.table.driver import CHARACTERS_5, SETUP_5

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, as on a full disk
    session = TableSession(TableConfig(seats=5, state_dir=Path(sys.argv[1])), seed=3)
    session.start()
    for at, button in enumerate(SETUP_5 + CHARACTERS_5, start=1):
        session.handle(button, "press", float(at))
    journal = session.play.journal.path
    before = session.play.game.to_json()
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (journal.stat().st_size + 20, hard))
    session.handle("ROLL", "press", 100.0)  # only part of the record fits
    refused = session.flash
    unchanged = session.play.game.to_json() == before
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # space returns
    session.handle("ROLL", "press", 200.0)
    session.handle("DONE", "press", 300.0)
    print(json.dumps({"refused": refused, "unchanged": unchanged,
                      "after": session.play.game.to_json(), "path": str(journal)}))
    """
)


def test_a_press_refused_on_a_full_disk_leaves_no_trace_once_space_returns(
    tmp_path: Path,
) -> None:
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", FULL_DISK, str(tmp_path)],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["refused"].startswith("Cannot save the game") and report["unchanged"]
    path = Path(report["path"])
    contents = read_journal(path)  # every line whole: nothing torn, nothing half-written
    replayed = TablePlay.replay(contents, path)
    assert replayed.game.to_json() == report["after"]
    rolls = [e for e in contents.entries if e.action is not None and e.action.kind == "roll"]
    assert len(rolls) == 1  # the refused ROLL never happened


# ------------------------------------------------------------- fault 3: the clock jumps back


def test_the_newest_game_is_found_by_number_not_by_the_clock(tmp_path: Path) -> None:
    session, path = played(tmp_path, presses=5)
    expected = session.play.game.to_json()
    session.close()
    # A finished game from before a power cut, when the clock was ahead (no RTC on a Pi).
    finished = tmp_path / "games" / "game-20991231-235959-000.jsonl"
    lines = path.read_text().splitlines()
    finished.write_text("\n".join([*lines, json.dumps({"type": "end", "side": None})]) + "\n")
    again = resumed(tmp_path)
    assert again.play is not None and again.play.game.to_json() == expected
    assert journals(tmp_path / "games")[-1] == path


def test_journals_are_numbered_in_the_order_games_began(tmp_path: Path) -> None:
    legacy = tmp_path / "game-20991231-235959-000.jsonl"
    legacy.write_text("")
    setup = GameSetup(QUIET, sheriff=0, seed=1)
    first = Journal.create(tmp_path, setup)
    second = Journal.create(tmp_path, setup)
    first.close()
    second.close()
    assert [p.name for p in journals(tmp_path)] == [
        legacy.name,
        "game-000001.jsonl",
        "game-000002.jsonl",
    ]


# ------------------------------------------------ fault 4: well-formed but wrong journals


def header_and_rest(path: Path) -> tuple[dict, list[str]]:
    lines = path.read_text().splitlines()
    return json.loads(lines[0]), lines[1:]


def spoil(path: Path, how: str) -> None:
    header, rest = header_and_rest(path)
    first_action = next(i for i, ln in enumerate(rest) if '"action"' in ln)
    seat_action = next((i for i, ln in enumerate(rest) if '"seat"' in ln), first_action)
    if how == "seed x":
        header["setup"]["seed"] = "x"
    elif how == "sheriff 1.5":
        header["setup"]["sheriff"] = 1.5
    elif how == "seats true":
        header["meta"]["seats"] = True
    elif how == "action []":
        rest[first_action] = json.dumps({"type": "action", "action": []})
    text = "\n".join([json.dumps(header), *rest]) + "\n"
    if how == "seed 1e400":
        text = text.replace(f'"seed": {header["setup"]["seed"]}', '"seed": 1e400', 1)
    elif how == "seat 1e400":
        lines = text.splitlines()
        lines[seat_action + 1] = json.dumps(
            {"type": "action", "action": {"action": "seat", "seat": 0}}
        ).replace(": 0}", ": 1e400}")
        text = "\n".join(lines) + "\n"
    elif how == "die 1e400":
        lines = text.splitlines()
        lines.insert(2, '{"type":"action","action":{"action":"roll","dice":[1e400],"faces":["x"]}}')
        text = "\n".join(lines) + "\n"
    elif how == "nested brackets":
        text = text + "[" * 100_000 + "]" * 100_000 + "\n"
    path.write_text(text)


SPOILS = [
    "seed x",
    "seed 1e400",
    "sheriff 1.5",
    "seats true",
    "action []",
    "seat 1e400",
    "die 1e400",
    "nested brackets",
]


@pytest.mark.parametrize("how", SPOILS)
def test_a_well_formed_but_wrong_journal_is_reported_kept_and_a_new_game_starts(
    tmp_path: Path, how: str
) -> None:
    session, path = played(tmp_path, presses=10)
    session.close()
    spoil(path, how)
    original = path.read_bytes()
    again = resumed(tmp_path)  # once a traceback, and a restart loop
    assert again.setup is not None and again.flash == f"Journal unreadable, kept: {path.name}"
    assert path.read_bytes() == original
    clock = Clock()
    clock.now = 1000.0
    press_all(again, SETUP_5 + CHARACTERS_5, clock)
    assert again.play is not None and again.play.journal.path != path


# ------------------------------------------------------- fault 5: a read-only file system

READ_ONLY = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from companion.table import TableConfig, TableSession

    session = TableSession(TableConfig(seats=5, state_dir=Path(sys.argv[1])))
    session.start()
    before = session.play.game.to_json()
    flashes = []
    for at, button in enumerate(["ROLL", "DONE", "UNDO", "SEAT1", "DIE1"], start=1):
        session.handle(button, "press", float(at))
        flashes.append(session.flash)
    print(json.dumps({"resumed": before, "after": session.play.game.to_json(),
                      "flashes": flashes, "prompt": session.view().console.prompt}))
    """
)


def run_on_read_only(state_dir: Path) -> subprocess.CompletedProcess[str]:
    """The script above with ``state_dir`` mounted read-only, as Pi OS does after SD errors."""
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "-c", READ_ONLY, str(state_dir)]
    if os.geteuid() == 0:
        if shutil.which("unshare") is None:
            pytest.skip("needs unshare(1) for a read-only mount")
        # In a chroot, / is no mount point and unshare cannot make the new namespace private.
        probe = subprocess.run(["unshare", "-m", "true"], capture_output=True, text=True)
        if probe.returncode != 0:
            pytest.skip(f"no mount namespace here for a read-only mount: {probe.stderr.strip()}")
        mount = f"mount --bind {state_dir} {state_dir} && mount -o remount,bind,ro {state_dir}"
        command = ["unshare", "-m", "sh", "-c", f'{mount} && exec "$@"', "sh", *command]
    else:
        for path in [state_dir, *state_dir.rglob("*")]:
            path.chmod(path.stat().st_mode & ~0o222)
    return subprocess.run(command, cwd=root, capture_output=True, text=True)


def test_a_read_only_disk_shows_the_game_and_refuses_presses_instead_of_crashing(
    tmp_path: Path,
) -> None:
    session, _path = played(tmp_path, presses=10)
    expected = session.play.game.to_json()
    session.close()
    result = run_on_read_only(tmp_path)
    if result.returncode != 0 and "mount" in result.stderr and os.geteuid() == 0:
        pytest.skip(f"no read-only mount here: {result.stderr.strip()}")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["resumed"] == expected == report["after"]
    assert all(f.startswith("Cannot save the game") for f in report["flashes"])
    assert all("presses are refused" in f for f in report["flashes"])


# ---------------------------------------------------------- the set-up survives a restart


def test_a_power_cut_during_set_up_keeps_every_press(tmp_path: Path) -> None:
    clock = Clock()
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=11)
    session.start()
    press_all(session, SETUP_5 + CHARACTERS_5[:-2], clock)
    expected = session.view()
    # kill -9: nothing closed, nothing flushed beyond what each press wrote
    again = TableSession(TableConfig(seats=6, state_dir=tmp_path))
    again.start()
    assert again.setup is not None and again.view() == expected
    press_all(again, CHARACTERS_5[-2:], clock)
    assert again.play is not None
    third = TableSession(TableConfig(seats=6, state_dir=tmp_path))
    third.start()  # the game's journal is the newer: the game resumes, not the set-up
    assert third.play is not None and third.play.game.to_json() == again.play.game.to_json()


def test_undo_back_into_the_set_up_survives_a_power_cut(tmp_path: Path) -> None:
    clock = Clock()
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=11)
    session.start()
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    press_all(session, ["UNDO"], clock)  # before the first roll: back to the last pick
    assert session.setup is not None
    expected = session.view()
    again = TableSession(TableConfig(seats=6, state_dir=tmp_path))
    again.start()
    assert again.setup is not None and again.view() == expected


def test_an_unreadable_set_up_journal_is_kept_and_a_new_set_up_begins(tmp_path: Path) -> None:
    (tmp_path / "setup.jsonl").write_text('{"type":"header","version":1,"seed":"x"}\n')
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path))
    session.start()
    assert session.setup is not None and session.setup.joined == []
    assert session.flash.startswith("Set-up unreadable, kept: setup-unreadable-")
    kept = list(tmp_path.glob("setup-unreadable-*.jsonl"))
    assert len(kept) == 1 and "seed" in kept[0].read_text()


def test_an_undone_gamblers_re_roll_comes_back_with_the_same_dice() -> None:
    """The Gambler's reveal re-rolls another player's dice: undone and made again at the same
    moment it shows the same dice, so UNDO cannot fish for a better re-roll."""
    specials = ("the_bear", "the_doc", "the_bad", "the_left_hand", "the_gambler")
    setup = GameSetup(
        characters=GAMBLER_TABLE,
        roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
        modules=frozenset({"old_saloon.3"}),
        parts=(SpecialsSetup(specials),),
        seed=3,
    )
    play = TablePlay(Game(setup), [1, 2, 3, 4, 5])
    play.press("ROLL")
    play.press("DONE")  # the Sheriff's last roll: the Gambler's moment
    offered = [r.card for r in play.reveals_for(5)]
    assert "the_gambler" in offered
    first = [e for e in play.reveal(5, offered.index("the_gambler")) if isinstance(e, DiceRolled)]
    play.press("UNDO")
    again = [e for e in play.reveal(5, offered.index("the_gambler")) if isinstance(e, DiceRolled)]
    assert first and [e.faces for e in again] == [e.faces for e in first]


def test_an_undone_duel_roll_comes_back_with_the_same_face() -> None:
    """A duel's roll is the challenged seat's press; undone, the same press brings back the
    same face, so a lost duel cannot be rolled again for a better one."""
    modules = frozenset({"undead_or_alive.1", "undead_or_alive.2"})
    rng = random.Random(4)
    for seed in range(40):
        setup = GameSetup(QUIET + ("suzy_lafayette",), sheriff=0, seed=seed, modules=modules)
        play = TablePlay(Game(setup), [1, 2, 3, 4, 5])
        for _ in range(400):
            d = play.game.pending
            if play.game.over or d is None:
                break
            if d.kind is DUEL_ROLL and play.forced_roll() is None:
                button = f"SEAT{play.seats[d.seat]}"
                first = [e.faces for e in play.press(button) if isinstance(e, DuelRolled)]
                play.press("UNDO")
                again = [e.faces for e in play.press(button) if isinstance(e, DuelRolled)]
                assert first and again == first
                return
            buttons = ["ROLL"] if play.forced_roll() is not None else None
            if buttons is None:
                legal = play.game.legal_actions()
                buttons = buttons_for(play, rng.choice(legal))
            for b in buttons:
                with contextlib.suppress(Refused):
                    play.press(b)
    raise AssertionError("no duel came up in 40 games")
