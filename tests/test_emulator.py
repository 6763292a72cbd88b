"""The emulator as a newcomer or CI runs it: headless, presses from --keys, a snapshot and a
recording; the key map; bad key scripts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from companion.cli import on_a_pi
from companion.devices.emulator import event_for_key, parse_keys

GAME_START = "SEAT1 SEAT2 SEAT3 DONE SEAT3 SEAT1 DIE2 DIE1 DIE1 ROLL"


def emulate(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "emulate",
            "--state-dir",
            str(tmp_path / "state"),
            "--seats",
            "3",
            "--seed",
            "11",
            *args,
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_headless_keys_snapshot_and_recording(tmp_path: Path) -> None:
    snapshot, record = tmp_path / "table.png", tmp_path / "game.gif"
    result = emulate(
        tmp_path, "--keys", GAME_START, "--snapshot", str(snapshot), "--record", str(record)
    )
    assert result.returncode == 0, result.stderr
    # The 3-player game began with the Deputy (seat 3) rolling, shown as text too.
    assert "Turn 1: seat 3" in result.stdout
    assert "Re-roll? mark dice, ROLL; DONE: no" in result.stdout
    picture = Image.open(snapshot)
    assert picture.mode == "RGB" and picture.width > 3 * 128 and picture.height > 2 * 64
    gif = Image.open(record)
    assert gif.n_frames == len(GAME_START.split()) + 1  # the first picture and one per press

    # The game goes on where it was: the next run resumes it without a question.
    again = emulate(tmp_path, "--keys", "DONE")
    assert again.returncode == 0, again.stderr
    dice = "Dice: [1 Beer]  [2 Beer]  [3 Arrow]  [4 Beer]  [5 Bull's Eye 2]"
    assert dice in result.stdout and dice in again.stdout  # the same roll, resumed
    assert "Bull's Eye 2 (die 5): shoot whom? SEAT" in again.stdout


def test_a_bad_key_script_is_refused_with_its_position(tmp_path: Path) -> None:
    result = emulate(tmp_path, "--keys", "SEAT1 SEAT2 JUMP")
    assert result.returncode == 2
    assert "token 3 'JUMP' is not a button" in result.stderr


@pytest.mark.parametrize(
    ("key", "button", "kind"),
    [
        (" ", "ROLL", "press"),
        ("\r", "DONE", "press"),
        ("z", "UNDO", "press"),
        ("3", "DIE3", "press"),
        ("a", "SEAT1", "press"),
        ("K", "SEAT8", "hold"),
    ],
)
def test_the_key_map(key: str, button: str, kind: str) -> None:
    event = event_for_key(key)
    assert event is not None and (event.button, event.kind) == (button, kind)


def test_key_scripts_take_names_holds_and_keys() -> None:
    events = parse_keys("roll, HOLD:SEAT2 d 5")
    assert [(e.button, e.kind) for e in events] == [
        ("ROLL", "press"),
        ("SEAT2", "hold"),
        ("SEAT3", "press"),
        ("DIE5", "press"),
    ]
    assert event_for_key("!") is None


def test_the_window_shows_the_table_and_turns_keys_into_presses(monkeypatch) -> None:
    """luma.emulator's pygame device, on SDL's off-screen driver: keys in, pictures out."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from companion.devices.emulator import Window

    window = Window((300, 200))
    try:
        window.show(Image.new("RGB", (300, 200), (0, 40, 80)))
        pygame = window._pygame
        assert pygame.display.get_surface().get_at((5, 5))[:3] == (0, 40, 80)
        for key, char in ((pygame.K_SPACE, " "), (pygame.K_a, "a"), (pygame.K_a, "A")):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char))
        events = window.poll()
        assert [(e.button, e.kind) for e in events] == [
            ("ROLL", "press"),
            ("SEAT1", "press"),
            ("SEAT1", "hold"),
        ]
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        with pytest.raises(SystemExit):
            window.poll()
    finally:
        window.close()


def test_key_scripts_take_the_legends_key_names_and_esc_ends_them() -> None:
    events = parse_keys("Enter space BACKSPACE 1 Esc")
    assert [e.button for e in events] == ["DONE", "ROLL", "UNDO", "DIE1"]
    assert [(e.button, e.kind) for e in parse_keys("? Z HOLD:DONE")] == [
        ("DONE", "hold"),
        ("UNDO", "hold"),
        ("DONE", "hold"),
    ]
    with pytest.raises(ValueError, match="token 1 'Esc' quits, so nothing may follow it"):
        parse_keys("Esc SEAT1")


def test_a_snapshot_into_a_missing_folder_is_one_clear_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "table.png"
    result = emulate(tmp_path, "--keys", "SEAT1", "--snapshot", str(missing))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip() == (
        f"bang-companion emulate: --snapshot {missing}: the folder {missing.parent} does not "
        "exist; expected a file in an existing folder"
    )


def test_a_scripted_run_never_touches_the_game_in_progress(tmp_path: Path) -> None:
    """Without --state, --keys plays in a folder of its own: the player's game (in the default
    state folder) is neither resumed nor changed."""
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["HOME"] = str(home)
    command = [sys.executable, "-m", "companion", "emulate", "--seats", "3", "--seed", "11"]
    mine = subprocess.run(
        [*command, "--state", str(home / ".local/state/bang-companion"), "--keys", GAME_START],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert mine.returncode == 0, mine.stderr
    games = home / ".local/state/bang-companion/games"
    journal = next(games.iterdir())
    before = journal.read_bytes()
    scripted = subprocess.run(
        [*command, "--keys", "DONE"], capture_output=True, text=True, env=env, timeout=120
    )
    assert scripted.returncode == 0, scripted.stderr
    assert "New game: seats press to join" in scripted.stdout  # a set-up, not my game
    assert journal.read_bytes() == before and list(games.iterdir()) == [journal]


def test_run_on_a_computer_without_gpio_says_so_in_one_line() -> None:
    env = {k: v for k, v in os.environ.items() if k != "GPIOZERO_PIN_FACTORY"}
    config = Path(__file__).resolve().parents[1] / "hardware" / "config.example.toml"
    result = subprocess.run(
        [sys.executable, "-m", "companion", "run", "--config", str(config)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    if on_a_pi():
        pytest.skip("this computer has GPIO")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "bang-companion run: this computer has no GPIO pins for the buttons (run needs a "
        "Raspberry Pi); to play here, use: bang-companion emulate"
    ]


def test_the_readmes_scripted_example_tells_what_its_caption_says(tmp_path: Path) -> None:
    """The README's first --keys command, as written (pictures into tmp_path): the Sheriff's
    first roll, told on the console as the caption of its picture says."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    keys = readme.split('--keys "')[1].split('"')[0]
    assert keys.startswith("SEAT1 SEAT2 SEAT3 SEAT4 SEAT5 Enter SEAT2")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run(
        [sys.executable, "-m", "companion", "emulate", "--seats", "5", "--seed", "1"]
        + ["--console-width", "256", "--keys", keys, "--snapshot", str(tmp_path / "t.png")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "* Arrows 2: +1; 3 Dynamite! 2: -1" in result.stdout
    assert '("Arrows 2: +1; 3 Dynamite! 2: -1")' in readme
    assert "[-1 +arrow]" in result.stdout and '("-1 +arrow")' in readme
