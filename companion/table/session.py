"""The companion at the table for a whole evening: set-up, play, the end, the next game."""

from __future__ import annotations

import copy
import dataclasses
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..bots import BOTS
from ..engine import (
    CHARACTERS,
    Answer,
    ChooseSeat,
    DecisionKind,
    Event,
    GameSetup,
    HouseRule,
    Module,
    Role,
    SetupError,
)
from ..engine.modules import module
from . import durable, series
from .answers import DUEL_ROLLS
from .buttons import BUTTONS
from .journal import JournalContents, JournalError, journals, read_journal
from .play import Refused, TablePlay
from .prompts import (
    ROLE_LABELS,
    game_over_text,
    ghost_note,
    hands_text,
    house_rules_text,
    menu_note,
    modules_text,
    prompt_for,
    reveal_legend,
    table_chores,
    undead_note,
    window_text,
)
from .setup_flow import SetupFlow
from .setup_journal import NAME as SETUP_FILE
from .setup_journal import SetupJournal, SetupRecord, read_setup
from .story import (
    History,
    Tokens,
    change_marks,
    pending_marks,
    retell,
    said_by_box,
    tell,
    tokens,
)
from .view import ConsoleView, SeatView, TableView

log = logging.getLogger(__name__)

# Decisions the asked seat answers with its own button (yes) or DONE (no). A role is shown
# with the DIE buttons instead, as the seat's own note says.
OWN_ANSWERS = (Answer.YES_NO,)
# Choices that are faces: the console shows their icons over the DIE buttons (a picker).
PICKERS = (
    DecisionKind.RAGE_SYMBOL,
    DecisionKind.WOUND_TOKEN,
    DecisionKind.WHICH_WOUND,
    DecisionKind.CHUCK_FACE,
)
BOX_RETRY = 1.0  # seconds before the box tries again a choice the disk would not take


@dataclass
class TableConfig:
    """What the table session needs from the configuration."""

    seats: int = 8
    roles: str = "physical"  # or "dealt"
    house_rules: frozenset[HouseRule] = frozenset()
    modules: frozenset[Module] = frozenset()  # the defaults; the set-up's DIE buttons change them
    real_piles: frozenset[str] = frozenset()
    state_dir: Path | None = None
    double_press: float = 0.15  # seconds: the same button again this soon is a bounce
    real_boneyard: bool = False  # Undead or Alive 4: the table draws its own Boneyard cards
    specials_mixed: bool = False  # Old Saloon 3: normal and special role cards mixed by type
    bots: tuple[int, ...] = ()  # seats the box plays from the start of a set-up
    bot_pause: float = 1.0  # seconds the table sees a choice of the box coming
    bot_player: str = "rules"  # the computer player of the box's seats (companion/bots)
    bot_players: dict[int, str] = field(default_factory=dict)  # another player for a seat

    def __post_init__(self) -> None:
        if self.roles not in ("physical", "dealt"):
            raise ValueError(f"roles must be 'physical' or 'dealt', not {self.roles!r}")
        if not 3 <= self.seats <= 8:
            raise ValueError(f"a table has 3 to 8 seats, not {self.seats}")
        if any(not 1 <= seat <= self.seats for seat in self.bots):
            raise ValueError(f"the box's seats {self.bots} are not all seats 1 to {self.seats}")
        for player in (self.bot_player, *self.bot_players.values()):
            if player not in BOTS:
                raise ValueError(f"unknown player {player!r}: expected one of {BOTS}")
        if any(seat not in self.bots for seat in self.bot_players):
            raise ValueError(f"players {self.bot_players} for seats the box does not play")

    def player_for(self, seat: int) -> str:
        """The computer player of a seat the box plays (a seat held at set-up: bot_player)."""
        return self.bot_players.get(seat, self.bot_player)


@dataclass
class TableSession:
    """Turns button presses into set-up steps and game actions, and says what to show."""

    config: TableConfig
    seed: int | None = None  # for set-up's shuffles; None: truly random
    play: TablePlay | None = None
    setup: SetupFlow | None = None
    flash: str | None = None
    menu: int | None = None  # the physical seat whose menu is open
    story: str = ""  # what the rules did after the last press, for the console
    marks: dict[int, str] = field(default_factory=dict)  # physical seat: its last change
    history: History = field(default_factory=History)
    looking_back: int | None = None  # how many lines back the console's history shows
    ending: bool = False  # UNDO was held: the next press confirms (DONE) or keeps the game
    refused: str | None = None  # why the last press or hold changed nothing (None: it acted)
    setup_journal: SetupJournal | None = None
    setup_unsaved: str | None = None  # why set-up presses cannot be saved now
    chores: str = ""  # what the players must do with real cards after the last press
    _last_press: dict[str, float] = field(default_factory=dict)
    _box_at: float | None = None  # when the box makes the choice it owes (monotonic seconds)
    _since_press: Tokens | None = None  # life and arrows at the people's last press
    # The set-up that made the game in progress (UNDO before anyone's choice goes back into
    # it), and its record as the game's journal holds it.
    _made_by: SetupFlow | None = field(default=None, repr=False)
    _made_from: SetupRecord | None = field(default=None, repr=False)
    # The set-up in progress as its journal holds it (or would, once the disk takes it); the
    # file read at start to open again rather than write anew;
    # a finished game the series still owes an entry (the disk refused it).
    _setup_record: SetupRecord = field(default_factory=lambda: SetupRecord(0, [], None), repr=False)
    _opens_setup: Path | None = field(default=None, repr=False)
    _owed: tuple[TablePlay, str] | None = field(default=None, repr=False)

    def start(self) -> None:
        """Take the evening up where the disk left it, writing nothing over what is there: the
        unfinished game; or the set-up begun after the newest game (or before any); or, when a
        power cut fell between the end of the newest game and the next set-up, that step made
        again; or a fresh set-up.

        Never raises for what is on disk: a file it cannot use is kept, reported on the console
        and in the log, and the table goes on.
        """
        newest = self._newest_journal()
        latest = self._latest_game()
        if latest is not None and not latest[1].finished:
            play = self._replayed(*latest)
            if play is not None:
                self._resume(play, latest[1])
                return
            latest = None
        read = self._read_setup()
        if read is not None and read.follows == newest:
            self._resume_setup(read)
        elif latest is not None:
            self._after_journal(*latest)
        else:
            fresh = SetupRecord(self._seed(), [], None, bots=list(self.config.bots))
            self._new_setup(fresh, newest)

    def _newest_journal(self) -> str | None:
        directory = self._games_dir()
        found = journals(directory) if directory else []
        return found[-1].name if found else None

    def _latest_game(self) -> tuple[Path, JournalContents] | None:
        """The newest game's journal and what it holds; None when there is none, or when it
        cannot be read (then kept as it is, and reported)."""
        directory = self._games_dir()
        found = journals(directory) if directory else []
        if not found:
            return None
        try:
            return found[-1], read_journal(found[-1])
        except JournalError as exc:
            self._unreadable(found[-1], str(exc))
            return None

    def _replayed(self, path: Path, contents: JournalContents) -> TablePlay | None:
        try:
            return TablePlay.replay(contents, path)
        except JournalError as exc:
            self._unreadable(path, str(exc))
        except Exception as exc:  # noqa: BLE001 - the box starts whatever a file holds
            log.exception("cannot replay %s", path)
            self._unreadable(path, f"{path}: {exc!r}")
        return None

    def _unreadable(self, path: Path, problem: str) -> None:
        log.error("cannot resume: %s (the file is kept as it is)", problem)
        self.flash = f"Journal unreadable, kept: {path.name}"

    def _resume(self, play: TablePlay, contents: JournalContents) -> None:
        """Play on a game read back from its journal: the journal opened for more records, the
        automatic choices a power cut left unmade made now, and the set-up that made it
        remembered, so UNDO before anyone's first choice still goes back into it."""
        assert play.journal is None and play.path is not None
        if contents.dropped_torn_line:
            try:
                durable.cut_torn_tail(play.path)  # only once all the rest replayed
            except OSError as exc:
                log.error("%s: cannot cut its torn last line (%s)", play.path, exc)
        try:
            play.recover()
        except Refused as exc:
            self.flash = str(exc)
            log.error("%s: %s", play.path, exc)
        self._begin_play(play)
        made_by = contents.made_by
        if made_by is not None and not any(step.people for step in play.history):
            flow, made = self._replay(made_by)
            if made == play.game.setup:
                self._made_by, self._made_from = flow, made_by
        log.info("resumed the game in %s", play.path)
        self._schedule()

    def _read_setup(self) -> SetupRecord | None:
        """The set-up journal; None when there is none, or when it cannot be read (then kept
        aside, and reported)."""
        if self.config.state_dir is None:
            return None
        path = self.config.state_dir / SETUP_FILE
        if not path.exists():
            return None
        try:
            return read_setup(path, BUTTONS)
        except JournalError as exc:
            kept = durable.keep_aside(path, "the set-up journal")
            log.error("cannot resume the set-up: %s (kept as %s)", exc, kept.name)
            self.flash = f"Set-up unreadable, kept: {kept.name}"
            return None

    def _resume_setup(self, record: SetupRecord) -> None:
        """The set-up in progress, its presses made again with its own seed; the file is only
        opened for more presses, never written again."""
        flow, made = self._replay(record)
        if made is not None:  # an older companion's set-up whose game is gone: start anew
            fresh = SetupRecord(self._seed(), flow.joined, record.modules, bots=flow.bots)
            self._new_setup(fresh, self._newest_journal())
            return
        self._show_setup(flow, record)
        assert self.config.state_dir is not None
        self._opens_setup = self.config.state_dir / SETUP_FILE
        self._save_setup()
        log.info("resumed the set-up in %s", SETUP_FILE)

    def _replay(self, record: SetupRecord) -> tuple[SetupFlow, GameSetup | None]:
        """A set-up's presses made again: the set-up, and the game it made if its last press
        finished it."""
        flow = self._flow(record)
        made = None
        for button, kind in record.presses:
            try:
                if kind == "hold":
                    flow.hold(button)
                    made = None
                else:
                    made = flow.press(button)
            except Refused as exc:
                log.warning("set-up journal: %s %s skipped (%s)", kind, button, exc)
        return flow, made

    def _flow(self, record: SetupRecord) -> SetupFlow:
        """A fresh set-up from a record's header: its seed, seats, the box's seats, modules."""
        modules = self.config.modules
        if record.modules is not None:
            try:
                modules = frozenset(module(m) for m in record.modules)
            except SetupError as exc:
                log.warning("set-up journal: modules %s ignored (%s)", record.modules, exc)
        mixed = record.specials_mixed
        bots = sorted(record.bots)
        joined = sorted({*record.joined, *bots})
        return SetupFlow(
            seats=self.config.seats,
            roles_mode=self.config.roles,
            house_rules=self.config.house_rules,
            modules=modules,
            real_piles=self.config.real_piles,
            joined=joined,
            bots=bots,
            rng=random.Random(record.seed),
            real_boneyard=self.config.real_boneyard,
            specials_mixed=self.config.specials_mixed if mixed is None else mixed,
            legacy=self._follow_up(joined, modules),
        )

    def _seed(self) -> int:
        return self.seed if self.seed is not None else secrets.randbits(64)

    def _new_setup(self, record: SetupRecord, follows: str | None) -> None:
        """A fresh set-up from ``record`` (no presses yet), after the game ``follows``."""
        record.follows = follows
        self._show_setup(self._flow(record), record)
        self._opens_setup = None
        self._save_setup()

    def _show_setup(self, flow: SetupFlow, record: SetupRecord) -> None:
        self.play, self.setup, self._made_by, self._made_from = None, flow, None, None
        self._close_setup_journal()
        self._setup_record = record

    def _save_setup(self) -> None:
        """The set-up on disk: first the finished game it follows in the series, when that is
        still owed, then its journal (a new file, or the one read at start opened again). When
        the disk says no, set-up presses are refused, and the next one tries again."""
        state_dir = self.config.state_dir
        if state_dir is None:
            return
        try:
            if self._owed is not None:
                self._record(*self._owed)
                self._owed = None
                self.setup = self._flow(self._setup_record)  # the series now holds that game
            if self._opens_setup is not None:
                self.setup_journal = SetupJournal.reopen(self._opens_setup, self._setup_record)
            else:
                self.setup_journal = SetupJournal.create(state_dir, self._setup_record)
        except OSError as exc:
            self.setup_unsaved = (
                f"Cannot save the set-up ({exc.strerror or exc}): presses are refused."
            )
            self.flash = self.setup_unsaved
            log.error("%s", self.setup_unsaved)
            return
        self.setup_unsaved = None

    def _close_setup_journal(self) -> None:
        if self.setup_journal is not None:
            self.setup_journal.close()
            self.setup_journal = None

    def _follow_up(self, joined: list[int], modules: frozenset[Module]) -> series.NextGame | None:
        """Wild West Legacy: what the last game at these seats decides for this one."""
        if not joined or self.config.state_dir is None:
            return None
        try:
            return series.follow_up(self.config.state_dir, joined, modules)
        except series.SeriesError as exc:
            self.flash = series.kept_aside(self.config.state_dir, str(exc))
            return None

    def _record(self, play: TablePlay, journal: str) -> None:
        """A finished game joins the history (and its series) on disk; an unreadable series
        file is kept aside and a new one begins. OSError when the disk says no."""
        assert self.config.state_dir is not None
        try:
            series.record(self.config.state_dir, play, journal)
        except series.SeriesError as exc:
            self.flash = series.kept_aside(self.config.state_dir, str(exc))
            series.record(self.config.state_dir, play, journal)

    # ------------------------------------------------------- from one game to the next

    def _after_journal(self, path: Path, contents: JournalContents) -> None:
        """At start: the step from this ended game to the next set-up, which a power cut
        interrupted, made now."""
        play = self._replayed(path, contents)
        if play is None:
            fresh = SetupRecord(self._seed(), [], None, bots=list(self.config.bots))
            self._new_setup(fresh, path.name)
            return
        how = "to_setup" if contents.to_setup else "abandoned" if contents.abandoned else "won"
        log.info("%s ended: the next set-up is made now", path.name)
        self._after(play, path.name, how, contents.made_by)

    def _after(
        self,
        play: TablePlay,
        journal: str,
        how: str,
        made_by: SetupRecord | None,
        flow: SetupFlow | None = None,
    ) -> None:
        """The set-up that follows a game whose journal is closed: back into the set-up that
        made it (``how`` "to_setup", by UNDO), or the next game's at the same seats with the same
        modules (after a game "won", which first joins the series, or "abandoned")."""
        if how == "to_setup" and made_by is not None:
            record = dataclasses.replace(
                made_by, presses=[*made_by.presses, ("UNDO", "press")], follows=journal
            )
            if flow is None:
                flow, _ = self._replay(record)
            else:
                flow.press("UNDO")
            self._show_setup(flow, record)
            self._opens_setup = None
            self._owed = None
            self._save_setup()
            return
        setup = play.game.setup
        mixed = setup.specials_mixed if Module.SPECIAL_ROLES in setup.modules else None
        record = SetupRecord(
            self._seed(),
            list(play.seats),
            sorted(map(str, setup.modules)),
            [],
            mixed,
            sorted(play.bots),
        )
        # Recorded before the set-up is saved: it may follow from it (Wild West Legacy).
        self._owed = (play, journal) if how == "won" and journal else None
        self._new_setup(record, journal or None)

    def _seat_count(self) -> int:
        """The seats drawn: the table's, or more when a resumed game was set up on a bigger one."""
        return max(self.config.seats, *(self.play.seats if self.play is not None else ()))

    def _games_dir(self) -> Path | None:
        return None if self.config.state_dir is None else self.config.state_dir / "games"

    def _begin_play(self, play: TablePlay) -> None:
        """Play ``play``; a resumed game's story is told again from its steps, so the last
        press's line and marks are back and holding DONE pages through the whole game."""
        self.play = play
        self.setup = None
        self.history = History()
        self._made_by, self._made_from = None, None
        self._close_setup_journal()  # the game's journal holds its set-up now
        told = retell([(s.before, s.action, s.auto, s.box) for s in play.history], play.seats)
        for press in told:
            self.history.add(press.steps, press.line)
        last = told[-1] if told else None
        self.story = last.line if last else ""
        self.marks = {play.seats[s]: m for s, m in last.marks.items()} if last else {}

    # ------------------------------------------------------------------ input

    def handle(self, button: str, kind: str = "press", at: float | None = None) -> list[Event]:
        """One press or hold; returns the engine events it caused. Never raises for bad input.

        A choice the box now owes is made later (``tick``), after the table has seen it coming.
        """
        events = self._handle(button, kind, time.monotonic() if at is None else at)
        self._schedule()
        return events

    def _handle(self, button: str, kind: str, at: float) -> list[Event]:
        self.refused = None
        if button not in BUTTONS or kind not in ("press", "hold"):
            self._refuse(f"Unknown button {button!r} ({kind}).")
            return []
        if kind == "hold":
            self.flash = None
            self._hold(button)
            return []
        last = self._last_press.get(button)
        if last is not None and at - last < self.config.double_press:
            # Contact bounce or a nervous double tap: ignored, but never without a word.
            self._refuse(f"{button} twice within {self.config.double_press:g} s: once counted")
            return []
        self._last_press[button] = at
        menu, self.menu = self.menu, None
        if self.looking_back is not None:
            if button == "DONE":
                self._look_back()
                return []
            self.looking_back = None  # any other button goes back to the game, and acts
        if self.ending:
            self.ending = False
            if button == "DONE":
                return self._abandon()
            self.flash = "The game goes on."
            return []
        before = tokens(self.play.game) if self.play is not None else None
        self._since_press = before
        steps = len(self.play.history) if self.play is not None else 0
        self.flash = None  # what this press says (a file kept aside, the disk) stays shown
        try:
            # A DIE press while a seat's menu is open makes that seat's reveal (Old Saloon 3).
            if menu is not None and button.startswith("DIE") and self._reveals(menu):
                assert self.play is not None
                events = self.play.reveal(menu, int(button[3:]) - 1)
            else:
                events = self._press(button)
        except Refused as exc:
            self._refuse(str(exc))
            return []
        self._tell(events, before, steps)
        if self.play is not None:
            self.chores = _chores(self.play, events)
        return events

    def _tell(self, events: list[Event], before: Tokens | None, steps: int) -> None:
        """The story of a press: the console's line, each changed seat's mark, the history."""
        self.story, self.marks = "", {}
        play = self.play
        if play is None or before is None:
            return
        automatic = [(s.before.pending, s.action) for s in play.history[steps:] if s.auto]
        self.story = tell(events, play.seats, [(d, a) for d, a in automatic if d is not None])
        changed = change_marks(before, tokens(play.game))
        self.marks = {play.seats[s]: mark for s, mark in changed.items()}
        self.history.undo_to(len(play.history))
        self.history.add(len(play.history), self.story)

    def _look_back(self) -> None:
        """One line further back in the game's story; past the oldest, back to the game."""
        assert self.looking_back is not None
        self.looking_back += 1
        if self.looking_back >= len(self.history.lines):
            self.looking_back = None

    def _refuse(self, why: str) -> None:
        """A press that changed nothing: said on the console, and to a script (``refused``)."""
        self.flash = self.refused = why

    def _abandon(self) -> list[Event]:
        """End the game in progress on purpose: its journal kept, marked abandoned; a new
        set-up with the same seats and modules."""
        play = self.play
        assert play is not None
        try:
            play.abandon()
        except OSError as exc:
            self._refuse(f"Cannot mark the journal ({exc.strerror or exc}): the game goes on.")
            return []
        self._after(play, play.path.name if play.path else "", "abandoned", None)
        self.story, self.marks = "Game ended; its journal is kept", {}
        return []

    def _reveals(self, seat: int) -> bool:
        """Whether seat's menu offers reveals: never the box's (its card is its secret)."""
        play = self.play
        return play is not None and seat not in play.bots and bool(play.reveals_for(seat))

    def _press(self, button: str) -> list[Event]:
        if self.play is not None:
            if self.play.game.over and button == "ROLL":
                self._next_game(self.play)
                return []
            if button == "UNDO" and self._back_to_setup(self.play):
                return []
            return self.play.press(button)
        assert self.setup is not None
        self._setup_saveable()
        trial = copy.deepcopy(self.setup)
        finished = trial.press(button)  # Refused: nothing changed
        if finished is None:
            self._save_setup_press(button)
            self.setup = trial
            return []
        made_by = dataclasses.replace(
            self._setup_record, presses=[*self._setup_record.presses, (button, "press")]
        )
        roles = "dealt" if trial.dealt else self.config.roles
        players = {seat: self.config.player_for(seat) for seat in trial.bots}
        try:  # the set-up's record goes into the game's journal, with it or not at all
            play = TablePlay.new(
                finished, list(trial.joined), self.config.state_dir, roles, players, made_by
            )
        except OSError as exc:
            raise Refused(f"Cannot write the journal ({exc.strerror or exc}).") from exc
        self._begin_play(play)
        self._made_by, self._made_from = trial, made_by
        return list(play.game.opening_events)

    def _next_game(self, play: TablePlay) -> None:
        """ROLL after the game is over: its journal closed with its result, the game added to
        the series, and the next set-up at the same seats with the same modules."""
        try:
            play.finish()
        except OSError as exc:
            raise Refused(
                f"Cannot save the end of the game ({exc.strerror or exc}): ROLL tries again."
            ) from exc
        self._after(play, play.path.name if play.path else "", "won", None)

    def _setup_saveable(self) -> None:
        """Refused while the set-up cannot be saved, after trying once more (the disk may have
        room again)."""
        if self.setup_unsaved is not None:
            self._save_setup()
        if self.setup_unsaved is not None:
            raise Refused(self.setup_unsaved)

    def _save_setup_press(self, button: str, kind: str = "press") -> None:
        """A set-up press or hold on disk; Refused, and nothing changed, if the disk says no."""
        if self.setup_journal is None:
            self._setup_record.presses.append((button, kind))
            return
        try:
            self.setup_journal.append_press(button, kind)
        except OSError as exc:
            raise Refused(
                f"Cannot save the set-up ({exc.strerror or exc}): nothing changed."
            ) from exc

    def _back_to_setup(self, play: TablePlay) -> bool:
        """UNDO before anyone has pressed in the game: back into the set-up that made it (the
        last pick taken back), so a wrong Sheriff or character is mended like any other step.
        The game's journal is kept, marked abandoned."""
        flow = self._made_by
        if flow is None or any(step.people for step in play.history):
            return False
        try:
            play.abandon(to_setup=True)
        except OSError as exc:
            raise Refused(f"Cannot save the undo ({exc.strerror or exc}).") from exc
        self._after(play, play.path.name if play.path else "", "to_setup", self._made_from, flow)
        return True

    def _hold(self, button: str) -> None:
        """Holding a seat button opens (or closes) that seat's menu, or before the roles are
        dealt hands the seat to the box (or takes it back); holding DONE pages back through the
        game's story; holding UNDO (three seconds on the box) asks to end the game."""
        if self.setup is not None and self.setup.hands_over(button):
            self._hand_over(button)
        elif button.startswith("SEAT"):
            seat = int(button[4:])
            self.menu = None if self.menu == seat else seat
        elif button == "DONE":
            if not self.history.lines:
                self._refuse("Nothing has happened yet.")
            elif self.looking_back is None:
                self.looking_back = 0
            else:
                self._look_back()
        elif button == "UNDO":
            if self.play is None or self.play.game.over:
                self._refuse("No game in progress to end.")
            else:
                self.ending = True

    def _hand_over(self, button: str) -> None:
        """A set-up hold: the seat is the box's, or a person's again; saved like a press."""
        assert self.setup is not None
        trial = copy.deepcopy(self.setup)
        try:
            self._setup_saveable()
            trial.hold(button)
            self._save_setup_press(button, "hold")
        except Refused as exc:
            self._refuse(str(exc))
            return
        self.setup = trial
        seat = int(button[4:])
        self.story = f"Seat {seat}: {'the box' if seat in trial.bots else 'a person'} plays it"

    # ------------------------------------------------------------- the box's seats

    def box_wait(self, now: float | None = None) -> float | None:
        """Seconds until the box makes the choice it owes (0: now), None when it owes none or
        waits for the table to say whether the game goes on (UNDO held)."""
        if self._box_at is None or self.ending:
            return None
        now = time.monotonic() if now is None else now
        return max(0.0, self._box_at - now)

    def tick(self, now: float | None = None) -> list[Event] | None:
        """Make the box's choice if it is due: its events, or None when nothing was due.

        Never waits: the loop calls it when ``box_wait`` says, and presses go on meanwhile.
        """
        wait = self.box_wait(now)
        if wait is None or wait > 0:
            return None
        return self.box_step(now)

    def box_step(self, now: float | None = None) -> list[Event]:
        """The box's choice for its seat, at once: said on the console's story line ("Seat 3
        shoots seat 1"), each changed seat marked since the people's last press."""
        play = self.play
        assert play is not None and play.box_due()
        now = time.monotonic() if now is None else now
        steps = len(play.history)
        d = play.game.pending
        assert d is not None
        try:
            events = play.box_move()
        except Refused as exc:  # the journal cannot be written: nothing changed; try again
            self.flash = str(exc)
            self._box_at = now + max(self.config.bot_pause, BOX_RETRY)
            return []
        self.flash = None
        made = play.history[steps:]
        automatic = [(s.before.pending, s.action) for s in made[1:] if s.before.pending]
        self.story = said_by_box(d, made[0].action, events, play.seats, automatic)
        since = self._since_press or tokens(made[0].before)
        self.marks = {play.seats[s]: m for s, m in change_marks(since, tokens(play.game)).items()}
        self.history.add(len(play.history), self.story)
        self.chores = _chores(play, events)
        log.info("%s", self.story)
        self._box_at = None
        self._schedule(now)
        return events

    def _schedule(self, now: float | None = None) -> None:
        """Start the pause before a choice the box owes (once), or forget it if none is owed."""
        if self.play is None or not self.play.box_due():
            self._box_at = None
        elif self._box_at is None:
            now = time.monotonic() if now is None else now
            self._box_at = now + self.config.bot_pause

    def close(self) -> None:
        if self.play is not None:
            self.play.close()
        self._close_setup_journal()

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
            bot = n in flow.bots
            public = role is Role.SHERIFF or len(flow.joined) == 3
            shown = role if public or (self.menu == n and not bot) else None  # the box's: secret
            note = "the box plays" if bot else "joined" if joined else "press to join"
            if flow.stage == "characters" and joined:
                note = CHARACTERS[character].ability if character in CHARACTERS else ""
                if n == flow.picker:
                    note = "DIE picks; me: more names"
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
                    change=self.marks.get(n, ""),
                    bot=bot,
                )
            )
        names = flow.module_lines() if flow.stage == "join" else flow.shown()
        choices = tuple(
            f"{i} {CHARACTERS[name].title if name in CHARACTERS else name}"
            for i, name in enumerate(names, start=1)
        )
        console = ConsoleView(
            prompt=flow.prompt(),
            flash=self.flash,
            title=flow.title(),
            story=self.story,
            choices=choices,
        )
        return TableView(tuple(seats), console)

    def _play_view(self, play: TablePlay) -> TableView:
        game = play.game
        d = game.pending
        answers: set[int] = set()  # none while the box chooses: nobody presses
        asked: int | None = None
        box = play.box_due()
        if d is not None and not box:
            if d.spec.answer is Answer.SEAT:
                answers = {a.seat for a in game.legal_actions() if isinstance(a, ChooseSeat)}
            elif d.spec.answer in OWN_ANSWERS and d.kind is not DecisionKind.GAME_END:
                answers, asked = {d.seat}, d.seat
            elif d.kind in DUEL_ROLLS:
                answers = {d.seat}  # the seat holding the Duel die rolls it with its press
        pending = {play.seats[s]: mark for s, mark in pending_marks(game).items()}
        seats = []
        for n in range(1, self._seat_count() + 1):
            if n not in play.seats:
                seats.append(SeatView(number=n, playing=False))
                continue
            s = play.seats.index(n)
            p = game.players[s]
            role = p.role if p.revealed else None
            bot = n in play.bots
            if self.menu == n and p.role is not None and not bot:  # the box's card: its secret
                role = p.role
            note = undead_note(game, s)
            if Module.GHOST in game.setup.modules:
                note = ghost_note(game, s, play.seats)
            if self.menu == n:
                reveals = [] if bot else play.reveals_for(n)
                note = menu_note(reveals) or CHARACTERS[p.character].ability
            elif game.over and s in game.winners:
                note = "WINS"
            elif d is not None and d.kind is DecisionKind.REVEAL_ROLE and s == d.seat:
                note = "Show your role card: " + reveal_legend(play.reveal_choices())
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
                    change=", ".join(m for m in (self.marks.get(n), pending.get(n)) if m),
                    wounds=tuple(p.wounds),
                    rage_held=p.rage_held,
                    rage_symbols=tuple(p.rage_symbols),
                    bot=bot,
                )
            )
        if game.over:
            prompt = game_over_text(game.side)
        else:
            assert d is not None
            if box:
                prompt = f"BOT seat {play.seats[d.seat]}: {d.spec.question}"
            else:
                prompt = prompt_for(game, d, play.seats, play.reveal_choices())
            window = window_text(game)
            if window:
                prompt = f"{prompt}; {window}"
            rules = ". ".join(
                t
                for t in (
                    modules_text(game.setup.modules, game.setup.specials_mixed),
                    house_rules_text(game.setup.house_rules),
                )
                if t
            )
            if rules and game.turn_number == 1 and game.roll_count == 0:
                prompt = f"{prompt}. {rules}"
        if self.chores:
            prompt = f"{self.chores} {prompt}"
        title = f"Turn {game.turn_number}: seat {play.seats[game.turn]}" + _saloon(game.dice_kinds)
        title += hands_text(game)
        story = self.story
        if self.ending:
            title, story = "Start over?", ""
            prompt = "DONE: end this game (its journal is kept); any other button: play on"
        elif self.looking_back is not None:
            title, story = "What happened", ""
            prompt = f"{self.history.page(self.looking_back)} (DONE: older, other: back)"
        console = ConsoleView(
            faces=tuple(game.faces),
            locked=tuple(game.locked(i) for i in range(len(game.faces))),
            marked=tuple(i in play.marked for i in range(len(game.faces))),
            rolls_left=game.rolls_left,
            pile=game.tokens_in_pile,
            prompt=prompt,
            flash=self.flash,
            title=title,
            story=story,
            kinds=tuple(game.dice_kinds),
            picker=d.options if d is not None and d.kind in PICKERS else (),
        )
        return TableView(tuple(seats), console)


def _chores(play: TablePlay, events: list[Event]) -> str:
    """What the players must do with real pieces after ``events`` (its Wound tokens, when the
    table draws them for real)."""
    return table_chores(events, play.seats, "wounds" in play.game.setup.real_piles)


def _saloon(dice: list[str]) -> str:
    """The Saloon die of the turn, named after the title (the console shows its faces)."""
    saloon = [kind for kind in dice if kind not in ("base", "duel")]  # Duel dice: their own
    return f", {saloon[0].capitalize()}" if saloon else ""
