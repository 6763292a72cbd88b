"""Random games at a real table session in every module set the set-up accepts, and what a person
sees after each press: whether the console shows it whole, and every string shown.

The sets are ``benchmarks/campaign.py``'s (every subset of the modules the set-up accepts for some
player count, and Old Saloon 3's mixed cards: 864 of the box's own modules, more with a module from
outside installed), so the scans and the campaign play the same list. Game ``k`` of a set varies
with ``k``: the player count (any the set allows), roles dealt or on physical cards, the box in a
seat, real Wound and Boneyard piles, characters picked page by page or dealt by ROLL, seats
revealing special roles, the history (paged for one of the two consoles) and the start-over
question opened; after the end, the roles asked of the survivors and, in a Wild West Legacy series,
the next game's set-up.

The console-fit and no-internal-name tests play a few games of every set here; the command
``benchmarks/table_scan.py`` plays 200 of each with the same code. The word tests play them
again in each language: in Italian the same fit and name checks, in the pseudo-language
``qps`` (every catalogued word «marked») the check that every word the table shows went
through a catalogue.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import io
import os
import pickle
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from benchmarks.campaign import ModuleSet, module_sets
from companion.cli import main
from companion.emulate import text_view
from companion.engine import CHARACTERS, MODULES, SPECIAL_ROLES, DecisionKind, module_origin
from companion.engine.registry import DECISIONS
from companion.i18n import CORE, MARKS, PSEUDO, SOURCE, Catalogue, language, set_language
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
from companion.modules.special_roles.dealing import SpecialsSetup
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.modules.zombies.rules import BoneyardSetup
from companion.panels.console import WIDTHS, layout, shows_whole, title_cut
from companion.table import TableSession
from companion.table.journal import journals
from companion.table.prompts import module_pages
from companion.table.setup_flow import PAGE
from companion.table.table_config import TableConfig
from companion.table.view import ConsoleView, TableView
from companion.web.game_pages import game_page_html, games_index_html
from tests.installed_modules import OUTSIDE, OUTSIDE_RUN, walked
from tests.table.driver import next_buttons

EVERY_SET: list[ModuleSet] = module_sets()
# This run's sets (every one, or in the outside run those holding a module from outside), each
# played as it is at its place in the whole list.
SETS: list[ModuleSet] = walked(EVERY_SET, lambda chosen: chosen.modules)
_PLACE = {chosen: n for n, chosen in enumerate(EVERY_SET)}


def kinds_asked() -> set[DecisionKind]:
    """The kinds of decision a scan of this run's sets asks: every one, or in the outside run
    those the modules from outside declare (the box's own were asked in the first run)."""
    if not OUTSIDE_RUN:
        return set(DecisionKind)
    packages = {module_origin(m).partition(":")[0].split(".")[0] for m in OUTSIDE}
    return {k for k, rule in DECISIONS.items() if rule.decide.__module__.split(".")[0] in packages}


MAX_PRESSES = 3_000  # a game of random presses ends far sooner (the longest seen: about 700)


# ------------------------------------------------------------------ what is checked


def console_cuts(view: ConsoleView) -> list[str]:
    """What the console cannot show whole, on each console width: the prompt (the question and
    its answers), the aside under it, a list's names, the title; '' for none."""
    found = []
    for width in WIDTHS:
        for text in layout(view, width).cut:
            under = f" under {view.prompt!r}" if text == view.aside else ""
            found.append(f"{width} px: {text!r}{under}")
        if title_cut(view, width):
            found.append(f"{width} px title: {view.title!r}")
    return found


SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
PATH = re.compile(r"/\S+")  # a file's path names the folder a person chose


@functools.cache
def _die_named(code: str) -> re.Pattern[str]:
    """A die by its number in the language ``code`` ("die 3", "dado 3")."""
    said = Catalogue(CORE, code).gettext("die {die}").strip("".join(MARKS))
    return re.compile(r"\b" + re.escape(said).replace(r"\{die\}", r"(\d)") + r"\b", re.I)


def misnamed(text: str, dice: int) -> list[str]:
    """The internal names in ``text``: identifiers, and a "die N" that is no die on the table
    (a symbol of a Rage card, a Wound token), in the language in use."""
    found = SNAKE.findall(PATH.sub("", text))
    die = _die_named(language())
    found += [m.group(0) for m in die.finditer(text) if int(m.group(1)) > dice]
    return found


MARKED = re.compile(f"{MARKS[0]}[^{MARKS[0]}{MARKS[1]}]*{MARKS[1]}")
LETTERS = re.compile(r"[^\W\d_]+")


@functools.cache
def _printed() -> re.Pattern[str]:
    """The names printed on the cards and boxes, which stay as printed in every language: the
    characters', the special role cards' (and their short forms), the modules' titles."""
    names = {c.title for c in CHARACTERS.values()} | {m.title for m in MODULES.values()}
    for card in SPECIAL_ROLES.values():
        names |= {card.title, card.title.removesuffix(" of the Devil")}
    ordered = sorted(names, key=len, reverse=True)
    return re.compile("|".join(r"\b" + re.escape(n) + r"\b" for n in ordered))


def unmarked(text: str) -> list[str]:
    """The words of ``text``, shown in the pseudo-language, that went through no catalogue:
    every run of letters outside the marks «», but the names printed on the cards and a
    file's path."""
    rest = text
    while True:
        shorter = MARKED.sub(" ", rest)
        if shorter == rest:
            break
        rest = shorter
    return LETTERS.findall(_printed().sub(" ", PATH.sub("", rest)))


def table_words(view: TableView) -> list[str]:
    """The strings the table itself makes for a person: the console's and the seats' words and
    the pods' prompts (the characters' names are printed on their cards)."""
    c = view.console
    texts = [c.title, c.prompt, c.story, c.aside, c.flash or "", *c.choices]
    for seat in view.seats:
        texts += [seat.note, seat.change, seat.role or "", seat.chore]
        texts.append(seat.pod_prompt(c.prompt))
    return [t for t in texts if t]


def shown(view: TableView) -> list[str]:
    """Every string a person can read in ``view``: console, seats, pods, terminal."""
    c = view.console
    texts = [c.title, c.prompt, c.story, c.aside, c.flash or "", *c.choices, text_view(view)]
    for seat in view.seats:
        texts += [seat.name, seat.note, seat.change, seat.role or "", seat.chore]
        texts.append(seat.pod_prompt(c.prompt))
    return [t for t in texts if t]


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


# ------------------------------------------------------------------ the games


@dataclass
class Findings:
    """What the games of a scan saw: each problem once, with the first game that showed it."""

    cut: dict[str, str] = field(default_factory=dict)  # what was cut -> where
    misnamed: dict[str, str] = field(default_factory=dict)  # name in text -> where
    unmarked: dict[str, str] = field(default_factory=dict)  # uncatalogued word in text -> where
    kinds: set[DecisionKind] = field(default_factory=set)  # decisions asked of a person
    games: int = 0
    states: int = 0  # presses and holds, each one state of the table looked at
    strings: int = 0  # strings scanned for internal names (each new one once per game)
    seconds: float = 0.0
    history_pages: int = 0  # pages of the history looked at (hold DONE), each on its console

    def add(self, other: Findings) -> None:
        pairs = (
            (self.cut, other.cut),
            (self.misnamed, other.misnamed),
            (self.unmarked, other.unmarked),
        )
        for where, found in pairs:
            for what, first in found.items():
                where.setdefault(what, first)
        self.kinds |= other.kinds
        self.games += other.games
        self.states += other.states
        self.strings += other.strings
        self.seconds += other.seconds
        self.history_pages += other.history_pages


def config_for(
    chosen: ModuleSet, game: int, state: Path | None
) -> tuple[TableConfig, random.Random]:
    """Game ``game`` of a set: its table and the random presses' source."""
    rng = random.Random(f"{chosen.key} {game}")
    players = rng.choice(chosen.players())
    dealt = game % 2 == 0
    bots = (rng.randint(1, players),) if dealt and game % 4 == 0 else ()
    return (
        TableConfig(
            seats=players,
            modules=chosen.modules,
            roles="dealt" if dealt else "physical",
            cards_mixed=chosen.mixed,
            real_piles=frozenset({"wounds"}) if game % 5 < 2 else frozenset(),
            parts=(BoneyardSetup(True),) if game % 5 == 1 else (),
            state_dir=state,
            bots=bots,
            bot_pause=0.0,
        ),
        rng,
    )


def console_for(game: int) -> int:
    """The console game ``game`` pages its history for: both, over a set's games."""
    return WIDTHS[game // 2 % 2]


class Table:
    """One game's session, pressed one second apart; ``look`` sees every state. The history
    pages for the console ``width`` pixels wide."""

    def __init__(
        self,
        config: TableConfig,
        seed: int,
        look: Callable[[TableSession], None],
        width: int = WIDTHS[0],
    ):
        self.session = TableSession(config, seed=seed, console_fits=shows_whole(width))
        self.session.start()
        self.look = look
        # the scan's own clock: a second apart, so no press is a bounce
        self.clock = iter(range(1, 10**12))
        look(self.session)

    def press(self, button: str, kind: str = "press") -> None:
        now = float(next(self.clock))
        session = self.session
        session.tick(now)
        session.handle(button, kind, now)
        while session.tick(now) is not None and session.play is not None:
            pass  # the box's choices, each said on the console
        self.look(session)


def set_up(table: Table, config: TableConfig, rng: random.Random, game: int) -> None:
    """From a fresh set-up to the first roll: the module pages looked at (and a module turned
    on and off, DONE refused while too few joined), seats joining, the roles, the characters
    picked page by page or dealt by ROLL."""
    players = config.seats
    session = table.session
    table.press("DONE")  # nobody joined yet: refused, said
    for seat in range(1, players + 1):
        if seat not in config.bots:
            table.press(f"SEAT{seat}")
    pages = [modules for _label, modules in module_pages()]
    page = rng.randrange(len(pages))
    for _ in range(page):
        table.press(f"DIE{PAGE}")  # the other expansion's page
    if game % 3 == 0:  # a module turned on or off and back; DONE refused if it is illegal
        setup = session.setup
        assert setup is not None
        was = (setup.modules, setup.cards_mixed)
        n = rng.randint(1, len(pages[page]))
        changed = setup.modules ^ {pages[page][n - 1]}
        table.press(f"DIE{n}")
        if players not in ModuleSet(changed).players():
            table.press("DONE")
        for _ in range(3):  # the special roles' key cycles off, mixed, on
            setup = session.setup
            assert setup is not None and setup.stage == "join"
            if (setup.modules, setup.cards_mixed) == was:
                break
            table.press(f"DIE{n}")
    table.press("DONE")
    for _ in range(40):  # the roles, the Sheriff's card, the characters: a few presses each
        if session.play is not None:
            setup_made = session.play.game.setup
            assert setup_made.modules == config.modules, setup_made.modules
            assert SpecialsSetup.of(setup_made).specials_mixed == (
                config.cards_mixed and SPECIAL_ROLES_ID in config.modules
            )
            return
        setup = session.setup
        assert setup is not None, session.view().console
        if setup.stage == "roles":
            prompt = session.view().console.prompt
            if "Bear" in prompt:
                table.press(rng.choice(["DIE1", "DIE2"]))
            elif setup.dealt:
                table.press("ROLL")
            else:
                table.press(f"SEAT{rng.choice([s for s in setup.joined if s not in setup.roles])}")
        elif setup.picker is not None and game % 3 == 1:  # picked from the pages of names
            for _ in range(rng.randint(0, 2)):
                table.press(f"SEAT{setup.picker}")  # the next page
            table.press(f"DIE{rng.randint(1, len(setup.shown()))}")
        elif setup.picker is not None:
            table.press("ROLL")
        else:
            table.press("DONE")
    raise AssertionError(f"no game after 40 set-up presses: {session.view().console}")


def play_game(
    table: Table, config: TableConfig, rng: random.Random, game: int, presses: int | None
) -> None:
    """Game ``game`` of a set, set up and played by random legal presses: to its end, or
    ``presses`` of them (then ended on purpose: hold UNDO, DONE)."""
    set_up(table, config, rng, game)
    session = table.session
    for _ in range(MAX_PRESSES if presses is None else presses):
        play = session.play
        assert play is not None
        if play.game.over:
            break
        if play.box_due():
            table.press("DONE")  # nothing to press: the box's choice comes due
            continue
        open_to = [n for n in play.seats if n not in play.bots and play.reveals_for(n)]
        if open_to and rng.random() < 0.3:  # a seat holds its button and reveals its card
            seat = rng.choice(open_to)
            table.press(f"SEAT{seat}", "hold")
            table.press(f"DIE{rng.randrange(len(play.reveals_for(seat))) + 1}")
            continue
        for button in next_buttons(session, rng):
            table.press(button)
        if play.game.over:
            break
        if rng.random() < 0.02:
            table.press("DONE", "hold")  # the history, paged back, then back to the game
            table.press("DONE")
            table.press("ROLL")
        if rng.random() < 0.005:
            table.press("UNDO", "hold")  # start over? no: play on
            table.press("ROLL")
    else:
        if presses is None:
            raise AssertionError(f"game {game}: not over after {MAX_PRESSES} presses")
        table.press("UNDO", "hold")  # start over? DONE: this game ends, its journal kept
        table.press("DONE")


def after_the_end(table: Table, config: TableConfig, rng: random.Random) -> None:
    """The end screen's questions (each survivor's role card: DIE, or DONE skips), a Legacy
    series' next set-up, and the start-over question."""
    session = table.session
    for _ in range(config.seats):  # the end screen asks the survivors' roles: DIE, or skip
        table.press(rng.choice(["DIE1", "DIE2", "DONE"]))
    if WILD_WEST_LEGACY in config.modules:
        table.press("ROLL")  # the series' next game: its set-up, up to the first roll
        for _ in range(12):
            if session.play is not None:
                break
            table.press(rng.choice(["SEAT1", "SEAT2", "DIE1", "ROLL", "DONE"]))
    table.press("UNDO", "hold")  # start over? from the set-up or the end: afresh
    table.press("ROLL")


def scan_game(
    chosen: ModuleSet,
    game: int,
    state: Path | None = None,
    presses: int | None = None,
    fit: bool = True,
    code: str = SOURCE,
) -> Findings:
    """One game of a set, whole or its first ``presses`` presses of play, in the language
    ``code``: every state's console laid out on both consoles (``fit``), every string shown
    scanned (in the pseudo-language, the table's own words for any not catalogued), and with a
    state folder ``games`` and ``replay`` read its journal."""
    was = language()
    set_language(code)
    try:
        return _scan_game(chosen, game, state, presses, fit)
    finally:
        set_language(was)


def _scan_game(
    chosen: ModuleSet, game: int, state: Path | None, presses: int | None, fit: bool
) -> Findings:
    start = time.perf_counter()
    pseudo = language() == PSEUDO
    found = Findings(games=1)
    laid_out: set[tuple[object, ...]] = set()
    seen: set[tuple[str, int]] = set()
    dice = [0]  # the most dice on the table so far
    steps = [0]  # the game's steps read for their dice
    where = f"{chosen.key} game {game}"

    def look(session: TableSession) -> None:
        found.states += 1
        view = session.view()
        c = view.console
        key = (c.prompt, c.aside, c.flash, c.choices, c.title, bool(c.faces), c.rolls_left, c.pile)
        if session.looking_back is not None:  # the history: its pages fit the console's width
            found.history_pages += 1
            if fit and not shows_whole(width)(c):
                found.cut.setdefault(f"{width} px history: {c.prompt!r}", where)
        elif fit and key not in laid_out:
            laid_out.add(key)
            for cut in console_cuts(c):
                found.cut.setdefault(cut, where)
        play = session.play
        if play is not None and play.game.pending is not None and not play.box_due():
            found.kinds.add(play.game.pending.kind)
        if play is not None:  # a story may name a die of a turn that had more (the box's)
            steps[0] = min(steps[0], len(play.taken))
            for step in play.taken[steps[0] :]:
                dice[0] = max(dice[0], len(step.before.faces))
            steps[0] = len(play.taken)
            dice[0] = max(dice[0], len(play.game.faces))
        for text in shown(view):
            if (text, dice[0]) not in seen:
                seen.add((text, dice[0]))
                for name in misnamed(text, dice[0]):
                    found.misnamed.setdefault(f"{name!r} in {text!r}", where)
        if pseudo and session.looking_back is None:  # a page may break a phrase: lines below
            for text in table_words(view):
                for word in unmarked(text):
                    found.unmarked.setdefault(f"{word!r} in {text!r}", where)
        found.strings = len(seen)

    config, rng = config_for(chosen, game, state)
    width = console_for(game)
    table = Table(config, rng.randrange(2**32), look, width)
    play_game(table, config, rng, game, presses)
    session = table.session
    if session.play is not None:
        for line in session.history.lines:  # its pages: the same words, broken between them
            found.strings += 1
            for name in misnamed(line, dice[0]):
                found.misnamed.setdefault(f"{name!r} in history {line!r}", where)
            for word in unmarked(line) if pseudo else ():
                found.unmarked.setdefault(f"{word!r} in history {line!r}", where)
        after_the_end(table, config, rng)
    session.close()
    if state is not None:
        newest = str(journals(state / "games")[-1])
        for text in (
            cli_output("games", "--state-dir", str(state)),
            cli_output("replay", newest),
            page_text(games_index_html(state) or ""),  # games --html
            page_text(game_page_html(state, Path(newest).stem) or ""),
        ):
            found.strings += 1
            for name in misnamed(text, dice[0]):
                found.misnamed.setdefault(f"{name!r} in games/replay/pages {text!r}", where)
    found.seconds = time.perf_counter() - start
    return found


def scan_set(
    chosen: ModuleSet,
    games: range,
    on_disk: Callable[[ModuleSet, int], Path | None],
    presses: int | None = None,
    fit: bool = True,
    code: str = SOURCE,
) -> Findings:
    """A set's games (whole, or ``presses`` presses of play each) in the language ``code``;
    ``on_disk(chosen, game)`` is the state folder to keep a game in (None: memory only)."""
    found = Findings()
    for game in games:
        found.add(scan_game(chosen, game, on_disk(chosen, game), presses, fit, code))
    return found


# ------------------------------------------------------------------ the suite's share

WHOLE_EVERY = 4  # in the suite, one set in four plays a whole game
FIRST_PRESSES = 12  # the others: the set-up and this many presses of play, then start over
ON_DISK_EVERY = 96  # one set in 96 keeps its game on disk, for ``games`` and ``replay``


SHARES = 24  # the scan in parts, so the test session's workers play one language's together


def suite_scan(tmp_path_factory: pytest.TempPathFactory, code: str = SOURCE) -> Findings:
    """What the console-fit and no-internal-name tests read, in the language ``code``: one run
    for the test session. Under pytest-xdist the workers share it through files in the
    session's folder: the scan is in ``SHARES`` parts, each played by the first worker to come
    to it (a lock) and read by the others, so each part is played once, and a worker that comes
    while another plays takes the parts left rather than wait idle for the whole."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the session's, shared by its workers
    return _shared(root, code)


def shares(count: int) -> list[range]:
    """The parts of a list of ``count`` sets: runs of it in its order, together the whole list,
    each set in exactly one."""
    return [range(count * part // SHARES, count * (part + 1) // SHARES) for part in range(SHARES)]


@functools.cache
def _shared(root: Path, code: str) -> Findings:
    name = "table_scan" if code == SOURCE else f"table_scan_{code}"
    state = root / f"{name}_{os.getpid()}"
    parts = shares(len(SETS))
    found: dict[int, Findings] = {}
    for wait in (False, True):  # first the parts nobody plays, then those others play
        for part, sets in enumerate(parts):
            if part not in found:
                share = _share(root / f"{name}_part{part}", sets, state, code, wait)
                if share is not None:
                    found[part] = share
    whole = Findings()
    for part in range(len(parts)):  # in the list's order, as one worker alone sees them
        whole.add(found[part])
    return whole


def _share(path: Path, sets: range, state: Path, code: str, wait: bool) -> Findings | None:
    """The part ``sets`` of the scan, kept in ``path``.pickle: read if a worker played it,
    else played here; None if another worker plays it now and ``wait`` is false."""
    result = Path(f"{path}.pickle")
    with Path(f"{path}.lock").open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            return None
        if result.exists():
            found: Findings = pickle.loads(result.read_bytes())
            return found
        found = _played(sets, state, code)
        written = Path(f"{path}.new")
        written.write_bytes(pickle.dumps(found))
        written.replace(result)  # whole or not there, should the worker be stopped midway
        return found


def _played(sets: range, state: Path, code: str) -> Findings:
    """A game of each of the sets ``sets`` (their places in this run's list) in the language
    ``code``, whole in one set of ``WHOLE_EVERY`` of the whole list (the sets spread over it,
    small and large), some kept under ``state``; in the pseudo-language nothing is laid out
    (its marks are no length to fit)."""
    found = Findings()
    for i in sets:
        chosen = SETS[i]
        n = _PLACE[chosen]

        def on_disk(chosen: ModuleSet, game: int, n: int = n) -> Path | None:
            return state / f"set{n}" if n % ON_DISK_EVERY == 0 else None

        presses = None if n % WHOLE_EVERY == 0 else FIRST_PRESSES
        game = range(n % 7, n % 7 + 1)
        found.add(scan_set(chosen, game, on_disk, presses, fit=code != PSEUDO, code=code))
    return found
