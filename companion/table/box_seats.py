"""The seats the box plays: when its next choice is due, and making it, said on the console."""

from __future__ import annotations

import logging

from ..engine import Event
from .refused import Refused
from .session_state import SessionState
from .story import change_marks, press_of, tokens

log = logging.getLogger(__name__)

BOX_RETRY = 1.0  # seconds before the box tries again a choice the disk would not take


class BoxSeats:
    """The box's choices, each after a pause that never blocks the loop.

    Every time is the caller's (the loop's clock, a test's): the part reads no clock itself.
    """

    def __init__(self, state: SessionState) -> None:
        self.state = state
        self._at: float | None = None  # when the box makes the choice it owes
        self._unclocked = False  # it owes one since a resume: its pause starts at the next time

    def wait(self, now: float) -> float | None:
        """Seconds from ``now`` until the box makes the choice it owes (0: now), None when it
        owes none or waits for the table to say whether the game goes on (UNDO held)."""
        if self._unclocked and not self.state.asked_to_end:
            self.schedule(now)
        if self._at is None or self.state.asked_to_end:
            return None
        return max(0.0, self._at - now)

    def step(self, now: float) -> list[Event]:
        """The box's choice for its seat, or its card revealed into an open moment (Old Saloon
        3), at once: said on the console's story line ("Seat 3 shoots seat 1", "Seat 3 reveals
        The Doc: turn one die to any side"), each changed seat marked since the people's last
        press; a player that failed, on the console's flash line ("Seat 3: its random player
        failed; ..."). A reveal the box does not make changes nothing the table sees."""
        state, play = self.state, self.state.play
        assert play is not None and play.box_owes()
        steps = len(play.taken)
        play.player_time_limit = state.config.bot_time_limit
        try:
            events = play.box_move()
        except Refused as exc:  # the journal cannot be written: nothing changed; try again
            state.flash = str(exc)
            self._at = now + max(state.config.bot_pause, BOX_RETRY)
            return []
        state.fell_back = play.fell_back or state.fell_back
        if len(play.taken) == steps:  # no card revealed, and no choice owed
            state.flash = state.fell_back or state.flash
            self._at = None
            self.schedule(now)
            return events
        state.flash = state.fell_back  # shown until the people's next press
        made = [(s.before, s.action, s.auto, s.box) for s in play.taken[steps:]]
        state.story = state.history.add(
            press_of(len(play.taken), made, play.game, events, play.seats)
        )
        since = state.since_press or tokens(made[0][0])
        state.marks = {play.seats[s]: m for s, m in change_marks(since, tokens(play.game)).items()}
        log.info("%s", state.story)
        self._at = None
        self.schedule(now)
        return events

    def schedule(self, now: float | None) -> None:
        """Start the pause before a choice the box owes (once), or forget it if none is owed.

        The pause is on the clock of whoever gave ``now`` (the loop's, a test's): with no time
        (a game resumed), it starts at the next time given, never on another clock.
        """
        self._unclocked = False
        play = self.state.play
        if play is None or not play.box_owes():
            self._at = None
        elif now is None:
            self._at, self._unclocked = None, True
        elif self._at is None:
            self._at = now + self.state.config.bot_pause
