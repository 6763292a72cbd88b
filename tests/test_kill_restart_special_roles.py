"""A seat the box plays at a table with Old Saloon 3 (special roles): ``game.bots = { 3 =
"rules" }`` plays a whole game by presses, and a real companion process SIGKILLed during play
resumes with the box's seat, its secret cards and its choices exactly as they were.

A journal written by an older box, whose seat was played by the Monte Carlo player this box no
longer ships, still resumes in a real process: the rule-based player takes the seat, and the
log and the console say so in one line."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.table import read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay

from .test_kill_restart import SEED, Companion, play_with_kills
from .test_kill_restart_bot import reference_game

BOX = 3
CONFIG = '[game]\nseats = 5\nbots = { 3 = "rules" }\nmodules = ["old_saloon.3"]\nbot_pause = 0.5\n'
SETUP = ["SEAT1", "SEAT2", "SEAT4", "SEAT5", "DONE", "ROLL", "ROLL", "DONE"]
RETIRED = "Seat 3: its mc player is retired; the rules player plays on"


def the_box_plays_a_seat_with_special_roles(play: TablePlay) -> None:
    assert play.bots == {BOX: "rules"}
    assert play.game.setup.modules == {SPECIAL_ROLES_ID} and play.game.setup.roles_known


def test_the_boxs_seat_with_special_roles_plays_to_the_end_and_resumes_after_kills(
    tmp_path: Path,
) -> None:
    config_path = tmp_path / "config.toml"
    config_path.write_text(CONFIG)
    keys, digests, killable = reference_game(
        config_path, tmp_path / "reference", SETUP, 3, the_box_plays_a_seat_with_special_roles
    )
    reference = journals(tmp_path / "reference" / "games")[-1]
    final = TablePlay.replay(read_journal(reference), reference)
    assert final.game.over and sum(s.box for s in final.taken) >= 10

    points = [i for i in range(len(SETUP), len(keys) - 1) if killable[i]]
    rng = random.Random(8)
    kill_after = set(rng.sample(points, min(4, len(points))))
    on_the_way = set(rng.sample([i for i in points if killable[i - 1] and i not in kill_after], 2))
    state_dir = tmp_path / "table"
    kills = play_with_kills(
        state_dir, keys, digests, kill_after, on_the_way, ["--config", str(config_path)]
    )
    assert kills == 6

    path = journals(state_dir / "games")[-1]
    replayed = TablePlay.replay(read_journal(path), path)
    assert replayed.bots == {BOX: "rules"} and replayed.game.over
    assert replayed.game.to_json() == final.game.to_json()  # the box's cards and every choice


def test_an_older_boxs_journal_naming_the_mc_player_resumes_with_the_rule_based_one(
    tmp_path: Path,
) -> None:
    """The plug pulled mid-game, the journal's header made as an older box wrote it (the box's
    choices are journaled as actions whoever made them; only the header names the player), and
    a real process restarted: it resumes at the same press, says who plays the seat now, and the
    rule-based player's choices from there end the game as the reference game ended."""
    config_path = tmp_path / "config.toml"
    config_path.write_text(CONFIG)
    keys, digests, killable = reference_game(
        config_path, tmp_path / "reference", SETUP, 3, the_box_plays_a_seat_with_special_roles
    )
    reference = journals(tmp_path / "reference" / "games")[-1]
    final = TablePlay.replay(read_journal(reference), reference)
    points = [i for i in range(len(SETUP), len(keys) - 1) if killable[i]]
    pulled = points[len(points) // 3]

    state_dir = tmp_path / "table"
    options = ["--config", str(config_path)]
    companion = Companion(state_dir, options)
    for i in range(pulled + 1):
        assert companion.press(keys[i]) == digests[i], f"key {i} {keys[i]}"
    companion.kill()
    path = journals(state_dir / "games")[-1]
    chosen = sum(s.box for s in TablePlay.replay(read_journal(path), path).taken)
    header, rest = path.read_bytes().split(b"\n", 1)
    assert header.count(b'"bots":{"3":"rules"}') == 1
    path.write_bytes(header.replace(b'"bots":{"3":"rules"}', b'"bots":{"3":"mc"}') + b"\n" + rest)

    shown = subprocess.run(
        [sys.executable, "-m", "companion", "emulate", "--keys", "Esc", "--state-dir"]
        + [str(state_dir), "--seed", str(SEED), *options],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
        check=True,
    )
    assert RETIRED in shown.stdout, shown.stdout  # the console
    assert [line for line in shown.stderr.splitlines() if RETIRED in line] == [f"{path}: {RETIRED}"]

    companion = Companion(state_dir, options)
    assert companion.ready == digests[pulled]
    for i in range(pulled + 1, len(keys)):
        assert companion.press(keys[i]) == digests[i], f"key {i} {keys[i]}"
    companion.kill()
    replayed = TablePlay.replay(read_journal(path), path)
    assert replayed.bots == {BOX: "rules"} and replayed.game.over
    assert sum(s.box for s in replayed.taken) > chosen  # the rule-based player chose on
    assert replayed.game.to_json() == final.game.to_json()
