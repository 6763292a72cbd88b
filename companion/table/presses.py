"""Button presses and holds at the table: what each means now, and the story it tells."""

from __future__ import annotations

from ..engine import CHARACTERS, Event
from ..i18n import CORE, Catalogue
from .buttons import BUTTONS
from .history_pages import history_page
from .lifecycle import Lifecycle
from .refused import Refused
from .session_state import SessionState
from .setup_flow import SetupFlow
from .story import Tokens, change_marks, press_of, tell, tokens
from .table_language import language_name, speak

_ = Catalogue(CORE).gettext


class Presses:
    """Turns button presses into set-up steps and game actions; never raises for bad input.

    What a press means depends on the session's state; the steps between games are the
    lifecycle's (``lifecycle``). Every time is the caller's: the part reads no clock itself.
    """

    def __init__(self, state: SessionState, lifecycle: Lifecycle) -> None:
        self.state = state
        self.lifecycle = lifecycle
        self._last_press: dict[str, float] = {}  # each button's last press, for contact bounce

    def handle(self, button: str, kind: str, at: float) -> list[Event]:
        """One press or hold at ``at``; returns the engine events it caused. Never raises for
        bad input."""
        state = self.state
        state.refused = None
        if button not in BUTTONS or kind not in ("press", "hold"):
            state.refuse(_("Unknown button {button!r} ({kind}).").format(button=button, kind=kind))
            return []
        state.fell_back = None  # said until the people's next press or hold
        if kind == "hold":
            state.flash = None
            self._hold(button)
            return []
        last = self._last_press.get(button)
        if last is not None and at - last < state.config.double_press:
            # Contact bounce or a nervous double tap: ignored, but never without a word.
            state.refuse(
                _("{button} twice within {seconds:g} s: once counted").format(
                    button=button, seconds=state.config.double_press
                )
            )
            return []
        self._last_press[button] = at
        menu, state.menu = state.menu, None
        if state.looking_back is not None:
            if button == "DONE":
                self._look_back()
                return []
            state.looking_back, state.flash = None, None  # any other button: back to the game
            return []
        if state.asked_to_end:
            state.asked_to_end = False
            if button != "DONE":
                state.flash = (
                    _("The game goes on.") if self._in_progress() else _("Nothing changed.")
                )
                return []
            if self._in_progress():
                return self.lifecycle.abandon()
            try:
                self.lifecycle.start_afresh()
            except Refused as exc:
                state.refuse(str(exc))
            return []
        before = tokens(state.play.game) if state.play is not None else None
        state.since_press = before
        flow = state.setup
        steps = len(state.play.taken) if state.play is not None else 0
        state.flash = None  # what this press says (a file kept aside, the disk) stays shown
        try:
            # A DIE press while a seat's menu is open makes that seat's reveal (Old Saloon 3).
            if menu is not None and button.startswith("DIE") and self._reveals(menu):
                assert state.play is not None
                events = state.play.reveal(menu, int(button[3:]) - 1)
            else:
                events = self._press(button)
        except Refused as exc:
            state.refuse(str(exc))
            return []
        self._tell(events, before, steps)
        if state.play is None and state.setup is not None:
            picks = box_picks(flow, state.setup) if flow is not None else ""
            begun = flow is not None or not self.lifecycle.went_back()
            said = box_appoints(flow, state.setup) if begun else ""
            state.story = "; ".join(filter(None, (said, picks)))
        self.lifecycle.note_the_end()
        return events

    def _in_progress(self) -> bool:
        """A game is on the table and not over: starting over ends it, at its seats."""
        play = self.state.play
        return play is not None and not play.game.over

    def _tell(self, events: list[Event], before: Tokens | None, steps: int) -> None:
        """The story of a press: the console's line, each changed seat's mark, the history."""
        state = self.state
        state.story, state.marks = "", {}
        play = state.play
        if play is None or before is None:
            return
        changed = change_marks(before, tokens(play.game))
        state.marks = {play.seats[s]: mark for s, mark in changed.items()}
        state.history.undo_to(len(play.taken))
        made = [(s.before, s.action, s.auto, s.box) for s in play.taken[steps:]]
        if made:
            press = press_of(len(play.taken), made, play.game, events, play.seats)
            state.story = state.history.add(press)
        else:
            state.story = tell(events, play.seats)

    def _look_back(self) -> None:
        """One page further back in the game's story; past the oldest, back to the game."""
        state = self.state
        assert state.looking_back is not None
        state.looking_back += 1
        if history_page(state, state.looking_back) is None:
            state.looking_back = None

    def _reveals(self, seat: int) -> bool:
        """Whether seat's menu offers reveals: never the box's (its card is its secret)."""
        play = self.state.play
        return play is not None and seat not in play.bots and bool(play.reveals_for(seat))

    def _press(self, button: str) -> list[Event]:
        play, lifecycle = self.state.play, self.lifecycle
        if play is not None:
            if play.game.over and button == "ROLL":
                lifecycle.next_game(play)
                return []
            if play.game.over and lifecycle.enter_role(play, button):
                return []
            if button == "UNDO" and lifecycle.back_to_setup(play):
                return []
            return play.press(button)
        setup = self.state.setup
        assert setup is not None
        lifecycle.setup_saveable()
        trial = setup.trial()
        finished = trial.press(button)  # Refused: nothing changed
        if finished is None:
            lifecycle.save_setup_press(button)
            self.state.setup = trial
            speak(trial.language)  # UNDO may take a change of language back
            return []
        return lifecycle.begin_game(trial, finished, button)

    def _hold(self, button: str) -> None:
        """Holding a seat button opens (or closes) that seat's menu, or before the roles are
        dealt hands the seat to the box (or takes it back); holding DONE pages back through the
        game's story; holding UNDO (three seconds on the box) asks to start over: to end the
        game in progress, or from the set-up and the game over screen, to set up afresh."""
        state = self.state
        if state.setup is not None and state.setup.changes_language(button):
            self._change_language(button)
        elif state.setup is not None and state.setup.hands_over(button):
            self._hand_over(button)
        elif button.startswith("SEAT"):
            seat = int(button[4:])
            state.menu = None if state.menu == seat else seat
        elif button == "DONE":
            if not state.history.lines:
                state.refuse(_("Nothing has happened yet."))
            elif state.looking_back is None:
                state.looking_back = 0
            else:
                self._look_back()
        elif button == "UNDO":
            if self.lifecycle.fresh():
                state.refuse(_("This set-up is fresh: seats press to join, then DONE."))
            else:  # the question replaces the history or a menu on show
                state.asked_to_end, state.looking_back, state.menu = True, None, None

    def _held(self, button: str) -> SetupFlow | None:
        """A set-up hold tried on a copy of the set-up and saved like a press: the set-up it
        makes, now the table's, or None when it is refused (said, nothing changed)."""
        state = self.state
        assert state.setup is not None
        trial = state.setup.trial()
        try:
            self.lifecycle.setup_saveable()
            trial.hold(button)
            self.lifecycle.save_setup_press(button, "hold")
        except Refused as exc:
            state.refuse(str(exc))
            return None
        state.setup = trial
        return trial

    def _change_language(self, button: str) -> None:
        """A set-up hold of DIE6: the table's next language, saved like a press, and said in
        its own words."""
        trial = self._held(button)
        if trial is None:
            return
        speak(trial.language)
        self.state.story = language_name(trial.language)

    def _hand_over(self, button: str) -> None:
        """A set-up hold: the seat is the box's, or a person's again; saved like a press."""
        state = self.state
        flow = state.setup
        trial = self._held(button)
        if flow is None or trial is None:
            return
        seat = int(button[4:])
        if seat in trial.bots:
            plays = _("Seat {seat}: the box plays it").format(seat=seat)
        else:
            plays = _("Seat {seat}: a person plays it").format(seat=seat)
        state.story = "; ".join(filter(None, (plays, box_appoints(flow, trial))))


def box_appoints(before: SetupFlow | None, after: SetupFlow) -> str:
    """The next Sheriff the box's surviving Sheriff appointed with this step (a module's
    series), said on the console; "" when it appointed nobody new."""
    if not after.said or (before is not None and before.said == after.said):
        return ""
    return after.said


def box_picks(before: SetupFlow, after: SetupFlow) -> str:
    """The characters the box took for its seats with a set-up press, said on the console."""
    picked = [
        _("Box seat {seat} takes {character}").format(seat=seat, character=CHARACTERS[name].title)
        for seat in after.bots
        if (name := after.characters.get(seat)) is not None
        and before.characters.get(seat) != name
        and before.picker != seat  # not a person's pick for it
        and name in CHARACTERS
    ]
    if not picked:
        return ""
    return _("{picked} (its seat button changes it)").format(picked="; ".join(picked))
