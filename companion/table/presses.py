"""Button presses and holds at the table: what each means now, and the story it tells."""

from __future__ import annotations

import dataclasses
import logging
import time

from ..engine import CHARACTERS, Event
from .buttons import BUTTONS
from .history_pages import history_pages
from .lifecycle import Lifecycle
from .play import TablePlay
from .refused import Refused
from .setup_flow import SetupFlow
from .story import Tokens, change_marks, press_of, tell, tokens

log = logging.getLogger(__name__)


class Presses(Lifecycle):
    """Turns button presses into set-up steps and game actions; never raises for bad input."""

    def handle(self, button: str, kind: str = "press", at: float | None = None) -> list[Event]:
        """One press or hold; returns the engine events it caused. Never raises for bad input.

        A choice the box now owes is made later (``tick``), after the table has seen it coming.
        """
        at = time.monotonic() if at is None else at
        events = self._handle(button, kind, at)
        self._schedule(at)
        return events

    def _handle(self, button: str, kind: str, at: float) -> list[Event]:
        self.refused = None
        if button not in BUTTONS or kind not in ("press", "hold"):
            self._refuse(f"Unknown button {button!r} ({kind}).")
            return []
        self._fell_back = None  # said until the people's next press or hold
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
            self.looking_back, self.flash = None, None  # any other button: back to the game, only
            return []
        if self.asked_to_end:
            self.asked_to_end = False
            if button != "DONE":
                self.flash = "The game goes on." if self._in_progress() else "Nothing changed."
                return []
            if self._in_progress():
                return self._abandon()
            try:
                self._start_afresh()
            except Refused as exc:
                self._refuse(str(exc))
            return []
        before = tokens(self.play.game) if self.play is not None else None
        self._since_press = before
        flow = self.setup
        steps = len(self.play.taken) if self.play is not None else 0
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
        if self.play is None and self.setup is not None:
            picks = box_picks(flow, self.setup) if flow is not None else ""
            begun = flow is not None or not self._setup_record.presses  # not one gone back to
            said = box_appoints(flow, self.setup) if begun else ""
            self.story = "; ".join(filter(None, (said, picks)))
        self._note_the_end()
        return events

    def box_step(self, now: float | None = None) -> list[Event]:
        """The box's choice, and the series file told if it ended the game."""
        events = super().box_step(now)
        self._note_the_end()  # the box's choice may end the game
        return events

    def _in_progress(self) -> bool:
        """A game is on the table and not over: starting over ends it, at its seats."""
        return self.play is not None and not self.play.game.over

    def _tell(self, events: list[Event], before: Tokens | None, steps: int) -> None:
        """The story of a press: the console's line, each changed seat's mark, the history."""
        self.story, self.marks = "", {}
        play = self.play
        if play is None or before is None:
            return
        changed = change_marks(before, tokens(play.game))
        self.marks = {play.seats[s]: mark for s, mark in changed.items()}
        self.history.undo_to(len(play.taken))
        made = [(s.before, s.action, s.auto, s.box) for s in play.taken[steps:]]
        if made:
            press = press_of(len(play.taken), made, play.game, events, play.seats)
            self.story = self.history.add(press)
        else:
            self.story = tell(events, play.seats)

    def _look_back(self) -> None:
        """One page further back in the game's story; past the oldest, back to the game."""
        assert self.looking_back is not None
        self.looking_back += 1
        if self.looking_back >= len(history_pages(self)):
            self.looking_back = None

    def _reveals(self, seat: int) -> bool:
        """Whether seat's menu offers reveals: never the box's (its card is its secret)."""
        play = self.play
        return play is not None and seat not in play.bots and bool(play.reveals_for(seat))

    def _press(self, button: str) -> list[Event]:
        if self.play is not None:
            if self.play.game.over and button == "ROLL":
                self._next_game(self.play)
                return []
            if self.play.game.over and self._enter_role(self.play, button):
                return []
            if button == "UNDO" and self._back_to_setup(self.play):
                return []
            return self.play.press(button)
        assert self.setup is not None
        self._setup_saveable()
        trial = self.setup.trial()
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
        self._begin_play(play, made_by)
        self._made_by, self._made_from = trial, made_by
        return list(play.game.opening_events)

    def _hold(self, button: str) -> None:
        """Holding a seat button opens (or closes) that seat's menu, or before the roles are
        dealt hands the seat to the box (or takes it back); holding DONE pages back through the
        game's story; holding UNDO (three seconds on the box) asks to start over: to end the
        game in progress, or from the set-up and the game over screen, to set up afresh."""
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
            if self.fresh():
                self._refuse("This set-up is fresh: seats press to join, then DONE.")
            else:  # the question replaces the history or a menu on show
                self.asked_to_end, self.looking_back, self.menu = True, None, None

    def _hand_over(self, button: str) -> None:
        """A set-up hold: the seat is the box's, or a person's again; saved like a press."""
        assert self.setup is not None
        flow, trial = self.setup, self.setup.trial()
        try:
            self._setup_saveable()
            trial.hold(button)
            self._save_setup_press(button, "hold")
        except Refused as exc:
            self._refuse(str(exc))
            return
        self.setup = trial
        seat = int(button[4:])
        plays = f"Seat {seat}: {'the box' if seat in trial.bots else 'a person'} plays it"
        self.story = "; ".join(filter(None, (plays, box_appoints(flow, trial))))


def box_appoints(before: SetupFlow | None, after: SetupFlow) -> str:
    """The next Sheriff the box's surviving Sheriff appointed with this step (Wild West
    Legacy), said on the console; "" when it appointed nobody new."""
    if not after.said or (before is not None and before.said == after.said):
        return ""
    return after.said


def box_picks(before: SetupFlow, after: SetupFlow) -> str:
    """The characters the box took for its seats with a set-up press, said on the console."""
    picked = [
        f"Box seat {seat} takes {CHARACTERS[name].title}"
        for seat in after.bots
        if (name := after.characters.get(seat)) is not None
        and before.characters.get(seat) != name
        and before.picker != seat  # not a person's pick for it
        and name in CHARACTERS
    ]
    if not picked:
        return ""
    return "; ".join(picked) + " (its seat button changes it)"
