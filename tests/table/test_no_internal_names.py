"""No internal name reaches a person: every string the console, the seat panels (and pods),
the history, the terminal emulator, and ``games``/``replay`` show is in the rulebook's words,
never a ``snake_case`` identifier of the code nor a "die N" standing for a symbol; nor
do the finished games' web pages (``games --html``).

200 games of random presses, the box playing a seat in some, seats revealing special roles at
random, in a sample of module sets (the 24 of ``tests/panels/test_console_fits.py``: 576 legal
sets are too many to play each); ``games`` and ``replay`` read the journals of some of them."""

from __future__ import annotations

import contextlib
import io
import random
import re
from html.parser import HTMLParser
from pathlib import Path

from companion.cli import main
from companion.emulate import text_view
from companion.engine import MODULES, Module
from companion.table import TableSession
from companion.table.journal import journals
from companion.table.table_config import TableConfig
from companion.web.game_pages import game_page_html, games_index_html
from tests.panels.test_console_fits import SETS
from tests.table.driver import next_buttons

GAMES = 200
ON_DISK = 10  # games kept in a state folder for ``games`` and ``replay`` to read
SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
PATH = re.compile(r"/\S+")  # a file's path names the folder a person chose
DIE = re.compile(r"\bdie (\d)\b", re.IGNORECASE)


def shown(session: TableSession) -> list[str]:
    """Every string a person can read now: console, seats, pods, terminal."""
    view = session.view()
    c = view.console
    texts = [c.title, c.prompt, c.story, c.aside, c.flash or "", *c.choices, text_view(view)]
    for seat in view.seats:
        texts += [seat.name, seat.note, seat.change, seat.role or "", seat.chore]
        texts.append(seat.pod_prompt(c.prompt))
    return [t for t in texts if t]


def misnamed(text: str, dice: int) -> list[str]:
    """The internal names in ``text``: identifiers, and a "die N" that is no die on the table
    (a symbol of a Rage card, a Wound token)."""
    found = SNAKE.findall(PATH.sub("", text))
    found += [m.group(0) for m in DIE.finditer(text) if int(m.group(1)) > dice]
    return found


def play(modules: frozenset[Module], seed: int, state: Path | None) -> list[str]:
    """A whole game by presses; each misnamed string with where it was seen."""
    rng = random.Random(seed)
    players = rng.randint(max(MODULES[m].min_players for m in modules | {Module.CHIEF_ARROW}), 8)
    dealt = seed % 2 == 0
    bots = (rng.randint(1, players),) if dealt and seed % 4 == 0 else ()
    config = TableConfig(
        seats=players,
        modules=modules,
        roles="dealt" if dealt else "physical",
        specials_mixed=seed % 3 == 0,
        real_piles=frozenset({"wounds"}) if seed % 5 < 2 else frozenset(),
        real_boneyard=seed % 5 == 1,
        state_dir=state,
        bots=bots,
        bot_pause=0.0,
    )
    session = TableSession(config, seed=seed)
    session.start()
    clock = iter(range(1, 10**6))
    bad: list[str] = []
    seen: set[tuple[str, int]] = set()  # a string read once with as many dice is read

    def press(button: str, kind: str = "press") -> None:
        now = float(next(clock))
        session.tick(now)
        session.handle(button, kind, now)
        while session.tick(now) is not None and session.play is not None:
            pass  # the box's choices, each said on the console
        game = session.play.game if session.play is not None else None
        dice = len(game.faces) if game is not None else 6
        for text in shown(session):
            if (text, dice) not in seen:
                seen.add((text, dice))
                bad.extend(f"{name!r} in {text!r}" for name in misnamed(text, dice))

    joins = [f"SEAT{s}" for s in range(1, players + 1) if s not in bots]
    roles = ["ROLL"] if dealt else [f"SEAT{rng.randint(1, players)}"]
    if players == 3 and not dealt:
        roles = ["SEAT1", "SEAT2"]
    for button in [*joins, "DONE", *roles, "ROLL", "DONE"]:
        press(button)
    for _ in range(4):  # mixed cards: is the Sheriff's The Bear; a seat still to pick
        if session.play is not None:
            break
        for button in ["DIE1"] if "Bear" in session.view().console.prompt else ["ROLL", "DONE"]:
            press(button)
    assert session.play is not None
    for _ in range(3_000):
        play = session.play
        if play is None or play.game.over:
            break
        if play.box_due():
            press("DONE")  # nothing to press: the box's choice comes due
            continue
        open_to = [n for n in play.seats if n not in play.bots and play.reveals_for(n)]
        if open_to and rng.random() < 0.3:
            seat = rng.choice(open_to)
            press(f"SEAT{seat}", "hold")
            press(f"DIE{rng.randrange(len(play.reveals_for(seat))) + 1}")
            continue
        for button in next_buttons(session, rng):
            press(button)
        if rng.random() < 0.05:
            press("DONE", "hold")  # the history, paged back, then back to the game
            press("DONE")
            press("ROLL")
    if session.play is not None:
        lines = session.history.lines
        for back in range(len(lines)):
            page = session.history.page(back)
            bad.extend(f"{name!r} in {page!r}" for name in misnamed(page, 6))
    session.close()
    return bad


class _Text(HTMLParser):
    """The words of a web page a reader sees: its text, without its tags and style."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.styled = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.styled = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self.styled = False

    def handle_data(self, data: str) -> None:
        if not self.styled:
            self.parts.append(data)


def page_text(html: str) -> str:
    reader = _Text()
    reader.feed(html)
    return "\n".join(reader.parts)


def cli_output(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        main(list(argv))
    return out.getvalue()


def test_no_internal_name_reaches_a_person(tmp_path: Path) -> None:
    bad: list[str] = []
    for n in range(GAMES):
        modules = SETS[n % len(SETS)]
        state = tmp_path / f"game{n}" if n < ON_DISK else None
        found = play(modules, n, state)
        bad += [f"game {n} {sorted(m.value for m in modules)}: {b}" for b in found]
        if state is not None:
            newest = str(journals(state / "games")[-1])
            for text in (
                cli_output("games", "--state-dir", str(state)),
                cli_output("replay", newest),
            ):
                bad += [f"games/replay: {name!r}" for name in misnamed(text, 6)]
            for page in (games_index_html(state), game_page_html(state, Path(newest).stem)):
                bad += [f"game pages: {name!r}" for name in misnamed(page_text(page or ""), 6)]
    assert not bad, "\n".join(sorted(set(bad))[:40])
