"""The README's picture of the public page: a 6-player game with Old Saloon and Undead or Alive
modules, played by presses a few turns in, served by the page's own server and shot in
Debian's headless Chromium (as the browser test opens it).

    .venv/bin/python benchmarks/web_screenshot.py docs/images/web-page.png
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from companion.engine import Module
from companion.modules.duels.rules import ID as LOOK_ME_IN_THE_EYES
from companion.modules.posse.rules import ID as NEW_POSSE
from companion.modules.rage.rules import ID as TWO_BULLETS
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.table import TableConfig, TableSession
from companion.web.server import PublicPage
from companion.web.settings import WebSettings

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.table.driver import next_buttons  # noqa: E402
from tests.web.browser import chromium  # noqa: E402

MODULES = frozenset(
    {
        Module("old_saloon.1"),
        Module("old_saloon.2"),
        SPECIAL_ROLES_ID,
        Module("old_saloon.4"),
        LOOK_ME_IN_THE_EYES,
        TWO_BULLETS,
        NEW_POSSE,
    }
)
SEED = 4
TURNS = 7  # played before the picture: a history to read, lives and arrows changed


def played(state: Path) -> TableSession:
    """Six seats join, the box deals roles and characters, then random legal presses until
    the first roll of turn TURNS."""
    config = TableConfig(seats=6, roles="dealt", modules=MODULES, state_dir=state)
    session = TableSession(config, seed=SEED)
    session.start()
    rng, at = random.Random(SEED), 0.0
    presses = [f"SEAT{n}" for n in range(1, 7)] + ["DONE", "ROLL", "ROLL", "DONE"]
    while session.play is None or session.play.game.turn_number < TURNS or not rolled(session):
        for button in presses or next_buttons(session, rng):
            at += 1.0
            session.handle(button, "press", at)
        presses = []
    return session


def rolled(session: TableSession) -> bool:
    """The dice are on the table, with a re-roll to come: a picture of a turn under way."""
    game = session.play.game if session.play is not None else None
    return game is not None and any(game.faces) and game.rolls_left > 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("picture", type=Path, help="the PNG to write")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as state:
        session = played(Path(state))
        page = PublicPage(WebSettings(True, "127.0.0.1", 0))
        page.show(session)
        page.start()
        try:
            with chromium(1100, 1500) as driver:
                driver.get(page.url)  # type: ignore[attr-defined]
                deadline = time.monotonic() + 30
                while driver.find_element("id", "live").text != "live":  # type: ignore[attr-defined]
                    if time.monotonic() > deadline:
                        raise SystemExit("the page never went live")
                    time.sleep(0.1)
                driver.save_screenshot(str(args.picture))  # type: ignore[attr-defined]
        finally:
            page.close()
            session.close()
    print(f"wrote {args.picture}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
