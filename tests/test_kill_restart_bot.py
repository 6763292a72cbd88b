"""Pull the plug on a table where the box plays a seat: a real companion process is SIGKILLed
during set-up (after the hold that handed the seat over) and during play, and restarted; it
resumes with the box's seat, the box's secret card and the box's choices exactly as they were,
and the game ends the same."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from companion.config import load
from companion.devices.inputs import ButtonEvent
from companion.emulate import Emulator, digest
from companion.table import read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay

from .table.driver import next_buttons
from .test_kill_restart import play_with_kills

SEED = 7
BOX = 4  # the physical seat the box plays
CONFIG = "[game]\nseats = 5\nbot_pause = 0.5\n"
SETUP = ["SEAT1", "SEAT2", "SEAT3", f"HOLD:SEAT{BOX}", "SEAT5", "DONE", "ROLL", "ROLL", "DONE"]


def event(key: str) -> ButtonEvent:
    kind, _, button = key.rpartition(":")
    return ButtonEvent(button, "hold" if kind else "press", "keys")


def reference_game(
    config_path: Path,
    state_dir: Path,
    setup: list[str],
    seed: int,
    check: Callable[[TablePlay], None],
) -> tuple[list[str], list[str], list[bool]]:
    """A scripted game played in this process, as `emulate --keys -` plays it: ``setup``, then
    random presses (``seed``) to the end, ``check`` looking at the game once it began. The keys,
    the digest after each, and where the plug may be pulled (no die marked)."""
    config = load(config_path)
    config.table.state_dir = state_dir
    emulator = Emulator(config, seed=SEED, scripted=True)
    keys: list[str] = []
    digests: list[str] = []
    killable: list[bool] = []

    def press(key: str) -> None:
        emulator.press(event(key), at=float(len(keys) + 1))
        assert emulator.session.flash is None, emulator.session.flash
        keys.append(key)
        digests.append(digest(emulator.session))
        play = emulator.session.play
        killable.append(play is None or not play.marked)

    for key in setup:
        press(key)
    rng = random.Random(seed)
    play = emulator.session.play
    assert play is not None
    check(play)
    while not play.game.over:
        for button in next_buttons(emulator.session, rng):
            press(button)
    emulator.close()
    return keys, digests, killable


def boxs_seat_plays_rules(play: TablePlay) -> None:
    assert play.bots == {BOX: "rules"}


def test_killed_at_many_points_it_resumes_with_the_boxs_seat_and_secret_card(
    tmp_path: Path,
) -> None:
    config_path = tmp_path / "config.toml"
    config_path.write_text(CONFIG)
    keys, digests, killable = reference_game(
        config_path, tmp_path / "reference", SETUP, 21, boxs_seat_plays_rules
    )
    reference = journals(tmp_path / "reference" / "games")[-1]
    final = TablePlay.replay(read_journal(reference), reference)
    assert any(s.box for s in final.taken)
    start = len(SETUP)
    points = [i for i in range(start, len(keys) - 1) if killable[i]]
    rng = random.Random(5)
    kill_after = set(rng.sample(points, min(6, len(points)))) | {3, 5}  # the hold; roles stage
    # Killed with the press on its way, maybe while the box makes the choices after it: it
    # resumes before the press, or after it with the box's choices all made again.
    on_the_way = set(rng.sample([i for i in points if killable[i - 1] and i not in kill_after], 4))

    state_dir = tmp_path / "table"
    kills = play_with_kills(
        state_dir, keys, digests, kill_after, on_the_way, ["--config", str(config_path)]
    )
    assert kills >= 10

    path = journals(state_dir / "games")[-1]
    replayed = TablePlay.replay(read_journal(path), path)
    assert replayed.bots == {BOX: "rules"}
    assert replayed.game.over
    assert replayed.game.to_json() == final.game.to_json()  # the box's card and every choice
    box = replayed.seats.index(BOX)
    assert replayed.game.setup.roles[box] == final.game.setup.roles[box]
