"""The searching player at a table with Old Saloon 3 (special roles): ``game.bots = { 3 = "mc" }``
plays a whole game by presses, and a real companion process SIGKILLed during play resumes
with the box's seat, its secret cards and its choices exactly as they were."""

from __future__ import annotations

import random
from pathlib import Path

from companion.engine import Module
from companion.table import read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay

from .test_kill_restart import play_with_kills
from .test_kill_restart_bot import reference_game

BOX = 3
CONFIG = '[game]\nseats = 5\nbots = { 3 = "mc" }\nmodules = ["old_saloon.3"]\nbot_pause = 0.5\n'
SETUP = ["SEAT1", "SEAT2", "SEAT4", "SEAT5", "DONE", "ROLL", "ROLL", "DONE"]


def the_searching_player_with_special_roles(play: TablePlay) -> None:
    assert play.bots == {BOX: "mc"}
    assert play.game.setup.modules == {Module.SPECIAL_ROLES} and play.game.setup.roles_known


def test_the_searching_player_with_special_roles_plays_to_the_end_and_resumes_after_kills(
    tmp_path: Path,
) -> None:
    config_path = tmp_path / "config.toml"
    config_path.write_text(CONFIG)
    keys, digests, killable = reference_game(
        config_path, tmp_path / "reference", SETUP, 3, the_searching_player_with_special_roles
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
    assert replayed.bots == {BOX: "mc"} and replayed.game.over
    assert replayed.game.to_json() == final.game.to_json()  # the box's cards and every choice
