"""Every finished game as a page (issue 26): ``bang-companion games --html DIR`` run as a
real process on state folders whose games were played by presses at the table, checked
against the engine's own replay of their journals: the index, the winners, the modules, the
story by turn, the life and arrows charts, no internal name, and no card the table never saw
(twin journals that differ only in it give the same page)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from companion.engine import SPECIAL_ROLES, Game, Rewound, Role, TurnStarted
from companion.modules.chief_arrow.rules import ChiefPlayer
from companion.modules.special_roles.rules import holding
from companion.table import TableConfig, end_roles, series
from companion.table.journal import journals, read_journal
from companion.table.labels import ROLE_LABELS
from companion.table.play import TablePlay
from companion.table.prompts import SIDE_LABELS
from companion.table.series import find
from companion.web.finished_games import finished_game
from companion.web.game_pages import game_page_html, games_index_html

from ..table.driver import CHARACTERS_5, SETUP_5
from .played import Table, games_with_modules
from .sampled_games import SETS
from .sampled_games import play as play_by_presses

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

OLD = Path(__file__).parents[1] / "table" / "data" / "journal-before-modules.jsonl"
OLD_NAME = "game-20261130-120041-000.jsonl"  # named by time, as the companion then did
MODULES_SAID = "Old Saloon: Chief's Arrow, Special roles; Undead or Alive: Rage cards, Zombies"
SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")


@pytest.fixture(scope="module")
def modules_table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    state = tmp_path_factory.mktemp("modules")
    games_with_modules(state)
    return state


@pytest.fixture(scope="module")
def old_table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A journal from before the modules, a base game with the role cards on the table whose
    living seats entered their cards on the game over screen (the first skips), and a
    journal whose third line is torn apart."""
    state = tmp_path_factory.mktemp("old")
    table = Table(TableConfig(seats=6, state_dir=state), seed=5)
    table.press(*SETUP_5, *CHARACTERS_5)
    play = table.play_to_the_end()
    table.press("DONE")  # the first seat asked skips its card
    while end_roles.asked(play.game, table.session.declared) is not None:
        table.press("DIE1")
    table.session.close()
    shutil.copy(OLD, state / "games" / OLD_NAME)
    broken = OLD.read_text().splitlines()
    broken[2] = broken[2][:30]
    (state / "games" / "game-20261129-090000-000.jsonl").write_text("\n".join(broken) + "\n")
    return state


def games_html(state: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "games", "--state-dir", str(state), "--html", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@dataclass
class Page(HTMLParser):
    """A written page as a reader meets it: its text, its links, its headings of turns, and
    its charts' lines by class and seat."""

    text: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    turns: list[str] = field(default_factory=list)
    lines: dict[tuple[str, int], list[tuple[float, float]]] = field(default_factory=dict)
    rows: list[list[str]] = field(default_factory=list)
    _in: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self._in.append(tag)
        if tag == "a":
            self.links.append(found["href"] or "")
        if tag == "tr":
            self.rows.append([])
        if tag == "polyline":
            self._in.pop()  # void: no end tag
            points = [tuple(map(float, p.split(","))) for p in (found["points"] or "").split()]
            key = (found["class"] or "", int(found["data-seat"] or 0))
            self.lines[key] = [(x, y) for x, y in points]

    def handle_endtag(self, tag: str) -> None:
        if tag in self._in:
            del self._in[len(self._in) - 1 - self._in[::-1].index(tag) :]

    def handle_data(self, data: str) -> None:
        if "style" in self._in or not data.strip():
            return
        self.text.append(data.strip())
        if "h3" in self._in:
            self.turns.append(data.strip())
        if "td" in self._in and self.rows:
            self.rows[-1].append(data.strip())


def read_page(path: Path) -> Page:
    return parsed(path.read_text(encoding="utf-8"))


def parsed(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.rows = [row for row in page.rows if row]  # the headings' rows hold no cells
    return page


def replayed(journal: Path) -> TablePlay:
    return TablePlay.replay(read_journal(journal), journal)


def after_each_turn(play: TablePlay) -> dict[int, list[tuple[int, int]]]:
    """Every seat's life and arrows (the Chief's Arrow counted) after each turn, from the
    engine's events: a turn is over when the next one starts; turn 0 is the start."""
    games: list[Game] = [s.before for s in play.taken[1:]] + [play.game]

    def counts(game: Game) -> list[tuple[int, int]]:
        return [(p.life, p.arrows + ChiefPlayer.of(p).chief_arrow) for p in game.players]

    after = {0: counts(play.taken[0].before)}
    for step, game in zip(play.taken, games, strict=True):
        for event in step.events:
            if isinstance(event, TurnStarted) and event.turn > 1:
                after = {t: v for t, v in after.items() if t < event.turn - 1}
                after[event.turn - 1] = counts(game)
    after[play.game.turn_number] = counts(play.game)
    return after


def visible_problems(page: Page, *forbidden: str) -> list[str]:
    text = "\n".join(page.text)
    found = SNAKE.findall(text) + [word for word in forbidden if word in text]
    return found + re.findall(r"game-\d+", text)


# ------------------------------------------------------------------ the command


def test_games_html_writes_the_index_and_a_page_per_finished_game(
    modules_table: Path, tmp_path: Path
) -> None:
    out = tmp_path / "pages"
    done = games_html(modules_table, out)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Wrote index.html and 2 game pages into {out}\n"
    assert done.stderr == ""
    assert sorted(p.name for p in out.iterdir()) == [
        "game-000001.html",
        "game-000002.html",
        "index.html",
    ]  # the third game is still in play: no page
    index = read_page(out / "index.html")
    assert index.links == ["game-000002.html", "game-000001.html"]  # newest first
    for row, name in zip(index.rows, ("game-000002.jsonl", "game-000001.jsonl"), strict=True):
        listed = find(modules_table, name)
        assert listed is not None
        date, modules, players, winners = row
        assert date == listed.finished.replace("T", " ")[:16] + " UTC"
        assert modules == MODULES_SAID
        play = replayed(modules_table / "games" / name)
        assert players.startswith(f"1 {play.character_title(0)}, 2 {play.character_title(1)}")
        seats = ", ".join(str(play.seats[s]) for s in listed.winners())
        assert winners == f"{SIDE_LABELS[play.game.side or '']}: seats {seats}"
    assert games_index_html(modules_table) == (out / "index.html").read_text()
    assert not visible_problems(index, str(modules_table))


@pytest.mark.parametrize("name", ["game-000001", "game-000002"])
def test_a_game_page_has_the_winners_the_modules_the_turns_and_each_seats_course(
    modules_table: Path, tmp_path: Path, name: str
) -> None:
    out = tmp_path / "pages"
    assert games_html(modules_table, out).returncode == 0
    page = read_page(out / f"{name}.html")
    play = replayed(modules_table / "games" / f"{name}.jsonl")
    game = play.game
    winners = ", ".join(str(play.seats[s]) for s in game.winners)
    assert f"{SIDE_LABELS[game.side or '']}: seats {winners}" in page.text
    assert f"Modules: {MODULES_SAID}" in page.text
    seat_rows = page.rows
    assert [r[0] for r in seat_rows] == ["1", "2", "3", "4", "5", "6 (the box played)"]
    assert [r[1] for r in seat_rows] == [play.character_title(s) for s in range(6)]
    for p, row in zip(game.players, seat_rows, strict=True):
        if not p.revealed:  # a card the table never saw
            assert row[2] == "not shown"
        elif holding(p).special_card is not None and holding(p).special_shown:
            assert (
                row[2] == f"{SPECIAL_ROLES[holding(p).special_card].title} ({ROLE_LABELS[p.role]})"
            )
        else:
            assert row[2] == ROLE_LABELS[p.role]
    # The story: each turn under its number and whose it was, as the engine started them.
    whose = {
        e.turn: play.seats[e.seat]
        for s in play.taken
        for e in s.events
        if isinstance(e, TurnStarted)
    }
    whose[1] = play.seats[play.taken[0].before.turn]
    told = [re.match(r"Turn (\d+): seat (\d)", t) for t in page.turns]
    assert all(told) and len(told) > 5
    numbers = [int(m.group(1)) for m in told if m]
    assert numbers == sorted(set(numbers)) and numbers[-1] == game.turn_number
    assert all(whose[int(m.group(1))] == int(m.group(2)) for m in told if m)
    assert any(t.startswith("Dice kept: ") for t in page.text)
    # The charts: after each turn, each seat's life and arrows as the engine had them.
    course = after_each_turn(play)
    for engine_seat, seat in enumerate(play.seats):
        life = [(float(t), float(v[engine_seat][0])) for t, v in sorted(course.items())]
        arrows = [(float(t), float(v[engine_seat][1])) for t, v in sorted(course.items())]
        assert page.lines[("life", seat)] == life
        assert page.lines[("arrows", seat)] == arrows
    assert not visible_problems(page, str(modules_table))


def face_down_twins(journal: Path, tmp_path: Path) -> int:
    """Twins: the journal, and the same journal with another special role card for a seat
    whose special card stayed face down (its role is turned up at the end, its card's power
    never), must give one page, byte for byte, naming neither card; how many seats were so
    compared."""
    name = journal.stem
    game = replayed(journal).game
    lines = journal.read_text().splitlines()
    header = json.loads(lines[0])
    specials = header["setup"].get("specials") or []
    compared = 0
    for p in game.players:
        if holding(p).special_shown or holding(p).special_card is None:
            continue
        card = SPECIAL_ROLES[holding(p).special_card]
        free = [c for c in SPECIAL_ROLES.values() if c.name not in specials]
        others = [c.name for c in free if c.role is card.role]
        if not others:
            continue
        twin = json.loads(lines[0])
        twin["setup"]["specials"][p.seat] = others[0]
        pages = []
        for kind, first in (("same", header), ("twin", twin)):
            state = tmp_path / f"{name}-{p.seat}-{kind}"
            (state / "games").mkdir(parents=True)
            text = "\n".join([json.dumps(first), *lines[1:]]) + "\n"
            (state / "games" / f"{name}.jsonl").write_text(text)
            listed = journal.parent.parent / series.SERIES_FILE  # a game over lists it
            if listed.exists():
                shutil.copy(listed, state)
            pages.append(game_page_html(state, name))
        assert pages[0] is not None
        assert pages[0] == pages[1], f"seat {p.seat + 1}'s face-down card shows"
        assert card.title not in pages[0] and SPECIAL_ROLES[others[0]].title not in pages[0]
        compared += 1
    return compared


# Finished games of random presses, roles dealt, in which a seat keeps its special card face
# down to the end, with another card of its role left out of the deal to swap in: module set
# (of ``SETS``) and seed. (9, 10): all of Old Saloon, two seats' cards (The Left Hand, The
# Judge); (2, 6): Old Saloon 3 alone, special cards mixed by type (The Good). The games of
# ``modules_table`` no longer serve: the box's seat and the random reveals show every card.
FACE_DOWN = [(9, 10), (2, 6)]


@pytest.mark.parametrize(("modules", "seed"), FACE_DOWN)
def test_a_card_the_table_never_saw_is_not_on_the_page(
    tmp_path: Path, modules: int, seed: int
) -> None:
    play_by_presses(SETS[modules], seed, tmp_path)
    journal = journals(tmp_path / "games")[-1]
    compared = face_down_twins(journal, tmp_path / "twins")
    assert compared, "no seat kept its special card face down: nothing was compared"


def test_a_game_from_before_the_modules_and_roles_entered_at_the_end_get_their_pages(
    old_table: Path, tmp_path: Path
) -> None:
    out = tmp_path / "pages"
    done = games_html(old_table, out)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Wrote index.html and 2 game pages into {out}\n"
    bad = old_table / "games" / "game-20261129-090000-000.jsonl"
    assert done.stderr.splitlines() == [
        f"bang-companion: skipped {bad}, line 3: not valid JSON "
        + done.stderr.split("not valid JSON ", 1)[1].strip()
    ]
    old = read_page(out / OLD_NAME.replace(".jsonl", ".html"))
    assert "Outlaws win: seats 1, 5" in old.text
    assert "Modules: none (the base game)" in old.text
    assert [r[2] for r in old.rows] == ["not shown", "Sheriff", "Deputy", "Renegade", "not shown"]
    assert old.lines[("life", 5)][-1] == (15.0, 2.0) and old.lines[("arrows", 5)][-1] == (15.0, 5.0)
    assert old.turns[-1].startswith("Turn 15: seat ")
    assert not visible_problems(old, str(old_table))

    entered = read_page(out / "game-000001.html")
    listed = find(old_table, "game-000001.jsonl")
    assert listed is not None and listed.declared
    rows = entered.rows
    play = replayed(old_table / "games" / "game-000001.jsonl")
    assert any(role is None for _, role in listed.declared)  # the first seat asked skipped
    for seat, role in listed.declared:
        assert rows[seat][2] == ("not shown" if role is None else ROLE_LABELS[Role(role)])
    for p in play.game.players:
        if p.revealed and p.role is not None:
            assert rows[p.seat][2] == ROLE_LABELS[p.role]
    assert not visible_problems(entered, str(old_table))


def test_no_page_for_what_is_not_a_finished_game(modules_table: Path, old_table: Path) -> None:
    """A game in play, a name that is no journal's, a path out of the folder: None."""
    for state, name in (
        (modules_table, "game-000003"),
        (modules_table, "game-000009"),
        (modules_table, "../games/game-000001"),
        (modules_table, "game-000001.jsonl"),
        (old_table, "game-20261129-090000-000"),  # unreadable
    ):
        assert game_page_html(state, name) is None, name
    assert game_page_html(modules_table, "game-000001") is not None


def test_an_unwritable_folder_is_refused_clearly(modules_table: Path, tmp_path: Path) -> None:
    taken = tmp_path / "a-file"
    taken.write_text("")
    done = games_html(modules_table, taken / "pages")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"bang-companion games: --html {taken / 'pages'}: cannot write")
    assert "is a file, not a folder" in done.stderr


def test_a_page_follows_the_roles_entered_after_it_was_read(
    old_table: Path, tmp_path: Path
) -> None:
    """The replay is kept in memory; what the series file says is read each time, so a card
    entered (or taken back by UNDO) on the game over screen shows on the next look."""
    state = tmp_path / "state"
    shutil.copytree(old_table, state)
    listed = find(state, "game-000001.jsonl")
    assert listed is not None
    before = game_page_html(state, "game-000001")
    assert before is not None
    series.declare(state, "game-000001.jsonl", (), ())
    after = game_page_html(state, "game-000001")
    assert after is not None and after != before
    shown = [seat for seat, role in listed.declared if role is not None]
    rows = parsed(after).rows
    assert shown and all(rows[seat][2] == "not shown" for seat in shown)


def test_an_unreadable_series_file_is_named_and_the_pages_are_written_all_the_same(
    modules_table: Path, tmp_path: Path
) -> None:
    """The games' journals say they ended; only what the series file adds (when each ended)
    is missing, so each page says when its game began."""
    state = tmp_path / "state"
    shutil.copytree(modules_table, state)
    (state / "series.json").write_text("{not json")
    out = tmp_path / "pages"
    done = games_html(state, out)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Wrote index.html and 2 game pages into {out}\n"
    [line] = done.stderr.splitlines()
    assert line.startswith(f"bang-companion: skipped {state / 'series.json'}: not readable")
    index = read_page(out / "index.html")
    assert [row[0].endswith(" UTC (began)") for row in index.rows] == [True, True]
    assert "1 file of the games could not be read (the log names them)." in index.text


# Games of random presses with special roles revealed at random, some into moments already
# past (Old Saloon 3 goes back to them): module set (of ``SETS``) and seed, each ending.
REVEALING = [(2, 2), (9, 9), (14, 14), (21, 21)]


@pytest.mark.parametrize(("modules", "seed"), REVEALING)
def test_each_seats_course_and_the_turns_follow_reveals_that_go_back(
    tmp_path: Path, modules: int, seed: int
) -> None:
    play_by_presses(SETS[modules], seed, tmp_path)
    journal = journals(tmp_path / "games")[-1]
    play = replayed(journal)
    assert any(isinstance(e, Rewound) for s in play.taken for e in s.events)
    game = finished_game(tmp_path, journal.stem)
    assert game is not None
    course = after_each_turn(play)
    assert [(t, list(v)) for t, v in game.course] == sorted(course.items())
    whose = {
        e.turn: play.seats[e.seat]
        for s in play.taken
        for e in s.events
        if isinstance(e, TurnStarted)
    }
    whose[1] = play.seats[play.taken[0].before.turn]
    numbers = [t.turn for t in game.turns]
    assert numbers == sorted(set(numbers)) and numbers[-1] == play.game.turn_number
    assert all(whose[t.turn] == t.seat for t in game.turns)
    face_down_twins(journal, tmp_path / "twins")  # roles dealt (even seeds): cards face down
