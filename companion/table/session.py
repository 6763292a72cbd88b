"""The companion at the table for a whole evening: set-up, play, the end, the next game."""

from __future__ import annotations

import logging
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import CHARACTERS, Answer, ChooseSeat, Event, Game, HouseRule, Module, Role, boneyard
from . import series
from .journal import Journal, JournalError, cut_torn_line, journals, read_journal
from .play import Refused, TablePlay
from .prompts import ROLE_LABELS, game_over_text, house_rules_text, modules_text, prompt_for
from .setup_flow import SetupFlow
from .view import ConsoleView, SeatView, TableView

log = logging.getLogger(__name__)

BUTTON = re.compile(r"^(ROLL|DONE|UNDO|DIE[1-6]|SEAT[1-8])$")
# Decisions the asked seat answers itself (its own button, or the DIE buttons for its role).
OWN_ANSWERS = (Answer.YES_NO, Answer.ROLE)


@dataclass
class TableConfig:
    """What the table session needs from the configuration."""

    seats: int = 8
    roles: str = "physical"  # or "dealt"
    house_rules: frozenset[HouseRule] = frozenset()
    modules: frozenset[Module] = frozenset()  # the defaults; the set-up's DIE buttons change them
    state_dir: Path | None = None
    double_press: float = 0.15  # seconds: the same button again this soon is a bounce
    real_boneyard: bool = False  # Undead or Alive 4: the table draws its own Boneyard cards

    def __post_init__(self) -> None:
        if self.roles not in ("physical", "dealt"):
            raise ValueError(f"roles must be 'physical' or 'dealt', not {self.roles!r}")
        if not 3 <= self.seats <= 8:
            raise ValueError(f"a table has 3 to 8 seats, not {self.seats}")


@dataclass
class TableSession:
    """Turns button presses into set-up steps and game actions, and says what to show."""

    config: TableConfig
    seed: int | None = None  # for set-up's shuffles; None: truly random
    play: TablePlay | None = None
    setup: SetupFlow | None = None
    flash: str | None = None
    menu: int | None = None  # the physical seat whose menu is open
    modules: frozenset[Module] | None = None  # as last chosen at set-up (None: the config's)
    _last_press: dict[str, float] = field(default_factory=dict)

    def start(self) -> None:
        """Resume the newest unfinished game without a question, or begin a set-up."""
        directory = self._games_dir()
        newest = journals(directory)[-1:] if directory else []
        for path in newest:
            try:
                contents = read_journal(path)
                if contents.finished:
                    break
                play = TablePlay.replay(contents, path)
                if contents.dropped_torn_line:
                    cut_torn_line(path)  # only once all the rest replayed: a bad file is kept
            except JournalError as exc:
                log.error("cannot resume: %s (the file is kept as it is)", exc)
                self.flash = f"Journal unreadable, kept: {path.name}"
                break
            play.journal = Journal.reopen(path)
            self._begin_play(play)
            log.info("resumed the game in %s", path)
            return
        self._new_setup([])

    def _games_dir(self) -> Path | None:
        return None if self.config.state_dir is None else self.config.state_dir / "games"

    def _new_setup(self, joined: list[int]) -> None:
        self.play = None
        self.setup = SetupFlow(
            seats=self.config.seats,
            roles_mode=self.config.roles,
            house_rules=self.config.house_rules,
            modules=self._modules(),
            joined=list(joined),
            real_boneyard=self.config.real_boneyard,
            legacy=self._follow_up(joined, self._modules()),
        )
        if self.seed is not None:
            self.setup.rng = random.Random(self.seed)

    def _modules(self) -> frozenset[Module]:
        return self.config.modules if self.modules is None else self.modules

    def _follow_up(self, joined: list[int], modules: frozenset[Module]) -> series.NextGame | None:
        """Wild West Legacy: what the last game at these seats decides for this one."""
        if not joined:
            return None
        try:
            return series.follow_up(self.config.state_dir, joined, modules)
        except series.SeriesError as exc:
            log.error("series not continued: %s", exc)
            self.flash = "Series file unreadable: a fresh set-up"
            return None

    def _record(self, play: TablePlay, journal: str) -> None:
        """A finished game joins the history (and its series) on disk."""
        if self.config.state_dir is None:
            return
        try:
            series.record(self.config.state_dir, play, journal)
        except (OSError, series.SeriesError) as exc:
            log.error("game not added to the history: %s", exc)

    def _begin_play(self, play: TablePlay) -> None:
        self.play = play
        self.setup = None

    # ------------------------------------------------------------------ input

    def handle(self, button: str, kind: str = "press", at: float | None = None) -> list[Event]:
        """One press or hold; returns the engine events it caused. Never raises for bad input."""
        at = time.monotonic() if at is None else at
        if not BUTTON.match(button) or kind not in ("press", "hold"):
            self.flash = f"Unknown button {button!r} ({kind})."
            return []
        if kind == "hold":
            self._hold(button)
            return []
        last = self._last_press.get(button)
        if last is not None and at - last < self.config.double_press:
            return []  # contact bounce or a nervous double tap; holds are never repeats
        self._last_press[button] = at
        self.menu = None
        try:
            events = self._press(button)
        except Refused as exc:
            self.flash = str(exc)
            return []
        self.flash = None
        return events

    def _press(self, button: str) -> list[Event]:
        if self.play is not None:
            if self.play.game.over and button == "ROLL":
                joined = list(self.play.seats)
                journal = self.play.journal.path.name if self.play.journal is not None else ""
                self.play.finish()
                self._record(self.play, journal)
                self._new_setup(joined)
                return []
            return self.play.press(button)
        assert self.setup is not None
        finished = self.setup.press(button)
        if finished is not None:
            self.modules = finished.modules
            seats = list(self.setup.joined)
            try:
                play = TablePlay.new(finished, seats, self.config.state_dir, self.config.roles)
            except OSError as exc:
                self.setup.press("UNDO")  # back to the last step: DONE tries again
                raise Refused(f"Cannot write the journal ({exc.strerror or exc}).") from exc
            self._begin_play(play)
            return list(play.game.opening_events)
        return []

    def _hold(self, button: str) -> None:
        """Holding a seat button opens (or closes) that seat's menu."""
        if button.startswith("SEAT"):
            seat = int(button[4:])
            self.menu = None if self.menu == seat else seat

    def close(self) -> None:
        if self.play is not None:
            self.play.close()

    # ------------------------------------------------------------------ output

    def view(self) -> TableView:
        if self.play is not None:
            return self._play_view(self.play)
        assert self.setup is not None
        return self._setup_view(self.setup)

    def _setup_view(self, flow: SetupFlow) -> TableView:
        seats = []
        for n in range(1, self.config.seats + 1):
            joined = n in flow.joined
            character = flow.characters.get(n)
            role = flow.roles.get(n)
            public = role is Role.SHERIFF or len(flow.joined) == 3
            shown = role if public or self.menu == n else None
            note = "joined" if joined else "press to join"
            if flow.stage == "characters" and joined:
                note = CHARACTERS[character].ability if character else "press: character"
            seats.append(
                SeatView(
                    number=n,
                    playing=joined or flow.stage == "join",
                    name=CHARACTERS[character].title if character else "",
                    life=CHARACTERS[character].life if character else 0,
                    max_life=CHARACTERS[character].life if character else 0,
                    sheriff=shown is Role.SHERIFF,
                    role=ROLE_LABELS[shown] if shown is not None else None,
                    answer=flow.stage == "join" or joined,
                    note=note,
                )
            )
        console = ConsoleView(prompt=flow.prompt(), flash=self.flash, title="BANG! set-up")
        return TableView(tuple(seats), console)

    def _play_view(self, play: TablePlay) -> TableView:
        game = play.game
        d = game.pending
        answers: set[int] = set()
        asked: int | None = None
        if d is not None:
            if d.spec.answer is Answer.SEAT:
                answers = {a.seat for a in game.legal_actions() if isinstance(a, ChooseSeat)}
            elif d.spec.answer in OWN_ANSWERS:
                answers, asked = {d.seat}, d.seat
        seats = []
        for n in range(1, self.config.seats + 1):
            if n not in play.seats:
                seats.append(SeatView(number=n, playing=False))
                continue
            s = play.seats.index(n)
            p = game.players[s]
            role = p.role if p.revealed else None
            if self.menu == n and p.role is not None:
                role = p.role
            note = undead_note(game, s)
            if self.menu == n:
                note = CHARACTERS[p.character].ability
            elif game.over and s in game.winners:
                note = "WINS"
            seats.append(
                SeatView(
                    number=n,
                    playing=True,
                    name=CHARACTERS[p.character].title,
                    life=p.life,
                    max_life=p.max_life,
                    arrows=p.arrows,
                    chief_arrow=p.chief_arrow,
                    sheriff=p.role is Role.SHERIFF and p.revealed,
                    active=not game.over and game.turn == s,
                    alive=p.alive,
                    role=ROLE_LABELS[role] if role is not None else None,
                    answer=s in answers,
                    asked=s == asked,
                    winner=game.over and s in game.winners,
                    note=note,
                )
            )
        if game.over:
            prompt = game_over_text(game.side)
        else:
            assert d is not None
            prompt = prompt_for(game, d, play.seats, play.reveal_choices())
            rules = ". ".join(
                t
                for t in (
                    modules_text(game.setup.modules),
                    house_rules_text(game.setup.house_rules),
                )
                if t
            )
            if rules and game.turn_number == 1 and game.roll_count == 0:
                prompt = f"{prompt}. {rules}"
        console = ConsoleView(
            faces=tuple(game.faces),
            locked=tuple(game.locked(i) for i in range(len(game.faces))),
            marked=tuple(i in play.marked for i in range(len(game.faces))),
            rolls_left=game.rolls_left,
            pile=game.tokens_in_pile,
            prompt=prompt,
            flash=self.flash,
            title=f"Turn {game.turn_number}: seat {play.seats[game.turn]}"
            + _saloon(game.dice_kinds)
            + hands_text(game),
        )
        return TableView(tuple(seats), console)


def _saloon(dice: list[str]) -> str:
    """The Saloon die of the turn, named after the title (the console shows its faces)."""
    saloon = [kind for kind in dice if kind != "base"]
    return f", {saloon[0].capitalize()}" if saloon else ""


def undead_note(game: Game, seat: int) -> str:
    """Undead or Alive 4 on a seat: ZOMBIE, the Master's crown, or an eliminated seat's cards."""
    p = game.players[seat]
    if (p.zombie or p.master) and not p.alive:
        return "out for good"
    if p.master:
        return "ZOMBIE MASTER"
    if p.zombie:
        return "ZOMBIE"
    if not p.alive and Module.UNDEAD_OR_ALIVE in game.setup.modules and game.outbreak is None:
        return f"Boneyard: hands {boneyard.hands_showing(game)}"
    return ""


def hands_text(game: Game) -> str:
    """The zombie hands showing against the living, so the outbreak is never a surprise."""
    if Module.UNDEAD_OR_ALIVE not in game.setup.modules or game.outbreak == boneyard.BEGUN:
        return ""
    return f" hands {boneyard.hands_showing(game)} / living {boneyard.living_count(game)}"
