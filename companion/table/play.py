"""A game in progress at the table: button presses become engine actions, journaled and undoable."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from ..engine import (
    CHARACTERS,
    Accept,
    Action,
    Answer,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decision,
    DecisionKind,
    Decline,
    Event,
    Game,
    GameSetup,
    IllegalAction,
    Reveal,
    Role,
    Roll,
    Stop,
)
from ..engine.events import DiceRolled
from .journal import Journal, JournalContents, JournalError
from .prompts import ROLE_LABELS, prompt_for


@dataclass(frozen=True)
class Undone(Event):
    """UNDO took the table back: the life and arrows of every seat as they are again."""

    kind: ClassVar[str] = "undone"
    life: tuple[int, ...]
    arrows: tuple[int, ...]
    pile: int


class Refused(Exception):
    """A press that means nothing now: the message says why; nothing changed."""


@dataclass
class Step:
    """One action taken, with the game as it was before it."""

    before: Game
    action: Action
    auto: bool


@dataclass
class TablePlay:
    """The game, its journal and its undo history.

    ``seats`` maps the engine's seats (0..n-1) to the physical seats (1..8) that joined.
    """

    game: Game
    seats: list[int]
    journal: Journal | None = None
    history: list[Step] = field(default_factory=list)
    marked: set[int] = field(default_factory=set)
    forced_rolls: dict[int, Roll] = field(default_factory=dict)
    forced_choices: dict[int, Action] = field(default_factory=dict)  # Saloon dice of undone rolls

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        setup: GameSetup,
        seats: list[int],
        state_dir: Path | None,
        roles_mode: str = "physical",
    ) -> TablePlay:
        game = Game(setup)
        journal = None
        if state_dir is not None:
            journal = Journal.create(
                state_dir / "games", setup, meta={"seats": seats, "roles_mode": roles_mode}
            )
        play = cls(game=game, seats=seats, journal=journal)
        play._auto()
        return play

    @classmethod
    def replay(cls, contents: JournalContents, path: Path) -> TablePlay:
        """Re-apply a journal's actions and undos; raises JournalError on an illegal one."""
        seats = contents.meta.get("seats") or list(range(1, contents.setup.players + 1))
        if len(seats) != contents.setup.players:
            raise JournalError(path, 1, f"{len(seats)} seats for {contents.setup.players} players")
        play = cls(game=Game(contents.setup), seats=seats)
        for entry in contents.entries:
            if entry.kind == "undo":
                if not play.history:
                    raise JournalError(path, entry.line, "undo with nothing to undo")
                play._pop()
                continue
            assert entry.action is not None
            if isinstance(entry.action, Roll) and entry.action.faces is None:
                raise JournalError(path, entry.line, "a roll without its faces cannot replay")
            try:
                play._apply(entry.action, entry.auto, journal=False)
            except IllegalAction as exc:
                raise JournalError(
                    path, entry.line, f"{entry.action.to_json()} is not legal here: {exc}"
                ) from exc
        return play

    # ------------------------------------------------------------------ presses

    def press(self, button: str) -> list[Event]:
        """Apply what ``button`` means now; Refused (and nothing changed) if it means nothing."""
        if button == "UNDO":
            return [self.undo()]
        if self.game.over:
            raise Refused("The game is over: ROLL starts a new game.")
        d = self.game.pending
        assert d is not None
        if d.kind is DecisionKind.SALOON_DIE and button == "ROLL":
            # No Saloon die (or the one of an undone roll), and roll: two answers, one press.
            choice = self.forced_choices.get(self.game.roll_count, Choose("none"))
            return self._apply(choice, auto=False) + self.press("ROLL")
        action = self._action_for(button, d)
        if action is None:
            return []
        try:
            events = self._apply(action, auto=False)
        except IllegalAction as exc:
            raise Refused(str(exc)) from exc
        return events + self._auto()

    def _action_for(self, button: str, d: Decision) -> Action | None:
        kind = d.kind
        forced = self.forced_rolls.get(self.game.roll_count)
        if kind in (DecisionKind.ROLL, DecisionKind.REROLL):
            if forced is not None:
                if button != "ROLL":
                    raise Refused("That roll was undone: ROLL brings back the same dice.")
                return forced
            if kind is DecisionKind.ROLL:
                if button != "ROLL":
                    raise Refused("Press ROLL to roll the dice.")
                return Roll(tuple(range(len(self.game.faces))))
            if button.startswith("DIE"):
                self._toggle(int(button[3:]) - 1)
                return None
            if button == "ROLL":
                if not self.marked:
                    raise Refused("Mark dice to re-roll with their DIE buttons, or DONE to keep.")
                return Roll(tuple(sorted(self.marked)))
            if button == "DONE":
                return Stop()
            raise Refused("Re-roll: mark dice and press ROLL, or DONE to keep the dice.")
        action = self._answer(button, d)
        kept = self.forced_choices.get(self.game.roll_count)
        if kind is DecisionKind.SALOON_DIE and kept is not None and action != kept:
            raise Refused("That roll was undone: its Saloon die comes back with it (or ROLL).")
        return action

    def _answer(self, button: str, d: Decision) -> Action:
        """The action a press gives, from how the decision is answered (not its kind)."""
        spec = d.spec
        if button == "DONE" and spec.optional:
            return Decline()
        if button.startswith("SEAT"):
            seat = self._engine_seat(int(button[4:]))
            if spec.answer is Answer.SEAT:
                return ChooseSeat(seat)
            if spec.answer is Answer.YES_NO:
                if seat != d.seat:
                    raise Refused(f"Only seat {self.seats[d.seat]} answers this question.")
                return Accept()
        if button.startswith("DIE"):
            n = int(button[3:]) - 1
            if spec.answer is Answer.DIE:
                return ChooseDie(n)
            listed: list[Action] = []
            if spec.answer is Answer.CHOICE:
                listed = [Choose(o) for o in d.options]
            elif spec.answer is Answer.ROLE:
                listed = [Reveal(r) for r in self.reveal_choices()]
            if listed:
                if not 0 <= n < len(listed):
                    raise Refused(f"Press DIE1 to DIE{len(listed)}: {self._prompt(d)}")
                return listed[n]
        raise Refused(self._prompt(d))

    def _prompt(self, d: Decision) -> str:
        return prompt_for(self.game, d, self.seats, self.reveal_choices())

    def _engine_seat(self, physical: int) -> int:
        if physical not in self.seats:
            raise Refused(f"Seat {physical} is not playing this game.")
        return self.seats.index(physical)

    def _toggle(self, die: int) -> None:
        if not 0 <= die < len(self.game.faces):
            raise Refused(f"There is no die {die + 1}: dice are 1 to {len(self.game.faces)}.")
        if self.game.locked(die):
            raise Refused(f"Die {die + 1} is Dynamite: it cannot be re-rolled.")
        self.marked ^= {die}

    def reveal_choices(self) -> list[Role]:
        return sorted(set(self.game.unrevealed_roles()), key=list(ROLE_LABELS).index)

    # ------------------------------------------------------------- apply and undo

    def _apply(self, action: Action, auto: bool, journal: bool = True) -> list[Event]:
        before = self.game.copy()
        events = self.game.apply(action)
        if isinstance(action, Roll) and action.faces is None:
            rolled = next(e for e in events if isinstance(e, DiceRolled))
            action = Roll(rolled.dice, rolled.faces)
        if journal and self.journal is not None:
            try:
                self.journal.append_action(action, auto)
            except OSError as exc:
                self.game = before
                raise Refused(
                    f"Cannot save the game ({exc.strerror or exc}): nothing changed."
                ) from exc
        self.history.append(Step(before, action, auto))
        if isinstance(action, Roll):
            self.marked.clear()
            self.forced_rolls.pop(before.roll_count, None)
        if (
            isinstance(action, Choose)
            and before.pending
            and before.pending.kind is DecisionKind.SALOON_DIE
        ):
            self.forced_choices.pop(before.roll_count, None)
        return events

    def _auto(self) -> list[Event]:
        """Make every choice that has only one legal answer (never the roll itself)."""
        events: list[Event] = []
        while not self.game.over:
            d = self.game.pending
            assert d is not None
            if d.kind in (DecisionKind.ROLL, DecisionKind.REROLL):
                break
            legal = self.game.legal_actions()
            if len(legal) != 1:
                break
            events += self._apply(legal[0], auto=True)
        return events

    def undo(self) -> Undone:
        """Step back one choice (and the automatic ones that followed it)."""
        if not self.history:
            raise Refused("Nothing to undo.")
        while self.history:
            if self.journal is not None:
                try:
                    self.journal.append_undo()  # on disk first, like every action
                except OSError as exc:
                    raise Refused(f"Cannot save the undo ({exc.strerror or exc}).") from exc
            if not self._pop().auto:
                break
        return Undone(
            tuple(p.life for p in self.game.players),
            tuple(p.arrows for p in self.game.players),
            self.game.pile,
        )

    def _pop(self) -> Step:
        step = self.history.pop()
        self.game = step.before
        self.marked.clear()
        if isinstance(step.action, Roll):
            self.forced_rolls[step.before.roll_count] = step.action
        pending = step.before.pending
        rolled = step.before.roll_count in self.forced_rolls
        if rolled and pending is not None and pending.kind is DecisionKind.SALOON_DIE:
            self.forced_choices[step.before.roll_count] = step.action
        return step

    def finish(self) -> None:
        """Close the journal of a game that is over, marking it finished."""
        if self.journal is not None:
            self.journal.append_end(self.game.side)
            self.journal.close()
            self.journal = None

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()

    # ------------------------------------------------------------------ queries

    def character_title(self, seat: int) -> str:
        return CHARACTERS[self.game.players[seat].character].title
