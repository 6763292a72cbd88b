"""The seats the box plays: when its next choice is due, and making it, said on the console."""

from __future__ import annotations

import logging
import time

from ..engine import Event
from .refused import Refused
from .session_state import SessionState
from .story import change_marks, press_of, tokens

log = logging.getLogger(__name__)

BOX_RETRY = 1.0  # seconds before the box tries again a choice the disk would not take


class BoxSeats(SessionState):
    """The box's choices, each after a pause that never blocks the loop."""

    def box_wait(self, now: float | None = None) -> float | None:
        """Seconds until the box makes the choice it owes (0: now), None when it owes none or
        waits for the table to say whether the game goes on (UNDO held)."""
        if self._box_unclocked and not self.asked_to_end:
            self._schedule(time.monotonic() if now is None else now)
        if self._box_at is None or self.asked_to_end:
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
        """The box's choice for its seat, or its card revealed into an open moment (Old Saloon
        3), at once: said on the console's story line ("Seat 3 shoots seat 1", "Seat 3 reveals
        The Doc: turn one die to any side"), each changed seat marked since the people's last
        press; a player that failed, on the console's flash line ("Seat 3: its random player
        failed; ..."). A reveal the box does not make changes nothing the table sees."""
        play = self.play
        assert play is not None and play.box_owes()
        now = time.monotonic() if now is None else now
        steps = len(play.taken)
        play.player_time_limit = self.config.bot_time_limit
        try:
            events = play.box_move()
        except Refused as exc:  # the journal cannot be written: nothing changed; try again
            self.flash = str(exc)
            self._box_at = now + max(self.config.bot_pause, BOX_RETRY)
            return []
        self._fell_back = play.fell_back or self._fell_back
        if len(play.taken) == steps:  # no card revealed, and no choice owed
            self.flash = self._fell_back or self.flash
            self._box_at = None
            self._schedule(now)
            return events
        self.flash = self._fell_back  # shown until the people's next press
        made = [(s.before, s.action, s.auto, s.box) for s in play.taken[steps:]]
        self.story = self.history.add(
            press_of(len(play.taken), made, play.game, events, play.seats)
        )
        since = self._since_press or tokens(made[0][0])
        self.marks = {play.seats[s]: m for s, m in change_marks(since, tokens(play.game)).items()}
        log.info("%s", self.story)
        self._box_at = None
        self._schedule(now)
        return events

    def _schedule(self, now: float | None) -> None:
        """Start the pause before a choice the box owes (once), or forget it if none is owed.

        The pause is on the clock of whoever gave ``now`` (the loop's, a test's): with no time
        (a game resumed), it starts at the next time given, never on another clock.
        """
        self._box_unclocked = False
        if self.play is None or not self.play.box_owes():
            self._box_at = None
        elif now is None:
            self._box_at, self._box_unclocked = None, True
        elif self._box_at is None:
            self._box_at = now + self.config.bot_pause
