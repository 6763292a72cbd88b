"""A journal written before the table asked whether The Left Hand saves a seat about to be
eliminated (``left_hand_chance``, journal version 3) still resumes across the upgrade: its
release never asked, so where the question arises the journal implies "nobody saves" (DONE),
as that release did. A version 3 journal missing the answer is refused as before.

The old journal is made from a game the current code played (Old Saloon 3, physical role
cards): its answers to the question taken out and its header set to version 1, which is what
the release before the question wrote for the same presses."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.emulate import digest
from companion.engine import GameSetup
from companion.modules.special_roles.dealing import SpecialsSetup
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.modules.special_roles.rules import LEFT_HAND_CHANCE
from companion.table import JournalError, TableConfig, TableSession, read_journal
from companion.table.journal import SAVE_FIRST_VERSION, journals, version_for
from companion.table.play import TablePlay

from .driver import next_buttons

SEATS = 5
SPECIALS = ("the_bear", None, None, None, None)  # only the face-up Sheriff's is known
CHARACTERS_5 = ("calamity_janet", "paul_regret", "jourdonnais", "black_jack", "lucky_duke")
SETUP = GameSetup(
    characters=CHARACTERS_5,
    roles=None,
    sheriff=0,
    modules=frozenset({SPECIAL_ROLES_ID}),
    parts=(SpecialsSetup(SPECIALS),),
    seed=11,
)


def played(state_dir: Path, after: int) -> tuple[TableSession, Path]:
    """A game by random legal presses until ``after`` more actions followed the first save
    question, answered DONE (nobody saves); its journal on disk."""
    session = TableSession(TableConfig(seats=SEATS, state_dir=state_dir), seed=1)
    session.start()
    seats = list(range(1, SEATS + 1))
    session.begin_play(TablePlay.new(SETUP, seats, state_dir, roles_mode="physical"))
    rng = random.Random(3)
    asked_at: int | None = None
    now = 0.0
    while session.play is not None and not session.play.game.over:
        play = session.play
        if asked_at is not None and len(play.taken) >= asked_at + after:
            break
        if play.game.pending.kind is LEFT_HAND_CHANCE:
            asked_at = len(play.taken) if asked_at is None else asked_at
            buttons = ["DONE"]
        else:
            buttons = next_buttons(session, rng)
        for button in buttons:
            now += 1.0
            session.handle(button, "press", now)
            assert session.flash is None, (button, session.flash)
    assert asked_at is not None, "no seat was about to be eliminated: choose another seed"
    assert session.play is not None and not session.play.game.over
    return session, journals(state_dir / "games")[-1]


def as_written_before_the_save(path: Path, version: int = 1) -> Path:
    """The journal without its answers to the save question, its header at ``version``."""
    contents = read_journal(path)
    play = TablePlay.replay(contents, path)
    answers = {
        entry.line
        for entry, step in zip(contents.entries, play.taken, strict=True)
        if step.before.pending.kind is LEFT_HAND_CHANCE
    }
    assert answers, "the game never asked the question"
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["version"] == SAVE_FIRST_VERSION
    header["version"] = version
    kept = [json.dumps(header)] + [
        line for number, line in enumerate(lines[1:], start=2) if number not in answers
    ]
    old = path.with_name("game-000002.jsonl")
    old.write_text("\n".join(kept) + "\n")
    return old


def companion(state_dir: Path) -> subprocess.Popen[str]:
    """A real `bang-companion emulate --keys -` process on ``state_dir``."""
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "emulate", "--keys", "-", "--seats", str(SEATS)]
        + ["--state-dir", str(state_dir), "--seed", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )


def test_a_new_game_that_can_ask_the_save_is_written_as_version_3() -> None:
    assert version_for(SETUP, {"roles_mode": "physical"}) == SAVE_FIRST_VERSION == 3
    base = GameSetup(characters=CHARACTERS_5, roles=None, sheriff=0)
    assert version_for(base, {}) == 1  # an older companion still resumes it


def test_rule_os3_a_journal_from_before_the_save_question_resumes_in_a_real_process(
    tmp_path: Path,
) -> None:
    """Same state as the game that wrote it, and the table plays on from there."""
    session, path = played(tmp_path / "new", after=6)
    state_dir = tmp_path / "upgraded"
    (state_dir / "games").mkdir(parents=True)
    old = as_written_before_the_save(path)
    os.replace(old, state_dir / "games" / "game-000001.jsonl")
    assert read_journal(state_dir / "games" / "game-000001.jsonl").version == 1

    process = companion(state_dir)
    try:
        ready = process.stdout.readline().split()
        assert ready[:1] == ["ready"], process.stderr.read()
        assert ready[1] == digest(session)  # the same game, nothing lost
        rng, now = random.Random(9), 1e6
        for _ in range(8):  # plays on, press for press as the game that wrote it
            if session.play is None or session.play.game.over:
                break
            if session.play.game.pending.kind is LEFT_HAND_CHANCE:
                buttons = ["DONE"]
            else:
                buttons = next_buttons(session, rng)
            for button in buttons:
                now += 1.0
                session.handle(button, "press", now)
                process.stdin.write(button + "\n")
                process.stdin.flush()
                answer = process.stdout.readline().split()
                assert answer[:1] == ["ok"] and answer[2] == digest(session), answer
    finally:
        process.kill()
        process.wait(timeout=30)
        for stream in (process.stdin, process.stdout, process.stderr):
            stream.close()
    resumed = state_dir / "games" / "game-000001.jsonl"
    assert TablePlay.replay(read_journal(resumed), resumed).game.to_json() == (
        session.play.game.to_json()
    )


def test_an_undo_in_an_old_journal_takes_back_the_elimination_with_its_implied_answer(
    tmp_path: Path,
) -> None:
    """The old release's one UNDO took back the press that eliminated: the implied "nobody
    saves" goes with it, having no record of its own."""
    _session, path = played(tmp_path, after=2)
    old = as_written_before_the_save(path)
    contents = read_journal(old)
    play = TablePlay.replay(contents, old)
    implied = [i for i, step in enumerate(play.taken) if step.implied]
    assert implied, "the question arose, answered as the old journal implies"
    before = play.taken[implied[0] - 1].before.to_json()
    undos = len(play.taken) - implied[0]  # one record each, none for the implied answer
    with old.open("a") as file:
        file.write('{"type":"undo"}\n' * undos)
    again = TablePlay.replay(read_journal(old), old)
    assert again.game.to_json() == before
    assert not any(step.implied for step in again.taken)


def test_an_old_journal_cut_where_the_question_arises_leaves_it_to_the_table(
    tmp_path: Path,
) -> None:
    """Its release was waiting for the dying seat's card; nothing after it says nobody
    saved, so the table asks now and its answer is journaled (read back as any answer)."""
    session, path = played(tmp_path, after=1)
    old = as_written_before_the_save(path)
    play = TablePlay.replay(read_journal(old), old)
    assert play.game.pending.kind is LEFT_HAND_CHANCE
    assert play.game.to_json() == session.play.taken[-1].before.to_json()
    play.recover()  # the journal opened again to append
    play.press("DONE")
    play.close()
    again = TablePlay.replay(read_journal(old), old)
    assert again.game.to_json() == session.play.game.to_json()


def test_a_new_journal_missing_the_answer_is_refused_not_patched(tmp_path: Path) -> None:
    _session, path = played(tmp_path, after=3)
    stripped = as_written_before_the_save(path, version=SAVE_FIRST_VERSION)
    with pytest.raises(JournalError, match="is not legal here") as error:
        TablePlay.replay(read_journal(stripped), stripped)
    assert "game-000002.jsonl, line" in str(error.value)
