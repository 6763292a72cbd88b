"""A game in progress at the table: button presses become engine actions, journaled and undoable."""

from __future__ import annotations

import json
import logging
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from ..bots import Observation, Revealer, make_bot, observe
from ..engine import (
    CHARACTERS,
    NO_OPTION,
    SPECIAL_ROLES,
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
    RevealSpecial,
    Role,
    Roll,
    Stop,
    dice_a_reveal_rolls,
)
from ..i18n import CORE, Catalogue
from .answers import holder_roll, listed_hits
from .bounded_call import PLAYER_TIME_LIMIT, PlayerFailed, TookTooLong, within
from .journal import Journal, JournalContents, JournalEntry, JournalError, implied_answer
from .labels import FACE_LABELS, ROLE_LABELS
from .prompts import prompt_for
from .refusals import refusal_said
from .refused import Refused
from .setup_journal import SetupRecord
from .words import WORDS

log = logging.getLogger(__name__)
_ = Catalogue(CORE).gettext
A = TypeVar("A")


@dataclass(frozen=True)
class Undone(Event):
    """UNDO took the table back: the life and arrows of every seat as they are again."""

    kind: ClassVar[str] = "undone"
    life: tuple[int, ...]
    arrows: tuple[int, ...]
    pile: int


# The first roll of the turn's dice (or the Ghost's): ROLL alone answers it.


@dataclass
class Taken:
    """One action taken, with the game as it was before it and the events it caused.

    ``auto``: the table made the only legal choice; ``box``: the box chose for a seat it plays.
    Neither is a person's decision, so UNDO takes them back only with the person's before them.
    ``implied``: the answer an older journal implies (``journal.ADDED_IN``), which has no
    record of its own, so no undo record counts it either.
    """

    before: Game
    action: Action
    auto: bool
    box: bool = False
    events: list[Event] = field(default_factory=list)
    implied: bool = False

    @property
    def people(self) -> bool:
        """A decision a person made with a press."""
        return not self.auto and not self.box


@dataclass(frozen=True)
class ChoresRead:
    """How far ``seat_chores`` read the actions taken: a view is drawn after every press and
    the record mostly grows by one, so only the new actions are read again."""

    steps: int
    last: Taken
    owed: dict[int, tuple[str, ...]]


@dataclass
class TablePlay:
    """The game, its journal and the actions taken, which UNDO takes back.

    ``seats`` maps the engine's seats (0..n-1) to the physical seats (1..8) that joined;
    ``bots`` maps each physical seat the box plays to its computer player (``rules``, ...).
    """

    game: Game
    seats: list[int]
    journal: Journal | None = None
    taken: list[Taken] = field(default_factory=list)
    marked: set[int] = field(default_factory=set)
    # Undone rolls, by the decision they answered: there, ROLL brings back the same dice.
    forced_rolls: dict[str, Roll] = field(default_factory=dict)
    # The choice made before an undone roll, by that decision: it comes back with the roll.
    forced_choices: dict[str, Action] = field(default_factory=dict)
    # The Gambler's re-rolls UNDO took back, by the moment they were made: the same dice again.
    forced_reveals: dict[str, RevealSpecial] = field(default_factory=dict)
    # Rolls drawn in this game, undone ones included: a new roll never reuses a draw already seen.
    drawn: int = 0
    # Why presses cannot be saved (a read-only disk): they are refused, so none is lost.
    unsaved: str | None = None
    bots: dict[int, str] = field(default_factory=dict)
    path: Path | None = None  # the journal's file, open or not
    # Why the box's last choice is not its seat's player's own (that player failed), for the
    # console; None when it is.
    fell_back: str | None = None
    # The last action before the open moments at which the box's players were last asked
    # whether to reveal their seats' cards and said no (None: not asked yet).
    reveals_asked: object = field(default=None, repr=False)
    chores_read: ChoresRead | None = field(default=None, repr=False)
    # Seconds a computer player may take over one choice before the fallback answers instead.
    player_time_limit: float = field(default=PLAYER_TIME_LIMIT, repr=False)

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        setup: GameSetup,
        seats: list[int],
        state_dir: Path | None,
        roles_mode: str = "physical",
        bots: dict[int, str] | None = None,
        made_by: SetupRecord | None = None,
    ) -> TablePlay:
        """A new game, its journal created (``made_by``: the set-up's record, kept in its
        header so UNDO can go back into the set-up whatever the power does)."""
        game = Game(setup)
        bots = dict(bots or {})
        if bots and not setup.roles_known:
            raise ValueError("the box plays a seat only when it dealt the roles")
        journal = None
        if state_dir is not None:
            meta: dict[str, object] = {"seats": seats, "roles_mode": roles_mode}
            if bots:
                meta["bots"] = {str(seat): name for seat, name in sorted(bots.items())}
            if made_by is not None:
                meta["made_by"] = made_by.to_json()
            journal = Journal.create(state_dir / "games", setup, meta=meta)
        path = journal.path if journal is not None else None
        play = cls(game=game, seats=seats, journal=journal, bots=bots, path=path)
        play._auto()
        return play

    @classmethod
    def replay(cls, contents: JournalContents, path: Path) -> TablePlay:
        """Re-apply a journal's actions and undos; raises JournalError on an illegal one."""
        seats = contents.meta.get("seats") or list(range(1, contents.setup.players + 1))
        if len(seats) != contents.setup.players:
            raise JournalError(path, 1, f"{len(seats)} seats for {contents.setup.players} players")
        play = cls(game=Game(contents.setup), seats=seats, bots=contents.bots, path=path)
        for entry in contents.entries:
            if entry.kind == "undo":
                while play.taken and play.taken[-1].implied:
                    play._pop()  # taken back with the step under it, as its release did
                if not play.taken:
                    raise JournalError(path, entry.line, "undo with nothing to undo")
                play._pop()
                continue
            assert entry.action is not None
            if isinstance(entry.action, Roll) and entry.action.faces is None:
                raise JournalError(path, entry.line, "a roll without its faces cannot replay")
            play._replay_action(entry, contents.version, path)
        return play

    def _replay_action(self, entry: JournalEntry, version: int, path: Path) -> None:
        """Apply a recorded action. A journal older than a question pending answers it
        with its next record or not at all: when that record does not fit, the answer its
        version implies is taken first (``journal.ADDED_IN``), never in a newer journal."""
        assert entry.action is not None
        while True:
            try:
                self._apply(entry.action, entry.auto, journal=False, box=entry.box)
                return
            except IllegalAction as exc:
                implied = implied_answer(version, self.game.pending)
                if implied is None:
                    raise JournalError(
                        path, entry.line, f"{entry.action.to_json()} is not legal here: {exc}"
                    ) from exc
            self._apply(implied, auto=True, journal=False)
            self.taken[-1].implied = True

    # ------------------------------------------------------------------ presses

    def recover(self) -> list[Event]:
        """Open the journal again (a resumed game's, or one the disk refused), and make the
        automatic choices still owed: a power cut can fall between a press's record and
        theirs. Their events; Refused while the disk still says no."""
        if self.journal is None and self.path is not None:
            try:
                self.journal = Journal.reopen(self.path)
            except OSError as exc:
                self.unsaved = _(
                    "Cannot save the game ({error}): presses are refused "
                    "until the disk can be written."
                ).format(error=exc.strerror or exc)
                raise Refused(self.unsaved) from exc
        try:
            events = self._auto()
        except Refused as exc:
            self.unsaved = str(exc)
            raise
        self.unsaved = None
        return events

    def press(self, button: str) -> list[Event]:
        """Apply what ``button`` means now; Refused (and nothing changed) if it means nothing.

        While the disk refused the game's records, a press first tries again; if that makes
        automatic choices, they are the press's result."""
        if self.unsaved is not None:
            owed = self.recover()
            if owed:
                return owed
        if button == "UNDO":
            return [self.undo()]
        if self.game.over:
            raise Refused(_("The game is over: ROLL starts a new game."))
        d = self.game.pending
        assert d is not None
        if self.box_due():
            raise Refused(
                _("Seat {seat} is the box's: it chooses in a moment.").format(
                    seat=self.seats[d.seat]
                )
            )
        if d.spec.before_roll and button == "ROLL":
            # No choice (or the one of an undone roll), and roll: two answers, one press.
            # What the choice asks first (Sid Ketchum's gift) is asked, or made if automatic.
            choice = self.forced_choice() or Choose(NO_OPTION)
            events = self._apply(choice, auto=False) + self._auto()
            after = self.game.pending
            if self.game.over or after is None or not after.spec.first_roll:
                return events
            return events + self.press("ROLL")
        action = self._action_for(button, d)
        if action is None:
            return []
        try:
            events = self._apply(action, auto=False)
        except IllegalAction as exc:
            raise Refused(refusal_said(self.game, d, action, self.seats)) from exc
        return events + self._auto()

    def _action_for(self, button: str, d: Decision) -> Action | None:
        forced = self.forced_roll()
        if d.spec.holder_rolls:  # the seat holding the die rolls it (a module's die)
            assert d.die is not None
            action = holder_roll(self.seats, button, d, self.game.dice_kinds[d.die])
            if forced is not None:
                if not isinstance(action, Roll):
                    raise Refused(
                        _("That roll was undone: the same press brings back the same die.")
                    )
                return forced
            return action
        if d.spec.answer is Answer.ROLL:  # the turn's dice, or the Ghost's (Old Saloon 5)
            if forced is not None:
                if button != "ROLL":
                    raise Refused(_("That roll was undone: ROLL brings back the same dice."))
                return forced
            if d.spec.first_roll:
                if button != "ROLL":
                    raise Refused(_("Press ROLL to roll the dice."))
                return self.game.legal_actions()[0]  # all dice but those a Ghost token set
            if button.startswith("DIE"):
                self._toggle(int(button[3:]) - 1)
                return None
            if button == "ROLL":
                if not self.marked:
                    raise Refused(
                        _("Mark dice to re-roll with their DIE buttons, or DONE to keep.")
                    )
                return Roll(tuple(sorted(self.marked)))
            if button == "DONE":
                return Stop()
            raise Refused(_("Re-roll: mark dice and press ROLL, or DONE to keep the dice."))
        action = self._answer(button, d)
        kept = self.forced_choice()
        if d.spec.before_roll and kept is not None and action != kept:
            said = WORDS[d.kind].undone
            raise Refused(str(said or _("That roll was undone: ROLL brings back the same dice.")))
        return action

    def _answer(self, button: str, d: Decision) -> Action:
        """The action a press gives, from how the decision is answered (not its kind)."""
        spec = d.spec
        if spec.done_says_yes and button == "DONE":
            return Accept()  # Old Saloon 3: no reveal came, the game is over
        if button == "DONE" and spec.optional:
            return Decline()
        if button.startswith("SEAT"):
            seat = self._engine_seat(int(button[4:]))
            if spec.answer is Answer.SEAT:
                return ChooseSeat(seat)
            if spec.answer is Answer.YES_NO:
                if seat != d.seat:
                    raise Refused(
                        _("Only seat {seat} answers this question.").format(seat=self.seats[d.seat])
                    )
                return Accept()
        if button.startswith("DIE"):
            n = int(button[3:]) - 1
            hits = listed_hits(self.game, d)
            if spec.answer is Answer.DIE and hits is None:
                if not any(a == ChooseDie(n) for a in self.game.legal_actions()):
                    raise Refused(
                        _("{die} does not answer. {question}").format(
                            die=self._die_said(n), question=self._prompt(d)
                        )
                    )
                return ChooseDie(n)
            listed: list[Action] = []
            if hits is not None:
                listed = [ChooseDie(die) for die, _target in hits]
            elif spec.answer is Answer.CHOICE:
                listed = [Choose(o) for o in d.options]
            elif spec.answer is Answer.ROLE:
                listed = [Reveal(r) for r in self.reveal_choices()]
            if listed:
                if not 0 <= n < len(listed):
                    raise Refused(
                        _("Press DIE1 to DIE{last}: {question}").format(
                            last=len(listed), question=self._prompt(d)
                        )
                    )
                return listed[n]
        raise Refused(self._prompt(d))

    def _die_said(self, die: int) -> str:
        """A die by its button and what it shows: "DIE3 (Beer)"."""
        faces = self.game.faces
        face = faces[die] if die < len(faces) else None
        return (
            _("DIE{die} ({face})").format(die=die + 1, face=FACE_LABELS.get(face, face))
            if face
            else f"DIE{die + 1}"
        )

    def _prompt(self, d: Decision) -> str:
        return prompt_for(self.game, d, self.seats, self.reveal_choices())

    # -------------------------------------------- reveals into open moments (Old Saloon 3)

    def reveals_for(self, physical: int) -> list[RevealSpecial]:
        """The reveals open to this seat now, one per card (into its latest open moment)."""
        if physical not in self.seats or self.game.over:
            return []
        seat = self.seats.index(physical)
        found: dict[str, RevealSpecial] = {}
        for a in self.game.window_actions():
            if isinstance(a, RevealSpecial) and a.seat == seat:
                found[a.card] = a
        return list(found.values())

    def reveal(self, physical: int, n: int) -> list[Event]:
        """Seat ``physical`` makes the n-th reveal of its menu (DIE n+1 while holding)."""
        offered = self.reveals_for(physical)
        if not 0 <= n < len(offered):
            raise Refused(
                _("Seat {seat} has no reveal {n} open now.").format(seat=physical, n=n + 1)
            )
        try:
            events = self._apply(offered[n], auto=False)
        except IllegalAction as exc:
            said = _("Seat {seat} cannot reveal that card now.").format(seat=physical)
            raise Refused(said) from exc
        return events + self._auto()

    def _engine_seat(self, physical: int) -> int:
        if physical not in self.seats:
            raise Refused(_("Seat {seat} is not playing this game.").format(seat=physical))
        return self.seats.index(physical)

    def _toggle(self, die: int) -> None:
        if not 0 <= die < len(self.game.faces):
            raise Refused(
                _("There is no die {die}: dice are 1 to {last}.").format(
                    die=die + 1, last=len(self.game.faces)
                )
            )
        if self.game.locked(die):
            raise Refused(_("Die {die} is Dynamite: it cannot be re-rolled.").format(die=die + 1))
        self.marked ^= {die}

    def reveal_choices(self) -> list[Role]:
        return sorted(set(self.game.unrevealed_roles()), key=list(ROLE_LABELS).index)

    # ------------------------------------------------------------- apply and undo

    def forced_choice(self) -> Action | None:
        """The choice made before a roll UNDO took back, if this is that decision."""
        if not self.forced_choices:
            return None
        return self.forced_choices.get(_fingerprint(self.game))

    def forced_roll(self) -> Roll | None:
        """The roll UNDO took back from the decision pending now, if any: only it may follow."""
        if not self.forced_rolls:
            return None
        return self.forced_rolls.get(_fingerprint(self.game))

    def _apply(
        self, action: Action, auto: bool, journal: bool = True, box: bool = False
    ) -> list[Event]:
        before = self.game.copy()
        if isinstance(action, Roll) and action.faces is None:
            action = self._draw(action)
        if (
            isinstance(action, RevealSpecial)
            and action.faces is None
            and SPECIAL_ROLES[action.card].rerolls
        ):
            action = self._draw_reveal(action)  # The Gambler's re-roll, never seen dice
        events = self.game.apply(action)
        if journal and self.journal is not None:
            try:
                self.journal.append_action(action, auto, box)
            except OSError as exc:
                self.game = before
                raise Refused(
                    _("Cannot save the game ({error}): nothing changed.").format(
                        error=exc.strerror or exc
                    )
                ) from exc
        self.taken.append(Taken(before, action, auto, box, events))
        self.marked.clear()
        if _draws(action):
            self.drawn += 1
        if self.forced_rolls or self.forced_choices or self.forced_reveals:
            key = _fingerprint(before)
            self.forced_rolls.pop(key, None)
            self.forced_choices.pop(key, None)
            self.forced_reveals.pop(key, None)
        return events

    def _draw(self, action: Roll) -> Roll:
        """The faces of a new roll, from a draw this game has never used.

        Keyed by the engine's roll number, a roll made after UNDO took back a *different*
        decision would show the undone roll's faces again: known dice to choose by.
        """
        kinds = self.game.dice_kinds
        dice = [(i, kinds[i]) for i in action.dice if 0 <= i < len(kinds)]
        if len(dice) != len(action.dice):
            return action  # the engine says what is wrong with it
        faces = self.game.dice_source.roll(self.drawn, dice)
        return Roll(action.dice, tuple(faces))

    def _draw_reveal(self, action: RevealSpecial) -> RevealSpecial:
        """A reveal that re-rolls every die gets its faces from a fresh draw, like a roll; the
        same reveal at the same moment after UNDO brings back the dice it showed."""
        kept = self.forced_reveals.get(_fingerprint(self.game)) if self.forced_reveals else None
        if kept is not None and (kept.seat, kept.window, kept.card) == (
            action.seat,
            action.window,
            action.card,
        ):
            return kept
        dice = dice_a_reveal_rolls(self.game, action)
        faces = self.game.dice_source.roll(self.drawn, dice)
        return RevealSpecial(action.seat, action.window, action.card, tuple(faces))

    def _auto(self) -> list[Event]:
        """Make every choice that has only one legal answer (never the roll itself)."""
        events: list[Event] = []
        while not self.game.over:
            d = self.game.pending
            assert d is not None
            if d.spec.answer is Answer.ROLL or d.spec.done_says_yes:
                break  # rolls (a duel's too) are pressed; a game waiting for reveals ends on DONE
            legal = self.game.legal_actions()
            if len(legal) != 1 and not self._nobody_can_gain(d):
                break
            events += self._apply(legal[0], auto=True)
        return events

    def _nobody_can_gain(self, d: Decision) -> bool:
        """Sid Ketchum's gift when every player is at full life: every answer does nothing,
        so the table makes it (to the first seat) rather than ask for a press."""
        return d.kind is DecisionKind.GIFT_LIFE and all(
            p.life >= p.max_life for p in self.game.players if p.alive
        )

    # ------------------------------------------------------------- the box's seats

    def box_due(self) -> bool:
        """The pending decision is one the box makes, for a seat it plays (a card the table
        draws for it is still entered by a person)."""
        d = self.game.pending
        return (
            d is not None
            and not self.game.over
            and self.seats[d.seat] in self.bots
            and not d.spec.person_enters
        )

    def box_owes(self) -> bool:
        """The box owes a choice for a seat it plays, or an answer to the moments open to its
        seats' cards (whether to reveal one)."""
        return self.box_due() or self.box_reveals_due()

    def box_reveals_due(self) -> bool:
        """Old Saloon 3: a seat the box plays is offered a reveal into an open moment, and its
        player has not been asked at this moment yet. Only the box knows this (with dealt
        roles only a card's holder is offered it): the table shows nothing while it is due and
        the people's presses go on, so a moment a press closes first is missed, as a person's."""
        if not self.bots or self.game.over or self.reveals_asked is self._latest():
            return False
        return any(self.reveals_for(seat) for seat in self.bots)

    def _latest(self) -> object:
        """What says where the game is: the last action taken (the game itself before any)."""
        return self.taken[-1] if self.taken else self.game

    def box_move(self) -> list[Event]:
        """The box decides for its seat; the events its choice caused, and those of the
        automatic choices after it (all appended to ``taken``, the box's first).

        A roll UNDO took back at this very decision comes back as it was (with the choice made
        before it), like a person's ROLL would; any other choice comes from the seat's player,
        which sees only what that seat may know. A choice depends on that alone, so the same moment
        after UNDO or a restart gets the same choice. A player that fails never stops the box:
        ``fell_back`` then says, in one line for the console, who answered instead.
        """
        if self.unsaved is not None:
            owed = self.recover()
            if owed:
                return owed
        self.fell_back = None
        if self.box_reveals_due():  # as in a match: the moments first, then the decision
            revealed = self._box_reveal()
            if revealed is not None:
                return revealed
        d = self.game.pending
        if d is None or not self.box_due():
            return []
        action = self.forced_roll() or self.forced_choice() or self._box_choice(d)
        events = self._apply(action, auto=False, box=True)
        return events + self._auto()

    def _box_reveal(self) -> list[Event] | None:
        """Each seat the box plays that is offered a reveal, in seat order, asks its player
        (``RuleBot.reveal``, as ``play_match`` does in a simulation); the first card revealed
        is applied, journaled as the box's; None when every player said no (not asked again
        at these moments)."""
        for seat in sorted(self.bots):
            if not self.reveals_for(seat):
                continue
            action = self._revealed_by(seat)
            if action is not None:
                events = self._apply(action, auto=False, box=True)
                return events + self._auto()
        self.reveals_asked = self._latest()
        return None

    def _revealed_by(self, seat: int) -> RevealSpecial | None:
        """The reveal the seat's player makes now, if any; a player that fails is replaced by
        the rule-based one (and if that fails too, the card stays face down), as at a
        decision."""
        engine = self.seats.index(seat)
        offered = [a for a in self.game.window_actions() if a.seat == engine]

        def ask(bot: object, obs: Observation) -> RevealSpecial | None:
            action = bot.reveal(obs) if isinstance(bot, Revealer) else None
            if action is not None and action.offered() not in offered:
                raise IllegalAction(f"{action!r} is not open to seat {seat} now")
            return action

        _n, action = self._ask_players(seat, engine, "a reveal", ask, _("its card stays face down"))
        return action

    def _box_choice(self, d: Decision) -> Action:
        """The seat's player's choice; if it raises or chooses what the rules do not allow,
        the rule-based player's, and if that fails too, the first legal answer. Each failure
        goes to the log with its traceback."""
        legal = self.game.legal_actions()

        def ask(bot: Callable[[Observation], Action], obs: Observation) -> Action:
            action = bot(obs)
            if action not in legal:
                raise IllegalAction(f"{action!r} is not a legal answer now")
            return action

        seat, otherwise = self.seats[d.seat], _("the first legal answer was taken")
        answered, action = self._ask_players(seat, d.seat, f"a {d.kind!s} decision", ask, otherwise)
        return action if answered and action is not None else legal[0]

    def _ask_players(
        self,
        seat: int,
        engine: int,
        what: str,
        ask: Callable[[Any, Observation], A | None],
        otherwise: str,
    ) -> tuple[bool, A | None]:
        """Ask the seat's player, then the rule-based one if it fails (raises anything, answers
        what is not open, or takes over ``player_time_limit`` seconds, ``bounded_call``):
        whether one answered, and its answer. Each failure goes to the log with its traceback;
        a stand-in is said on the console's flash line."""
        failed: list[str] = []
        slow: str | None = None
        for player in dict.fromkeys((self.bots[seat], "rules")):
            obs = self._observe(engine)

            def choose(player: str = player, obs: Observation = obs) -> A | None:
                return ask(make_bot(player, zlib.crc32(obs.position.encode())), obs)

            try:
                answer = within(choose, self.player_time_limit, f"seat {seat} {player} player")
            except PlayerFailed as exc:
                slow = player if isinstance(exc, TookTooLong) and slow is None else slow
                log.error(
                    "seat %d: the %s player failed at %s: %s",
                    *(seat, player, what, exc),
                    exc_info=exc.__cause__,
                )
                failed.append(player)
                continue
            if failed:
                said = _failure(failed[0], slow, self.player_time_limit)
                self.fell_back = _("Seat {seat}: {failed}; the {player} player chose").format(
                    seat=seat, failed=said, player=player
                )
            return True, answer
        if len(failed) == 1:
            said = _failure(failed[0], slow, self.player_time_limit)
        else:
            said = _("its {players} players failed").format(players=_(" and ").join(failed))
        self.fell_back = _("Seat {seat}: {failed}; {otherwise}").format(
            seat=seat, failed=said, otherwise=otherwise
        )
        return False, None

    def _observe(self, seat: int) -> Observation:
        """What the engine's ``seat`` may know: the public table, its own card, the events
        seen."""
        seen = [*self.game.opening_events, *(e for s in self.taken for e in s.events)]
        return observe(self.game, seat, seen)

    def undo(self) -> Undone:
        """Step back to before the last decision a person made, taking back with it the
        automatic choices and the box's that followed it."""
        if not self.taken:
            raise Refused(_("Nothing to undo."))
        if not any(step.people for step in self.taken) and any(s.box for s in self.taken):
            raise Refused(
                _("Only the box has chosen yet: UNDO takes its choices back only with yours.")
            )
        while self.taken:
            if self.journal is not None and not self.taken[-1].implied:
                try:
                    self.journal.append_undo()  # on disk first, like every action
                except OSError as exc:
                    raise Refused(
                        _("Cannot save the undo ({error}).").format(error=exc.strerror or exc)
                    ) from exc
            if self._pop().people:
                break
        return Undone(
            tuple(p.life for p in self.game.players),
            tuple(p.arrows for p in self.game.players),
            self.game.pile,
        )

    def _pop(self) -> Taken:
        step = self.taken.pop()
        left = self.game
        self.game = step.before
        self.marked.clear()
        if _draws(step.action) and isinstance(step.action, RevealSpecial):
            self.forced_reveals[_fingerprint(step.before)] = step.action
        if isinstance(step.action, Roll):
            self.forced_rolls[_fingerprint(step.before)] = step.action
            if step.before.pending is not None and step.before.rolls > 0:
                self.marked = set(step.action.dice)  # shown: the dice ROLL brings back
        pending = step.before.pending
        chosen_with = pending is not None and pending.spec.before_roll
        if chosen_with and _fingerprint(left) in self.forced_rolls:  # its roll was seen: no other
            self.forced_choices[_fingerprint(step.before)] = step.action
        return step

    def finish(self) -> None:
        """Close the journal of a game that is over, marking it finished."""
        if self.journal is not None:
            self.journal.append_end(self.game.side)
            self.journal.close()
            self.journal = None

    def abandon(self, to_setup: bool = False) -> None:
        """End an unfinished game on purpose: its journal is kept, marked abandoned (and
        ``to_setup``: by UNDO, back into its set-up)."""
        if self.journal is not None:
            self.journal.append_abandoned(to_setup)
            self.journal.close()
            self.journal = None

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()

    # ------------------------------------------------------------------ queries

    def character_title(self, seat: int) -> str:
        return CHARACTERS[self.game.players[seat].character].title


def _failure(player: str, slow: str | None, limit: float) -> str:
    """How a seat's player failed, for the console: too slow, or it raised or broke a rule."""
    if player == slow:
        return _("its {player} player took over {limit:g} s").format(player=player, limit=limit)
    return _("its {player} player failed").format(player=player)


def _draws(action: Action) -> bool:
    """Whether the action used a draw of the dice (a roll, or a reveal that re-rolls)."""
    return isinstance(action, Roll) or (
        isinstance(action, RevealSpecial) and SPECIAL_ROLES[action.card].rerolls
    )


def _fingerprint(game: Game) -> str:
    """The whole state of a game as text, but the play that reached it: the same text is the
    same decision."""
    data = game.to_json()
    del data["played"]
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
