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
    SALOON_DIE: ClassVar[DecisionKind]  # Old Saloon 1: no Saloon die, the Loudmouth or the Coward
    BROKEN_ARROW: ClassVar[DecisionKind]  # Old Saloon 1: whose arrow a Broken arrow returns
    CHIEF_ARROW: ClassVar[DecisionKind]  # Old Saloon 2: take a regular arrow or the Chief's Arrow
    WHICH_ARROW: ClassVar[
        DecisionKind
    ]  # Old Saloon 2: discard a regular arrow or the Chief's Arrow
    GIVE_ARROW: ClassVar[DecisionKind]  # Elena Fuente: give one of the arrows rolled to someone?
    TAKE_CHIEF_ARROW: ClassVar[DecisionKind]  # Apache Kid: take the Chief's Arrow from its holder?
    TAKE_LOSS: ClassVar[DecisionKind]  # Molly Stark: lose these life points in that player's place?
    GAME_END: ClassVar[DecisionKind]  # a win holds while reveals could avert it: go on to the end
    DOC_DIE: ClassVar[DecisionKind]  # Old Saloon 3, The Doc: which die to turn
    DOC_FACE: ClassVar[DecisionKind]  # The Doc: to which face
    UGLY_SWAP: ClassVar[DecisionKind]  # The Ugly: whose arrows are exchanged (two seats in turn)
    LEFT_HAND_TARGET: ClassVar[DecisionKind]  # The Left Hand: whom to save, of those dying
    LEFT_HAND_DISCARD: ClassVar[DecisionKind]  # the saved player: discard all arrows?
    LEFT_HAND_CHANCE: ClassVar[DecisionKind]  # physical cards: nobody saves the dying (DONE)?
    GHOST_ROLL: ClassVar[DecisionKind]  # Old Saloon 5: the Ghost's first roll of its two dice
    GHOST_REROLL: ClassVar[DecisionKind]  # the Ghost re-rolls some of its dice, or stops
    GHOST_FACE: ClassVar[DecisionKind]  # which of its two results the Ghost gives
    GHOST_TARGET: ClassVar[DecisionKind]  # to whom the Ghost gives it
    # Undead or Alive, Modules 1-3
    DUEL_TARGET: ClassVar[DecisionKind]  # whom this Fight a Duel challenges
    DUEL_ROLL: ClassVar[DecisionKind]  # the seat holding the Duel die rolls it
    DUEL_REROLL: ClassVar[
        DecisionKind
    ]  # Sean Mallory: re-roll the Duel die that missed, or keep it
    WOUND_TOKEN: ClassVar[DecisionKind]  # real pile: which Duel Wound token was drawn
    WHICH_WOUND: ClassVar[DecisionKind]  # Whiskey: discard which of your Duel Wound tokens
    RAGE_SYMBOL: ClassVar[DecisionKind]  # enter a symbol of the Rage cards revealed, or DONE
    SAM_HEAL: ClassVar[DecisionKind]  # Sam the Healer: who gains one life for this duel
    RAGE_FROM: ClassVar[DecisionKind]  # Pat Brennan: whose Rage card to move
    RAGE_TO: ClassVar[DecisionKind]  # Pat Brennan: to whom
    BELLE_STAR: ClassVar[DecisionKind]  # Belle Star: which Dynamite becomes a Gatling
    CHUCK_DIE: ClassVar[DecisionKind]  # Chuck Wengam: lose a life to turn which die
    CHUCK_FACE: ClassVar[DecisionKind]  # Chuck Wengam: to which side
    ROLE_CARD: ClassVar[
        DecisionKind
    ]  # physical special roles: which card the eliminated seat shows


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
    """A roll of the turn's dice (or the Ghost's), limited to three: the table counts the
    rolls left while it is asked."""
    first_roll: bool = False
    """The first roll of those dice: ROLL alone answers, and every die rolls."""
    holder_rolls: bool = False
    """The seat holding the die rolls it with its own button (a duel, ruling UA1): the table
    never rolls it for the player, even with one legal answer."""
    before_roll: bool = False
    """Chosen just before the dice are rolled (the Saloon die): ROLL answers with none and
    rolls, and a roll taken back brings back the choice made with it."""
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
    """Asked of the player whose turn it is, alive: a state read back with it pending for
    another seat, or for an eliminated one, is refused (``pending_checks.py``)."""
    counted: bool = False
    """Counts down what it is about (``remaining``): at least one is left while it is asked."""
    fits: Callable[[Any, Decision], str | None] | None = None
    """What else a state read back with it pending must hold: given the game (as its rules
    see it) and the decision, what does not fit, or None (``pending_checks.py``)."""
    dead: bool = False
    """Asked of an eliminated seat (a card it draws): a state read back with it pending for a
    living seat is refused (``pending_checks.py``)."""
    turn: bool = False
    """Asked of the seat whose turn it is, whatever became of it (the table's question as a
    turn begins): a state read back with it pending for another seat is refused."""

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
    "saloon_die": Spec(Answer.CHOICE, False, "which Saloon die do you roll", before_roll=True),
    "broken_arrow": Spec(Answer.SEAT, False, "whose arrow does the Broken arrow return"),
    "chief_arrow": Spec(Answer.CHOICE, False, "a regular arrow or the Chief's Arrow"),
    "which_arrow": Spec(Answer.CHOICE, False, "discard which arrow"),
    "give_arrow": Spec(Answer.SEAT, True, "whom do you give an arrow rolled"),
    "take_chief_arrow": Spec(Answer.YES_NO, True, "take the Chief's Arrow"),
    "take_loss": Spec(Answer.YES_NO, True, "lose these life points in their place"),
    "game_end": Spec(
        Answer.YES_NO,
        False,
        "the game is over unless a role is shown",
        person_enters=True,
        done_says_yes=True,
    ),
    "doc_die": Spec(Answer.DIE, False, "which die does The Doc turn"),
    "doc_face": Spec(Answer.CHOICE, False, "which face does The Doc turn it to"),
    "ugly_swap": Spec(Answer.SEAT, False, "whose arrows does The Ugly exchange"),
    "left_hand_target": Spec(Answer.SEAT, False, "whom does The Left Hand save"),
    "left_hand_discard": Spec(Answer.YES_NO, True, "discard all your arrows"),
    "left_hand_chance": Spec(
        Answer.YES_NO,
        False,
        "nobody saves the player about to be eliminated",
        person_enters=True,
        done_says_yes=True,
    ),
    "ghost_roll": Spec(
        Answer.ROLL, False, "roll the Ghost's two dice", turn_dice=True, first_roll=True
    ),
    "ghost_reroll": Spec(Answer.ROLL, False, "re-roll the Ghost's dice or stop", turn_dice=True),
    "ghost_face": Spec(Answer.CHOICE, False, "which result does the Ghost give"),
    "ghost_target": Spec(Answer.SEAT, False, "to whom does the Ghost give it"),
    "duel_target": Spec(Answer.SEAT, False, "whom do you challenge to a duel"),
    "duel_roll": Spec(Answer.ROLL, False, "roll the Duel die", holder_rolls=True),
    "duel_reroll": Spec(Answer.ROLL, False, "re-roll the Duel die or keep it", holder_rolls=True),
    "wound_token": Spec(
        Answer.CHOICE,
        False,
        "which Wound token did you draw",
        shows_a_card=True,
        person_enters=True,
        face_options=True,
    ),
    "which_wound": Spec(Answer.CHOICE, False, "discard which Wound token", face_options=True),
    "rage_symbol": Spec(
        Answer.CHOICE,
        True,
        "enter the Rage cards' symbols",
        shows_a_card=True,
        person_enters=True,
        face_options=True,
    ),
    "sam_heal": Spec(Answer.SEAT, True, "who gains one life for this duel"),
    "rage_from": Spec(Answer.SEAT, True, "whose Rage card do you move"),
    "rage_to": Spec(Answer.SEAT, False, "who gets the Rage card"),
    "belle_star": Spec(Answer.DIE, True, "turn which Dynamite to Gatling"),
    "chuck_die": Spec(Answer.DIE, True, "lose a life to turn which die"),
    "chuck_face": Spec(Answer.CHOICE, False, "turn the die to which side", face_options=True),
    "role_card": Spec(Answer.CHOICE, False, "which role card is face up", shows_a_card=True),
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
            number("remaining", None),  # Rage symbols entered beyond one a card: below 0
            number("target"),
            tuple(text(o, "an option") for o in listed(data.get("options", []), "options")),
            None if cause is None else text(cause, "cause"),
        )
