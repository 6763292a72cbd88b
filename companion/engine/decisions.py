"""Who must decide what, right now, and what kind of answer the decision takes.

Each kind of decision says how it is answered (a seat, a die, yes or no, one of a list, a roll,
a role card), whether it may be declined, its question in a few words, and in flags what the
engine and the table treat apart (``Spec``). The table maps buttons from this description and
the bots play a kind they have no rule for from its answer shape, so a new kind of decision is
written in three places: here (its member and its spec), in the rule that asks it (its ``ask``
and its ``@decision`` answer), and in its one entry of words in ``companion/table/words.py``
(a test fails naming a kind without one). Optional, where the kind needs more: the checks of a
state read back (``pending_checks.py``), a refusal's explanation (``explain.py``) and a rule of
the rule-based player (``companion/bots/rules.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from .frozen import quick_init
from .open_kinds import Declared, OpenKind
from .reading import listed, text, whole_number

# Why a pending decision read back could not be asked now (None: it could), given the game as
# its rules see it (a ``RuleGame``, which is above this file).
Fits = Callable[[Any, "Decision"], "str | None"]

# Why a pending decision read back could not be asked now (None: it could). The game is the
# one its rules see (``rules_api.RuleGame``), named loosely: that file imports this one.


class DecisionKind(OpenKind):
    """A kind of decision, declared once with its spec (``declare_kind``): the core's and the
    built-in modules' here, a module's from outside in its own package."""

    GIFT_LIFE: ClassVar[DecisionKind]  # Sid Ketchum: who gains one life
    ROLL: ClassVar[DecisionKind]  # the first roll of the turn
    REROLL: ClassVar[DecisionKind]  # re-roll some dice, or stop
    BULLSEYE_TARGET: ClassVar[DecisionKind]  # whom a Bull's Eye result hits
    SLAB_DOUBLE: ClassVar[DecisionKind]  # Slab the Killer: double a Bull's Eye with a Beer?
    BEER_TARGET: ClassVar[DecisionKind]  # who gains the life of a Beer
    ARROW_INSTEAD: ClassVar[DecisionKind]  # Bart Cassidy: take an arrow instead of this life?
    DISCARD_ARROW: ClassVar[DecisionKind]  # Pedro Ramirez: discard an arrow for a life lost?
    KIT_DISCARD: ClassVar[DecisionKind]  # Kit Carlson: whose arrow this Gatling discards
    REVEAL_ROLE: ClassVar[DecisionKind]  # show the role card (eliminated, or the last one standing)
    WHICH_ARROW: ClassVar[DecisionKind]  # discard a regular arrow or a module's token
    GAME_END: ClassVar[DecisionKind]  # a win holds while reveals could avert it: go on to the end


class Answer(StrEnum):
    """How a decision is answered (the action types in brackets)."""

    ROLL = "roll"  # dice to roll, or stop (Roll, Stop)
    SEAT = "seat"  # a player (ChooseSeat)
    DIE = "die"  # one of the dice (ChooseDie)
    YES_NO = "yes_no"  # the asked seat accepts, or declines (Accept, Decline)
    CHOICE = "choice"  # one of ``Decision.options`` (Choose)
    ROLE = "role"  # a role card (Reveal)


@dataclass(frozen=True)
class Spec:
    """How a kind of decision is answered, and what the engine and the table must treat apart.

    The flags are all the table needs to know of a kind beyond its answer, so a new kind says
    here, once, what no set elsewhere lists.
    """

    answer: Answer
    optional: bool  # Decline is an answer
    question: str
    shows_a_card: bool = False
    """The answer shows a card the rules make one show, or enters what a real card or token
    shows: no move, so it closes none of the moments still open (Old Saloon 3)."""
    person_enters: bool = False
    """A person answers even for a seat the box plays: the box cannot see a real card or token
    (someone draws the box's), and a question for the whole table waits for the table."""
    turn_dice: bool = False
    """A roll of the turn's dice (or a module's own turn's), limited to three: the table counts the
    rolls left while it is asked."""
    first_roll: bool = False
    """The first roll of those dice: ROLL alone answers, and every die rolls."""
    holder_rolls: bool = False
    """The seat holding the die rolls it with its own button (a module's die rolled apart from
    the turn's dice): the table never rolls it for the player, even with one legal answer."""
    may_keep: bool = False
    """A re-roll the holder may decline (Stop): ROLL re-rolls too, DONE keeps the roll."""
    before_roll: bool = False
    """Chosen just before the dice are rolled (a die for the turn): ROLL answers with
    ``NO_OPTION`` and rolls, and a roll taken back brings back the choice made with it."""
    done_says_yes: bool = False
    """Asked of the whole table, not of the seat named (a win waiting on reveals, a save that
    may come before an elimination): DONE says yes, no seat's button does, and the table never
    answers it on its own. The answer is no player's move: it closes no moment still open."""
    face_options: bool = False
    """The options are die faces or symbols: the console shows their icons over the DIE
    buttons (a picker)."""
    marks_hits: bool = False
    """Asked while Bull's Eyes are given out: the hits given, not yet resolved, show on their
    targets."""
    marks_beers: bool = False
    """Asked while Beers are given out: the Beers given show on their targets."""
    active: bool = False
    """Asked of the player whose turn it is, alive (a state read back is checked so)."""
    counted: bool = False
    """It counts down what it is about (``remaining``): at least one is left."""
    arrow_holders: bool = False
    """Answered by a seat holding an arrow: a seat refused is one that holds none."""
    fits: Fits | None = None
    """Why a pending decision of a state read back could not be asked now, beyond the seat
    (``pending_checks.py``): a module's kind says it here."""
    below_zero: bool = False
    """Its ``remaining`` may fall below 0 (more entered than the least asked)."""
    explains: Callable[[Any, Decision, Any], str | None] | None = None
    """Why an action that does not answer it is refused, in words for the table, when the
    general words would not say (``explain.py``): given the game, the decision, the action."""
    eliminated: bool = False
    """Asked of an eliminated seat: showing a card, or one it draws (a state read back is
    checked so)."""
    turn_seat: bool = False
    """Asked of the seat whose turn it is, whatever became of it (a state read back is checked
    so; ``fits`` says what more it needs of that seat)."""
    before_end: bool = False
    """Asked while the turn's player rolls or the results resolve, never once the turn's end
    began (``scratch.closed``; a state read back is checked so)."""
    carries: tuple[str, ...] | None = None
    """The fields beside its seat it is asked with, when it is (``die``, ``remaining``,
    ``target``, ``options``, ``cause``): a state read back holding another is refused (None:
    not said)."""
    queued_last: str | None = None
    """The step last in the queue while it is asked, the one that ends the stage of the turn
    asking it: ``roll_decision`` at the turn's start, ``end_turn`` while the results or a
    module's steps after them resolve (a state read back is checked so; None: no one step)."""

    @property
    def always_answered(self) -> bool:
        """Its answers never run out (a roll or stop, yes or no): ``Game.ask`` looks for an
        answer to the others before it waits for one."""
        return self.answer is Answer.ROLL or self.answer is Answer.YES_NO

    @property
    def no_move(self) -> bool:
        """Its answer is no player's move: it closes none of the moments still open."""
        return self.shows_a_card or self.done_says_yes


# The kinds of the core and of the built-in modules, until each module declares its own.
_BUILT_IN: dict[str, Spec] = {
    "gift_life": Spec(Answer.SEAT, False, "who gains one life"),
    "roll": Spec(Answer.ROLL, False, "roll the dice", turn_dice=True, first_roll=True),
    "reroll": Spec(Answer.ROLL, False, "re-roll or stop", turn_dice=True),
    "bullseye_target": Spec(Answer.SEAT, False, "whom does this Bull's Eye hit", marks_hits=True),
    "slab_double": Spec(Answer.DIE, True, "double a Bull's Eye with a Beer", marks_hits=True),
    "beer_target": Spec(Answer.SEAT, False, "who drinks this Beer", marks_beers=True),
    "arrow_instead": Spec(Answer.YES_NO, True, "take an arrow instead of losing a life"),
    "discard_arrow": Spec(Answer.YES_NO, True, "discard an arrow for a life lost"),
    "kit_discard": Spec(Answer.SEAT, True, "whose arrow does this Gatling discard"),
    "reveal_role": Spec(Answer.ROLE, False, "which role card do you show", shows_a_card=True),
    "which_arrow": Spec(Answer.CHOICE, False, "discard which arrow"),
    "game_end": Spec(
        Answer.YES_NO,
        False,
        "the game is over unless a role is shown",
        person_enters=True,
        done_says_yes=True,
    ),
}

SPECS: Declared[DecisionKind, Spec] = Declared()


def declare_kind(value: str, spec: Spec) -> DecisionKind:
    """The new kind of decision ``value`` and how it is answered; ValueError when a kind of
    that name is declared already."""
    made = DecisionKind.declare(value)
    SPECS.add(made, spec, "decision kind")
    return made


for _value, _spec in _BUILT_IN.items():
    setattr(DecisionKind, _value.upper(), declare_kind(_value, _spec))


@quick_init
@dataclass(frozen=True)
class Decision:
    """The one decision the game waits for: its kind, the deciding seat and what it is about.

    ``die`` names the die a target question is about; ``remaining`` counts how many more
    times the same optional question can come (life points, Gatlings) or the life points at
    stake; ``target`` is the other player it is about (whose loss, whose arrow); ``options``
    are the choices of a CHOICE decision; ``cause`` says what asked (the taker of an arrow).
    """

    kind: DecisionKind
    seat: int
    die: int | None = None
    remaining: int | None = None
    target: int | None = None
    options: tuple[str, ...] = ()
    cause: str | None = None

    @property
    def spec(self) -> Spec:
        return SPECS[self.kind]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": str(self.kind),
            "seat": self.seat,
            "die": self.die,
            "remaining": self.remaining,
        }
        if self.target is not None:
            data["target"] = self.target
        if self.options:
            data["options"] = list(self.options)
        if self.cause is not None:
            data["cause"] = self.cause
        return data

    @classmethod
    def from_json(cls, data: Any) -> Decision:
        """A decision read back, each field checked; ValueError names the one that is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"expected an object, not {data!r}")
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in DecisionKind:
            raise ValueError(f"kind {kind!r} is not a kind of decision")

        def number(key: str, low: int | None = 0) -> int | None:
            value = data.get(key)
            return None if value is None else whole_number(value, key, low)

        cause = data.get("cause")
        return cls(
            DecisionKind(kind),
            whole_number(data.get("seat"), "seat", 0),
            number("die"),
            number("remaining", None),  # a module may count below 0
            number("target"),
            tuple(text(o, "an option") for o in listed(data.get("options", []), "options")),
            None if cause is None else text(cause, "cause"),
        )
