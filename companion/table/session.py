"""The companion at the table for a whole evening: set-up, play, the end, the next game."""

from __future__ import annotations

import copy
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
    HouseRule,
    Module,
    Role,
    SetupError,
)
from ..engine.modules import module
from . import series
from .answers import DUEL_ROLLS
from .buttons import BUTTONS
from .journal import Journal, JournalError, cut_torn_line, journals, read_journal
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
from .setup_journal import SetupJournal, read_setup
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
                raise ValueError(f"unknown player {player!r}: expected one of {', '.join(BOTS)}")
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
    _made_by: SetupFlow | None = field(default=None, repr=False)  # the set-up of this game
    setup_journal: SetupJournal | None = None
    setup_unsaved: str | None = None  # why set-up presses cannot be saved now
    modules: frozenset[Module] | None = None  # as last chosen at set-up (None: the config's)
    specials_mixed: bool | None = None  # Old Saloon 3's way of dealing, likewise
    chores: str = ""  # what the players must do with real cards after the last press
    _last_press: dict[str, float] = field(default_factory=dict)
    _box_at: float | None = None  # when the box makes the choice it owes (monotonic seconds)
    _since_press: Tokens | None = None  # life and arrows at the people's last press
    _fell_back: str | None = None  # a player of the box's failed since: who chose instead

    def start(self) -> None:
        """Resume the newest unfinished game, or the set-up in progress, or begin a set-up.

        Never raises for what is on disk: a file it cannot use is kept, reported on the console
        and in the log, and the table goes on.
        """
        directory = self._games_dir()
        for path in journals(directory)[-1:] if directory else []:
            try:
                contents = read_journal(path)
                if contents.finished:
                    break
                play = TablePlay.replay(contents, path)
            except JournalError as exc:
                self._unreadable(path, str(exc))
                break
            except Exception as exc:  # noqa: BLE001 - the box starts whatever a file holds
                log.exception("cannot resume %s", path)
                self._unreadable(path, f"{path}: {exc!r}")
                break
            self._reopen(play, path, contents.dropped_torn_line)
            self._begin_play(play)
            log.info("resumed the game in %s", path)
            self._schedule()
            return
        if self._resume_setup():
            return
        self._new_setup([], bots=list(self.config.bots))

    def _unreadable(self, path: Path, problem: str) -> None:
        log.error("cannot resume: %s (the file is kept as it is)", problem)
        self.flash = f"Journal unreadable, kept: {path.name}"

    def _reopen(self, play: TablePlay, path: Path, torn: bool) -> None:
        """Open a resumed game's journal for more records; a disk that refuses makes the game
        shown but not playable, since a press that cannot be saved would be lost."""
        try:
            if torn:
                cut_torn_line(path)  # only once all the rest replayed: a bad file is kept
            play.journal = Journal.reopen(path)
        except OSError as exc:
            play.unsaved = (
                f"Cannot save the game ({exc.strerror or exc}): presses are refused "
                "until the disk can be written."
            )
            self.flash = play.unsaved
            log.error("%s: %s", path, play.unsaved)

    def _resume_setup(self) -> bool:
        """Replay the set-up in progress, press by press, with its own seed."""
        if self.config.state_dir is None:
            return False
        path = self.config.state_dir / "setup.jsonl"
        if not path.exists():
            return False
        try:
            record = read_setup(path, BUTTONS)
        except JournalError as exc:
            kept = path.with_name(f"setup-unreadable-{secrets.token_hex(4)}.jsonl")
            log.error("cannot resume the set-up: %s (kept as %s)", exc, kept.name)
            try:
                path.rename(kept)
            except OSError:
                kept = path
            self.flash = f"Set-up unreadable, kept: {kept.name}"
            return False
        if record.modules is not None:
            try:
                self.modules = frozenset(module(m) for m in record.modules)
            except SetupError as exc:
                log.warning("set-up journal: modules %s ignored (%s)", record.modules, exc)
        if record.specials_mixed is not None:
            self.specials_mixed = record.specials_mixed
        self._new_setup(record.joined, seed=record.seed, bots=record.bots)
        finished = False
        for button, kind in record.presses:
            assert self.setup is not None
            try:
                if kind == "hold":
                    self.setup.hold(button)
                else:
                    finished = self.setup.press(button) is not None
                if self.setup_journal is not None:
                    self.setup_journal.append_press(button, kind)
            except (Refused, OSError) as exc:
                log.warning("set-up journal: %s %s skipped (%s)", kind, button, exc)
        if finished:  # its game began, and ended: the next set-up starts afresh
            self._new_setup(record.joined, bots=record.bots)
            return True
        log.info("resumed the set-up in %s", path)
        return True

    def _seat_count(self) -> int:
        """The seats drawn: the table's, or more when a resumed game was set up on a bigger one."""
        return max(self.config.seats, *(self.play.seats if self.play is not None else ()))

    def _games_dir(self) -> Path | None:
        return None if self.config.state_dir is None else self.config.state_dir / "games"

    def _new_setup(
        self, joined: list[int], seed: int | None = None, bots: list[int] | None = None
    ) -> None:
        """A fresh set-up: ``joined`` seats (a finished game's), ``bots`` of them the box's."""
        bots = sorted(bots or [])
        joined = sorted({*joined, *bots})
        if seed is None:
            seed = self.seed if self.seed is not None else secrets.randbits(64)
        self.play = None
        self.setup = SetupFlow(
            seats=self.config.seats,
            roles_mode=self.config.roles,
            house_rules=self.config.house_rules,
            modules=self._modules(),
            real_piles=self.config.real_piles,
            joined=list(joined),
            bots=bots,
            rng=random.Random(seed),
            real_boneyard=self.config.real_boneyard,
            specials_mixed=self._specials_mixed(),
            legacy=self._follow_up(joined, self._modules()),
        )
        self._close_setup_journal()
        self.setup_unsaved = None
        if self.config.state_dir is not None:
            try:
                chosen = None if self.modules is None else sorted(map(str, self.modules))
                self.setup_journal = SetupJournal.create(
                    self.config.state_dir, seed, joined, chosen, self.specials_mixed, bots
                )
            except OSError as exc:
                self.setup_unsaved = (
                    f"Cannot save the set-up ({exc.strerror or exc}): presses are refused."
                )
                self.flash = self.setup_unsaved
                log.error("%s", self.setup_unsaved)

    def _close_setup_journal(self) -> None:
        if self.setup_journal is not None:
            self.setup_journal.close()
            self.setup_journal = None

    def _modules(self) -> frozenset[Module]:
        return self.config.modules if self.modules is None else self.modules

    def _specials_mixed(self) -> bool:
        return self.config.specials_mixed if self.specials_mixed is None else self.specials_mixed

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
        """Play ``play``; a resumed game's story is told again from its steps, so the last
        press's line and marks are back and holding DONE pages through the whole game."""
        self.play = play
        self.setup = None
        self.history = History()
        self._made_by = None
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
        if button not in BUTTONS or kind not in ("press", "hold"):
            self.flash = f"Unknown button {button!r} ({kind})."
            return []
        self._fell_back = None  # said until the people's next press or hold
        if kind == "hold":
            self.flash = None
            self._hold(button)
            return []
        last = self._last_press.get(button)
        if last is not None and at - last < self.config.double_press:
            # Contact bounce or a nervous double tap: ignored, but never without a word.
            self.flash = f"{button} twice within {self.config.double_press:g} s: once counted"
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
        try:
            # A DIE press while a seat's menu is open makes that seat's reveal (Old Saloon 3).
            if menu is not None and button.startswith("DIE") and self._reveals(menu):
                assert self.play is not None
                events = self.play.reveal(menu, int(button[3:]) - 1)
            else:
                events = self._press(button)
        except Refused as exc:
            self.flash = str(exc)
            return []
        self.flash = None
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

    def _abandon(self) -> list[Event]:
        """End the game in progress on purpose: its journal kept, marked abandoned; a new
        set-up with the same seats."""
        assert self.play is not None
        try:
            self.play.abandon()
        except OSError as exc:
            self.flash = f"Cannot mark the journal ({exc.strerror or exc}): the game goes on."
            return []
        self._new_setup(list(self.play.seats), bots=list(self.play.bots))
        self.story, self.marks = "Game ended; its journal is kept", {}
        return []

    def _reveals(self, seat: int) -> bool:
        """Whether seat's menu offers reveals: never the box's (its card is its secret)."""
        play = self.play
        return play is not None and seat not in play.bots and bool(play.reveals_for(seat))

    def _press(self, button: str) -> list[Event]:
        if self.play is not None:
            if self.play.game.over and button == "ROLL":
                joined, bots = list(self.play.seats), list(self.play.bots)
                journal = self.play.journal.path.name if self.play.journal is not None else ""
                self.play.finish()
                self._record(self.play, journal)
                self._new_setup(joined, bots=bots)
                return []
            if button == "UNDO" and self._back_to_setup():
                return []
            return self.play.press(button)
        assert self.setup is not None
        if self.setup_unsaved is not None:
            raise Refused(self.setup_unsaved)
        trial = copy.deepcopy(self.setup)
        finished = trial.press(button)  # Refused: nothing changed
        if finished is None:
            self._save_setup_press(button)
            self.setup = trial
            return []
        self.modules = finished.modules
        self.specials_mixed = trial.specials_mixed
        roles = "dealt" if trial.dealt else self.config.roles
        players = {seat: self.config.player_for(seat) for seat in trial.bots}
        try:
            play = TablePlay.new(
                finished, list(trial.joined), self.config.state_dir, roles, players
            )
        except OSError as exc:
            raise Refused(f"Cannot write the journal ({exc.strerror or exc}).") from exc
        try:
            self._save_setup_press(button)  # kept: UNDO may take the table back into it
        except Refused as exc:  # the game's journal is newer: a restart resumes the game
            log.warning("%s", exc)
        self._begin_play(play)
        self._made_by = trial
        return list(play.game.opening_events)

    def _save_setup_press(self, button: str, kind: str = "press") -> None:
        """A set-up press or hold on disk; Refused, and nothing changed, if the disk says no."""
        if self.setup_journal is None:
            return
        try:
            self.setup_journal.append_press(button, kind)
        except OSError as exc:
            raise Refused(
                f"Cannot save the set-up ({exc.strerror or exc}): nothing changed."
            ) from exc

    def _back_to_setup(self) -> bool:
        """UNDO before anyone has pressed in the game: back into the set-up that made it (the
        last pick taken back), so a wrong Sheriff or character is mended like any other step.
        The game's journal is kept, marked abandoned."""
        assert self.play is not None
        flow = self._made_by
        if flow is None or any(step.people for step in self.play.history):
            return False
        try:
            self.play.abandon()
        except OSError as exc:
            raise Refused(f"Cannot save the undo ({exc.strerror or exc}).") from exc
        flow.press("UNDO")
        self.play, self.setup, self._made_by = None, flow, None
        try:
            self._save_setup_press("UNDO")
        except Refused as exc:  # a restart then starts the set-up afresh
            log.warning("%s", exc)
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
                self.flash = "Nothing has happened yet."
            elif self.looking_back is None:
                self.looking_back = 0
            else:
                self._look_back()
        elif button == "UNDO":
            if self.play is None or self.play.game.over:
                self.flash = "No game in progress to end."
            else:
                self.ending = True

    def _hand_over(self, button: str) -> None:
        """A set-up hold: the seat is the box's, or a person's again; saved like a press."""
        assert self.setup is not None
        if self.setup_unsaved is not None:
            self.flash = self.setup_unsaved
            return
        trial = copy.deepcopy(self.setup)
        try:
            trial.hold(button)
            self._save_setup_press(button, "hold")
        except Refused as exc:
            self.flash = str(exc)
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
        shoots seat 1"), each changed seat marked since the people's last press; a player that
        failed, on the console's flash line ("Seat 3: its mc player failed; ...")."""
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
        self._fell_back = play.fell_back or self._fell_back
        self.flash = self._fell_back  # shown until the people's next press
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
