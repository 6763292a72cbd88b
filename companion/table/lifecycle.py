"""The table's files through an evening: where the disk left it at start, the set-up's journal,
and the steps from one game to the next, each ordered so a power cut at any byte resumes the
state before it or after it (docs/reliability.md). The presses (``presses``) call on these
steps; each acts on the session's state (``session_state``)."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import random
import secrets
from pathlib import Path

from ..engine import Event, GameSetup, Module, SetupError, cards_dealt, module, series_module
from ..i18n import CORE, Catalogue, language
from . import durable, end_roles, series, summaries
from .buttons import BUTTONS
from .journal import JournalContents, JournalError, journals, read_journal
from .play import TablePlay
from .refused import Refused
from .session_state import SessionState
from .setup_flow import SetupFlow
from .setup_journal import NAME as SETUP_FILE
from .setup_journal import SetupJournal, SetupRecord, read_setup
from .story import History, retell
from .table_language import speak

log = logging.getLogger(__name__)
_ = Catalogue(CORE).gettext


class Lifecycle:
    """Start, resume, the set-up's file, and the steps between games."""

    def __init__(self, state: SessionState) -> None:
        self.state = state
        self.setup_journal: SetupJournal | None = None
        self.setup_unsaved: str | None = None  # why set-up presses cannot be saved now
        # The set-up in progress as its journal holds it (or would, once the disk takes it);
        # the file read at start to open again rather than write anew; a finished game the
        # series still owes an entry (the disk refused it).
        self._setup_record = SetupRecord(0, [], None)
        self._opens_setup: Path | None = None
        self._owed: tuple[TablePlay, str] | None = None
        # The set-up that made the game in progress (UNDO before anyone's choice goes back
        # into it), and its record as the game's journal holds it.
        self._made_by: SetupFlow | None = None
        self._made_from: SetupRecord | None = None
        # The set-up record that made the game in play (whether it followed the last game of
        # a series), and whether that game is in the series file now (it is while it is over).
        self._game_from: SetupRecord | None = None
        self._listed = False

    def start(self) -> None:
        """Take the evening up where the disk left it, writing nothing over what is there: the
        unfinished game; or the set-up begun after the newest game (or before any); or, when a
        power cut fell between the end of the newest game and the next set-up, that step made
        again; or a fresh set-up.

        Never raises for what is on disk: a file it cannot use is kept, reported on the console
        and in the log, and the table goes on. The table's files a power cut left written aside
        (never read) are removed first.
        """
        self._remove_leftovers()
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
            fresh = SetupRecord(self._seed(), [], None, bots=list(self.state.config.bots))
            self._new_setup(fresh, newest)

    def _remove_leftovers(self) -> None:
        """Files a power cut left written aside: never read again, so removed at start."""
        state_dir = self.state.config.state_dir
        for folder in () if state_dir is None else (state_dir, state_dir / "games"):
            for name in durable.remove_leftovers(folder):
                log.info("removed %s, left written aside by a power cut", folder / name)

    def _games_dir(self) -> Path | None:
        state_dir = self.state.config.state_dir
        return None if state_dir is None else state_dir / "games"

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
        self.state.flash = _("Journal unreadable, kept: {file}").format(file=path.name)

    def _resume(self, play: TablePlay, contents: JournalContents) -> None:
        """Play on a game read back from its journal: the journal opened for more records, the
        automatic choices a power cut left unmade made now, and the set-up that made it
        remembered, so UNDO back past everyone's first choice still goes back into it."""
        assert play.journal is None and play.path is not None
        if contents.dropped_torn_line:
            try:
                durable.cut_torn_tail(play.path)  # only once all the rest replayed
            except OSError as exc:
                log.error("%s: cannot cut its torn last line (%s)", play.path, exc)
        for line in contents.retired():  # said until the people's next press, as a failure is
            self.state.flash = self.state.fell_back = line
            log.warning("%s: %s", play.path, line)
        try:
            play.recover()
        except Refused as exc:
            self.state.flash = str(exc)
            log.error("%s: %s", play.path, exc)
        self.begin_play(play, contents.made_by)
        self.note_the_end()
        made_by = contents.made_by
        if made_by is not None:  # kept all game long, as without a restart
            flow, made = self._replay(made_by, before=play.path.name)
            if made == play.game.setup:
                self._made_by, self._made_from = flow, made_by
                speak(flow.language)
        log.info("resumed the game in %s", play.path)

    def _read_setup(self) -> SetupRecord | None:
        """The set-up journal; None when there is none, or when it cannot be read (then kept
        aside, and reported)."""
        state_dir = self.state.config.state_dir
        if state_dir is None:
            return None
        path = state_dir / SETUP_FILE
        if not path.exists():
            return None
        try:
            return read_setup(path, BUTTONS)
        except JournalError as exc:
            kept = durable.keep_aside(path, "the set-up journal")
            log.error("cannot resume the set-up: %s (kept as %s)", exc, kept.name)
            self.state.flash = _("Set-up unreadable, kept: {file}").format(file=kept.name)
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
        assert self.state.config.state_dir is not None
        self._opens_setup = self.state.config.state_dir / SETUP_FILE
        self._save_setup()
        log.info("resumed the set-up in %s", SETUP_FILE)

    def _replay(
        self, record: SetupRecord, before: str | None = None
    ) -> tuple[SetupFlow, GameSetup | None]:
        """A set-up's presses made again: the set-up, and the game it made if its last press
        finished it (``before``: that game's journal, when it is made already)."""
        flow = self._flow(record, before)
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

    def _flow(self, record: SetupRecord, before: str | None = None) -> SetupFlow:
        """A fresh set-up from a record's header: its seed, seats, the box's seats, modules;
        following the games listed before the journal ``before`` (a module's series)."""
        config = self.state.config
        modules = config.modules
        if record.modules is not None:
            try:
                modules = frozenset(module(m) for m in record.modules)
            except SetupError as exc:
                log.warning("set-up journal: modules %s ignored (%s)", record.modules, exc)
        mixed = record.cards_mixed
        bots = sorted(record.bots)
        joined = sorted({*record.joined, *bots})
        return SetupFlow(
            seats=config.seats,
            roles_mode=config.roles,
            house_rules=config.house_rules,
            modules=modules,
            real_piles=config.real_piles,
            joined=joined,
            bots=bots,
            rng=random.Random(record.seed),
            parts=config.parts,
            cards_mixed=config.cards_mixed if mixed is None else mixed,
            legacy=self._follow_up(joined, modules, before),
            bot_player=config.bot_player,
            bot_players=dict(config.bot_players),
            language=record.language or "",
        )

    def _seed(self) -> int:
        return self.state.seed if self.state.seed is not None else secrets.randbits(64)

    def _new_setup(self, record: SetupRecord, follows: str | None) -> None:
        """A fresh set-up from ``record`` (no presses yet), after the game ``follows``."""
        record.follows = follows
        if record.language is None:  # the table's language goes on into the next set-up
            record.language = language()
        self._show_setup(self._flow(record), record)
        self._opens_setup = None
        self._save_setup()

    def _show_setup(self, flow: SetupFlow, record: SetupRecord) -> None:
        self.state.play, self.state.setup, self._made_by, self._made_from = None, flow, None, None
        speak(flow.language)
        self.state.history = History()  # holding DONE reads the game in play, and there is none
        self._close_setup_journal()
        self._setup_record = record

    def _save_setup(self) -> None:
        """The set-up on disk: first the finished game it follows in the series, when that is
        still owed, then its journal (a new file, or the one read at start opened again). When
        the disk says no, set-up presses are refused, and the next one tries again."""
        state_dir = self.state.config.state_dir
        if state_dir is None:
            return
        try:
            if self._owed is not None:
                self._summarize(self._owed[0], self._record(*self._owed))
                self._owed = None
                self.state.setup = self._flow(self._setup_record)  # the series now holds that game
            if self._opens_setup is not None:
                self.setup_journal = SetupJournal.reopen(self._opens_setup, self._setup_record)
            else:
                self.setup_journal = SetupJournal.create(state_dir, self._setup_record)
        except OSError as exc:
            self.setup_unsaved = _("Cannot save the set-up ({error}): presses are refused.").format(
                error=exc.strerror or exc
            )
            self.state.flash = self.setup_unsaved
            log.error("%s", self.setup_unsaved)
            return
        self.setup_unsaved = None

    def _close_setup_journal(self) -> None:
        if self.setup_journal is not None:
            self.setup_journal.close()
            self.setup_journal = None

    def _follow_up(
        self, joined: list[int], modules: frozenset[Module], before: str | None = None
    ) -> series.NextGame | None:
        """A module's series: what the last game at these seats (before the journal ``before``)
        decides for this one."""
        state_dir = self.state.config.state_dir
        if not joined or state_dir is None:
            return None
        try:
            found = series.follow_up(state_dir, joined, modules, before)
            if found is not None:
                games = series.before_game(series.load(state_dir), before)
                self.state.series_game = _games_so_far(games) + 1
            return found
        except series.SeriesError as exc:
            self.state.flash = series.kept_aside(state_dir, str(exc))
            return None

    def _place_in_series(self, play: TablePlay) -> int:
        """Which game of its series the game in play is: as the series file lists it once
        over, else the next of the series its set-up followed (1: a new one)."""
        state_dir, made = self.state.config.state_dir, self._game_from
        if state_dir is None or series_module(play.game.setup.modules) is None:
            return 1
        continues = made is None or sorted({*made.joined, *made.bots}) == sorted(play.seats)
        try:
            games = series.load(state_dir)
            journal = play.path.name if play.path is not None else None
            listed = [i for i, g in enumerate(games) if g.journal == journal]
            if listed:
                return _games_so_far(games[: listed[0] + 1])
            modules = play.game.setup.modules
            if continues and series.follow_up(state_dir, play.seats, modules) is not None:
                return _games_so_far(games) + 1
        except series.SeriesError:
            pass  # kept aside, and said, when the game is recorded
        return 1

    def _record(self, play: TablePlay, journal: str) -> series.SeriesGame:
        """A finished game joins the history (and its series) on disk, its listing returned;
        an unreadable series file is kept aside and a new one begins. OSError when the disk
        says no."""
        state_dir = self.state.config.state_dir
        assert state_dir is not None
        made = self._game_from
        # A game set up afresh (its seats joined anew) starts a new series even at the same
        # seats: the table left the last one. An older journal without its set-up: by seats.
        continues = made is None or sorted({*made.joined, *made.bots}) == sorted(play.seats)
        try:
            return series.record(state_dir, play, journal, continues=continues)
        except series.SeriesError as exc:
            self.state.flash = series.kept_aside(state_dir, str(exc))
            return series.record(state_dir, play, journal, continues=continues)

    def _summarize(self, play: TablePlay, listing: series.SeriesGame) -> None:
        """The ended game's summary beside its journal, for the list of finished games; a
        summary the disk refuses is only logged (the list makes it again from the journal)."""
        if play.path is None:
            return
        try:
            summaries.write(play.path, summaries.summarize(play, "", listing), listing)
        except OSError as exc:
            log.warning("%s: its summary is not written (%s)", play.path.name, exc)

    def note_the_end(self) -> None:
        """The series file follows the game in play: a game joins it the moment it is over,
        and leaves it again when UNDO takes back the press that ended it. Its journal is
        written first; a power cut between the two is mended here at start. When the disk says
        no, the console says so and the next press tries again (ROLL at the latest)."""
        play, state_dir = self.state.play, self.state.config.state_dir
        if play is None or state_dir is None or play.path is None:
            return
        over = play.game.over and play.game.side is not None
        if over == self._listed:
            return
        try:
            if over:
                self._record(play, play.path.name)
            else:
                try:
                    series.unlist(state_dir, play.path.name)
                except series.SeriesError as exc:
                    self.state.flash = series.kept_aside(state_dir, str(exc))
        except OSError as exc:
            why = _("Cannot save the result ({error}): the next press retries.").format(
                error=exc.strerror or exc
            )
            self.state.flash = why
            log.error("%s", why)
            return
        self._listed, self.state.declared = over, ()

    def enter_role(self, play: TablePlay, button: str) -> bool:
        """The game over screen with physical role cards: a DIE press enters the role card of
        the living seat asked, DONE skips it, UNDO takes the last entry back. False when the
        press means something else there (ROLL, or UNDO of the game's last choice)."""
        if button == "UNDO":
            if not self.state.declared:
                return False
            self._save_declared(self.state.declared[:-1])
            return True
        seat = end_roles.asked(play.game, self.state.declared)
        if seat is None or not (button == "DONE" or button.startswith("DIE")):
            return False
        role = None
        if button != "DONE":
            offered = end_roles.choices(play.game, self.state.declared)
            n = int(button[3:])
            if n > len(offered):
                raise Refused(
                    _("DIE1 to DIE{last} name the role card; DONE skips.").format(last=len(offered))
                )
            role = str(offered[n - 1])
        self._save_declared((*self.state.declared, (seat, role)))
        return True

    def _save_declared(self, declared: end_roles.Declared) -> None:
        """The roles entered, with the game in the series file (replaced whole) before shown."""
        play, state_dir = self.state.play, self.state.config.state_dir
        if play is not None and play.path is not None and state_dir is not None:
            self.note_the_end()
            if not self._listed:
                raise Refused(self.state.flash or _("Cannot save the result."))
            try:
                told = end_roles.told_winners(play.game, declared)
                series.declare(state_dir, play.path.name, declared, told)
            except (OSError, series.SeriesError) as exc:
                raise Refused(
                    _("Cannot save the role card ({error}): nothing changed.").format(error=exc)
                ) from exc
        self.state.declared = declared

    def start_afresh(self) -> None:
        """Hold UNDO, then DONE, at set-up or on the game over screen: a fresh set-up, seats
        and modules chosen anew; a module's series is left (the next game starts a new
        one). A game over is first listed, then the fresh set-up's journal is written, then its
        journal's end: a power cut before that end resumes the game over screen."""
        play = self.state.play
        fresh = SetupRecord(self._seed(), [], None, bots=list(self.state.config.bots))
        if play is not None:
            self.note_the_end()
            if not self._listed and self.state.config.state_dir is not None:
                raise Refused(self.state.flash or _("Cannot save the result."))
            fresh.follows = play.path.name if play.path else None
            self._show_setup(self._flow(fresh), fresh)
            self._opens_setup = None
            self._save_setup()
            if self.setup_unsaved is not None:  # the game over screen stays
                self.state.play, self.state.setup = play, None
                raise Refused(self.setup_unsaved)
            try:
                play.finish()
            except OSError as exc:
                log.error("%s: cannot write its end (%s)", play.path, exc)
        else:
            self._new_setup(fresh, self._newest_journal())
        self.state.story, self.state.marks = _("A fresh set-up: seats press to join"), {}

    def fresh(self) -> bool:
        """Whether the set-up on the table is a fresh one nobody has pressed in yet."""
        record = self._setup_record
        return self.state.setup is not None and not record.joined and not record.presses

    def went_back(self) -> bool:
        """Whether the set-up on the table is one UNDO went back into from its game (its
        presses made again), not one begun anew."""
        return bool(self._setup_record.presses)

    def begin_game(self, flow: SetupFlow, finished: GameSetup, button: str) -> list[Event]:
        """The set-up's last press (``button``) finished ``flow``: its game begins, the
        set-up's record in the game's journal, with it or not at all (Refused: nothing
        changed). The game's opening events."""
        config = self.state.config
        made_by = dataclasses.replace(
            self._setup_record, presses=[*self._setup_record.presses, (button, "press")]
        )
        roles = "dealt" if flow.dealt else config.roles
        players = {seat: config.player_for(seat) for seat in flow.bots}
        try:
            play = TablePlay.new(
                finished, list(flow.joined), config.state_dir, roles, players, made_by
            )
        except OSError as exc:
            raise Refused(
                _("Cannot write the journal ({error}).").format(error=exc.strerror or exc)
            ) from exc
        self.begin_play(play, made_by)
        self._made_by, self._made_from = flow, made_by
        return list(play.game.opening_events)

    def setup_saveable(self) -> None:
        """Refused while the set-up cannot be saved, after trying once more (the disk may have
        room again)."""
        if self.setup_unsaved is not None:
            self._save_setup()
        if self.setup_unsaved is not None:
            raise Refused(self.setup_unsaved)

    def save_setup_press(self, button: str, kind: str = "press") -> None:
        """A set-up press or hold on disk; Refused, and nothing changed, if the disk says no."""
        if self.setup_journal is None:
            self._setup_record.presses.append((button, kind))
            return
        try:
            self.setup_journal.append_press(button, kind)
        except OSError as exc:
            raise Refused(
                _("Cannot save the set-up ({error}): nothing changed.").format(
                    error=exc.strerror or exc
                )
            ) from exc

    def _after_journal(self, path: Path, contents: JournalContents) -> None:
        """At start: the step from this ended game to the next set-up, which a power cut
        interrupted, made now."""
        play = self._replayed(path, contents)
        if play is None:
            fresh = SetupRecord(self._seed(), [], None, bots=list(self.state.config.bots))
            self._new_setup(fresh, path.name)
            return
        how = "to_setup" if contents.to_setup else "abandoned" if contents.abandoned else "won"
        self._game_from = contents.made_by
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
                flow, _made = self._replay(record)
            else:
                flow.press("UNDO")
            self._show_setup(flow, record)
            self._opens_setup = None
            self._owed = None
            self._save_setup()
            return
        setup = play.game.setup
        mixed = setup.cards_mixed if cards_dealt(setup.modules) else None
        record = SetupRecord(
            self._seed(),
            list(play.seats),
            sorted(map(str, setup.modules)),
            [],
            mixed,
            sorted(play.bots),
        )
        # Recorded before the set-up is saved: it may follow from it (a module's series).
        self._owed = (play, journal) if how == "won" and journal else None
        self._new_setup(record, journal or None)

    def next_game(self, play: TablePlay) -> None:
        """ROLL after the game is over: its journal closed with its result, the game added to
        the series, and the next set-up at the same seats with the same modules."""
        try:
            play.finish()
        except OSError as exc:
            raise Refused(
                _("Cannot save the end of the game ({error}): ROLL tries again.").format(
                    error=exc.strerror or exc
                )
            ) from exc
        self._after(play, play.path.name if play.path else "", "won", None)

    def abandon(self) -> list[Event]:
        """End the game in progress on purpose: its journal kept, marked abandoned; a new
        set-up with the same seats and modules."""
        play = self.state.play
        assert play is not None
        if series_module(play.game.setup.modules) is not None:
            return self._leave_series(play)
        try:
            play.abandon()
        except OSError as exc:
            self.state.refuse(
                _("Cannot mark the journal ({error}): the game goes on.").format(
                    error=exc.strerror or exc
                )
            )
            return []
        self._after(play, play.path.name if play.path else "", "abandoned", None)
        self.state.story, self.state.marks = _("Game ended; its journal is kept"), {}
        return []

    def _leave_series(self, play: TablePlay) -> list[Event]:
        """End a game of a module's series and the series with it, in one start-over:
        a fresh set-up (seats join anew, so the next game begins a new series). The fresh
        set-up's journal is written first, then the game's end: a power cut between the two
        resumes the game."""
        fresh = SetupRecord(self._seed(), [], None, bots=list(self.state.config.bots))
        fresh.follows = play.path.name if play.path else None
        kept = self.state.history, self._made_by, self._made_from, self._setup_record
        self._show_setup(self._flow(fresh), fresh)
        self._opens_setup = None
        self._save_setup()
        if self.setup_unsaved is not None:  # the game stays, as it was
            self.state.play, self.state.setup = play, None
            self.state.history, self._made_by, self._made_from, self._setup_record = kept
            self.state.refuse(_("{why} The game goes on.").format(why=self.setup_unsaved))
            return []
        try:
            play.abandon()
        except OSError as exc:
            log.error("%s: cannot mark it ended (%s)", play.path, exc)
        self.state.story, self.state.marks = (
            _("Game ended, its journal kept; the series is left"),
            {},
        )
        return []

    def back_to_setup(self, play: TablePlay) -> bool:
        """UNDO before anyone has pressed in the game: back into the set-up that made it (the
        last pick taken back), so a wrong Sheriff or character is mended like any other step.
        The game's journal is kept, marked abandoned."""
        flow = self._made_by
        if flow is None or any(step.people for step in play.taken):
            return False
        try:
            play.abandon(to_setup=True)
        except OSError as exc:
            raise Refused(
                _("Cannot save the undo ({error}).").format(error=exc.strerror or exc)
            ) from exc
        self._after(play, play.path.name if play.path else "", "to_setup", self._made_from, flow)
        return True

    def begin_play(self, play: TablePlay, made_from: SetupRecord | None = None) -> None:
        """Play ``play`` (made by the set-up ``made_from``); a resumed game's story is told
        again from its steps, so the last press's line and marks are back and holding DONE
        pages through the whole game."""
        self.state.play = play
        self._game_from = made_from
        self._listed, self.state.declared = False, ()
        if play.path is not None and self.state.config.state_dir is not None:
            with contextlib.suppress(series.SeriesError):  # kept aside when it is recorded
                listed = series.find(self.state.config.state_dir, play.path.name)
                self._listed = listed is not None
                self.state.declared = listed.declared if listed is not None else ()
        self.state.setup = None
        self.state.history = History()
        self._made_by, self._made_from = None, None
        self._close_setup_journal()  # the game's journal holds its set-up now
        self.state.series_game = self._place_in_series(play)
        told = retell([(s.before, s.action, s.auto, s.box) for s in play.taken], play.seats)
        for press in told:
            self.state.history.add(press.press)
        last = told[-1] if told else None
        self.state.story = last.line if last else ""
        self.state.marks = {play.seats[s]: m for s, m in last.marks.items()} if last else {}

    def close(self) -> None:
        if self.state.play is not None:
            self.state.play.close()
        self._close_setup_journal()


def _games_so_far(games: list[series.SeriesGame]) -> int:
    """How many games the last series of the list has (0 for an empty list)."""
    last = games[-1].series if games else None
    count = 0
    for game in reversed(games):
        if game.series != last:
            break
        count += 1
    return count
