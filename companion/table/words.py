"""Each kind of decision in the words of the table, in one entry: the console's question while
it waits, and the line that says the box's answer for a seat it plays (the live console and a
resumed game's history read the same line).

A new kind of decision gets its entry here; a test fails naming any kind without one. Seats
are the physical ones (1..8), as on the panels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import (
    FACES,
    SPECS,
    Accept,
    Action,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decision,
    DecisionKind,
    Declared,
    Game,
    Reveal,
    Role,
    Roll,
    load_layer,
)
from ..i18n import CORE, Catalogue, Labels, Word
from .answers import listed_hits
from .labels import OPTION_LABELS, ROLE_LABELS, SYMBOL_LABELS, past_the_dice

K = DecisionKind
_words = Catalogue(CORE)
_ = _words.gettext
N_ = _words.word
# A fixed answer's words, declared in English: a ``Word`` of the declaring package's catalogue
# is said in the language in use (a plain string, from a module without one, as it is).
Said = str | Word


@dataclass(frozen=True)
class Asked:
    """A decision waiting at the table: the game, the decision, the physical seats in engine
    order, and the role cards the asked seat may show."""

    game: Game
    d: Decision
    seats: Sequence[int]
    roles: Sequence[Role]

    @property
    def seat(self) -> int:
        """The asked seat's physical number."""
        return self.seats[self.d.seat]

    @property
    def other(self) -> int | None:
        """The physical number of the seat the decision is about, if any."""
        return self.seats[self.d.target] if self.d.target is not None else None


@dataclass(frozen=True)
class Answered:
    """The box's answer to a decision, for the line that says it."""

    d: Decision
    action: Action
    seats: Sequence[int]
    game: Game | None = None  # as it was when asked, for answers that name what it showed

    def seat(self, engine_seat: int) -> str:
        return _("seat {seat}").format(seat=self.seats[engine_seat])

    @property
    def yes(self) -> bool:
        return isinstance(self.action, Accept)

    @property
    def option(self) -> str:
        """The chosen option in the table's words ('' unless the answer is a choice)."""
        a = self.action
        return OPTION_LABELS.get(a.option, a.option) if isinstance(a, Choose) else ""


Told = Callable[[Answered], str | None]
# The answer's own event says it whole ('The Doc turns die 3 to Dynamite'): the box adds no line.
BY_THE_RULES = ""


@dataclass(frozen=True)
class Words:
    """One kind's words. ``told`` is None for a kind a person always answers (the spec's
    ``person_enters``), and gives None for an answer it has no words for: both are said as
    the generic 'chooses ...'. It gives '' for an answer the rules' own line says whole
    (``BY_THE_RULES``), so the story says it once. ``undone``: for a choice made before the
    dice are rolled (``Spec.before_roll``), why a choice other than the one of a roll UNDO took
    back is refused (None: the table's own words, that ROLL brings back the same dice)."""

    prompt: Callable[[Asked], str]
    told: Told | None
    undone: str | Word | None = None


def dice_named(action: Roll) -> str:
    dice = [str(die + 1) for die in action.dice]
    if len(dice) == 1:
        return _("die {die}").format(die=dice[0])
    return _("dice {dice}").format(dice=", ".join(dice))


def seat_told(verb: Callable[[Answered, int], str], declined: Said | None = None) -> Told:
    """Words for a seat answer: ``verb`` names the seat chosen; ``declined`` says a no."""

    def told(t: Answered) -> str | None:
        if isinstance(t.action, ChooseSeat):
            return verb(t, t.action.seat)
        return None if declined is None else str(declined)

    return told


def die_told(verb: Callable[[int], str], declined: Said | None = None) -> Told:
    """Words for a die answer: ``verb`` names the die chosen; ``declined`` says a no."""

    def told(t: Answered) -> str | None:
        if isinstance(t.action, ChooseDie):
            return verb(t.action.die)
        return None if declined is None else str(declined)

    return told


def yes_no(yes: Said, no: Said) -> Told:
    return lambda t: str(yes if t.yes else no)


def roll_told(rolled: Callable[[Roll], str], kept: Said | None = None) -> Told:
    """Words for a roll: ``rolled`` says which dice; ``kept`` says a stop (None: no stop)."""

    def told(t: Answered) -> str | None:
        if isinstance(t.action, Roll):
            return rolled(t.action)
        return None if kept is None else str(kept)

    return told


def choice_told(said: Callable[[Answered], str], **options: Said) -> Told:
    """Words for a choice: an option named in ``options`` has its own, any other ``said``."""

    def told(t: Answered) -> str | None:
        if not isinstance(t.action, Choose):
            return None
        return str(options[t.action.option]) if t.action.option in options else said(t)

    return told


# ------------------------------------------------------------------ the base game


def _bullseye_prompt(q: Asked) -> str:
    d = q.d
    assert d.die is not None
    face = q.game.result_face(d.die)
    label = SYMBOL_LABELS[FACES[face].symbol] if face else _("Bull's Eye")
    return _("{label} ({source}): shoot whom? SEAT").format(
        label=label, source=_source(q.game, d.die)
    )


def _beer_prompt(q: Asked) -> str:
    assert q.d.die is not None
    return _("Beer ({source}): who drinks? SEAT").format(source=_source(q.game, q.d.die))


def _source(game: Game, result: int) -> str:
    """Where a result shows: a die, or past the dice where its module says (``PastTheDice``)."""
    past = past_the_dice(game.setup.modules) if result >= len(game.faces) else None
    return _("die {die}").format(die=result + 1) if past is None else str(past.source)


def _slab_prompt(q: Asked) -> str:
    """Over the DIE buttons, or heading the list of the Bull's Eyes when one is past the dice
    (one line per seat hit, the question in the lines the list leaves on the console)."""
    listed = len(listed_hits(q.game, q.d) or ())
    if not listed:  # the dice that answer, by their buttons
        return _("Slab the Killer: double a Bull's Eye? {dice}; DONE: no").format(
            dice=dice_offered(q.game)
        )
    if listed < 4:  # the question in three lines, the list in the others
        return _("Slab the Killer: double a Bull's Eye? DIE; DONE: no")
    if listed < 5:
        return _("Slab: double whose hit? DIE; DONE: no")
    return _("Double? DIE; DONE: no")


def dice_offered(game: Game) -> str:
    """The DIE buttons that answer a die question now: "DIE2", "DIE2 or 4", "DIE1, 2 or 5",
    and more of them shorter, "DIE1/2/3/5", to fit the narrow console."""
    dice = sorted({a.die for a in game.legal_actions() if isinstance(a, ChooseDie)})
    names = [str(die + 1) for die in dice]
    if len(names) > 3:
        return "DIE" + "/".join(names)
    if len(names) < 2:
        return f"DIE{names[0]}"
    return _("DIE{dice} or {last}").format(dice=", ".join(names[:-1]), last=names[-1])


def _slab_told(t: Answered) -> str:
    """The Bull's Eye doubled, as the console lists them: the seat it hits, and one past the
    dice (no die shows it) in its module's words (``PastTheDice``)."""
    assert isinstance(t.action, ChooseDie)
    die, game = t.action.die, t.game
    hit = None
    if game is not None:
        hit = next((target for d, _s, target in game.scratch.assigned if d == die), None)
    past = None
    if game is not None and die >= len(game.faces):
        past = past_the_dice(game.setup.modules)
    if past is not None:
        if hit is None:
            return str(past.doubled)
        return str(past.doubled_on).format(seat=t.seat(hit))
    if hit is None:
        return _("doubles the Bull's Eye of die {die} with a Beer").format(die=die + 1)
    return _("doubles the Bull's Eye of die {die} on {seat} with a Beer").format(
        die=die + 1, seat=t.seat(hit)
    )


def _beer_told(t: Answered, target: int) -> str:
    if target == t.d.seat:
        return _("drinks the Beer")
    return _("gives the Beer to {seat}").format(seat=t.seat(target))


def _revealed(t: Answered) -> str | None:
    if isinstance(t.action, Reveal):
        return _("shows the role card: {role}").format(role=ROLE_LABELS[t.action.role])
    return None


def _gift(t: Answered, target: int) -> str:
    return _("gives 1 life to {seat}").format(seat=t.seat(target))


BASE: dict[DecisionKind, Words] = {
    K.GIFT_LIFE: Words(
        lambda q: _("Sid Ketchum: who gains 1 life? SEAT"),
        seat_told(_gift),
    ),
    K.ROLL: Words(
        lambda q: _("Seat {seat}: press ROLL").format(seat=q.seat),
        roll_told(lambda roll: _("rolls the dice")),
    ),
    K.REROLL: Words(
        lambda q: _("Re-roll? mark dice, ROLL; DONE: no"),
        roll_told(
            lambda roll: _("re-rolls {dice}").format(dice=dice_named(roll)),
            N_("keeps the dice"),
        ),
    ),
    K.BULLSEYE_TARGET: Words(
        _bullseye_prompt,
        seat_told(lambda t, target: _("shoots {seat}").format(seat=t.seat(target))),
    ),
    K.SLAB_DOUBLE: Words(
        _slab_prompt,
        lambda t: _slab_told(t) if isinstance(t.action, ChooseDie) else _("keeps the Beer"),
    ),
    K.BEER_TARGET: Words(_beer_prompt, seat_told(_beer_told)),
    K.ARROW_INSTEAD: Words(
        lambda q: _("Seat {seat}: an arrow, not the life? SEAT{seat}: yes; DONE: no").format(
            seat=q.seat
        ),
        yes_no(N_("takes an arrow instead"), N_("loses the life")),
    ),
    K.DISCARD_ARROW: Words(
        lambda q: _("Seat {seat}: discard an arrow? SEAT{seat}: yes; DONE: no").format(seat=q.seat),
        yes_no(N_("discards an arrow for the life"), N_("keeps the arrows")),
    ),
    K.KIT_DISCARD: Words(
        lambda q: _("Kit Carlson: whose arrow goes? SEAT; DONE: none"),
        seat_told(
            lambda t, target: _("discards an arrow of {seat}").format(seat=t.seat(target)),
            N_("discards no arrow"),
        ),
    ),
    K.REVEAL_ROLE: Words(
        lambda q: _("Seat {seat}: which role? press its DIE").format(seat=q.seat),
        _revealed,
    ),
}

# ------------------------------------------------------------------ the modules' tokens


def _which_arrow(t: Answered) -> str | None:
    """A regular arrow, or a module's token by its label."""
    if not isinstance(t.action, Choose):
        return None
    seat = t.seat(t.d.target or 0)
    if t.action.option == "arrow":
        return _("discards an arrow of {seat}").format(seat=seat)
    return _("discards the {token} of {seat}").format(token=t.option, seat=seat)


TOKENS: dict[DecisionKind, Words] = {
    K.WHICH_ARROW: Words(
        lambda q: _("Seat {seat} loses which arrow? its DIE").format(seat=q.other), _which_arrow
    ),
}

# ------------------------------------------------ the end a reveal into an open moment may avert


def turned(t: Answered) -> str | None:
    """The side a die is turned to: the rules say it (a power that turns a die names the face)."""
    return BY_THE_RULES if isinstance(t.action, Choose) else None


OPEN_MOMENTS: dict[DecisionKind, Words] = {
    K.GAME_END: Words(lambda q: _("Game over? DONE: yes, or reveal a role card"), None),
}

# Every kind's words: the core's here, and each module's from its own package (its
# ``ModuleRules.table``, which adds them with ``declare_words``).
WORDS: Declared[DecisionKind, Words] = Declared(
    {**BASE, **TOKENS, **OPEN_MOMENTS},
    load=lambda: load_layer("table"),
)


def declare_words(kind: DecisionKind, words: Words) -> None:
    """A module's words for its own kind of decision; ValueError when the kind has some."""
    WORDS.add(kind, words, "words of the decision kind")


# Each kind's question in a few words, as its ``Spec`` says it in English (the engine has no
# catalogue), to be translated: the console says it while the box answers for a seat. A
# module's kinds' come from its package (``declare_question``).
_QUESTION_WORDS: Declared[DecisionKind, str | Word] = Declared(
    {
        K.GIFT_LIFE: N_("who gains one life"),
        K.ROLL: N_("roll the dice"),
        K.REROLL: N_("re-roll or stop"),
        K.BULLSEYE_TARGET: N_("whom does this Bull's Eye hit"),
        K.SLAB_DOUBLE: N_("double a Bull's Eye with a Beer"),
        K.BEER_TARGET: N_("who drinks this Beer"),
        K.ARROW_INSTEAD: N_("take an arrow instead of losing a life"),
        K.DISCARD_ARROW: N_("discard an arrow for a life lost"),
        K.KIT_DISCARD: N_("whose arrow does this Gatling discard"),
        K.REVEAL_ROLE: N_("which role card do you show"),
        K.WHICH_ARROW: N_("discard which arrow"),
        K.GAME_END: N_("the game is over unless a role is shown"),
    },
    load=lambda: load_layer("table"),
)
QUESTIONS: Labels[DecisionKind] = Labels(_QUESTION_WORDS)


def declare_question(kind: DecisionKind, question: str | Word) -> None:
    """A module's kind's question in its package's words (its ``Spec``'s English, as a
    ``Word``); ValueError when the kind has one."""
    _QUESTION_WORDS.add(kind, question, "question of the decision kind")


def question_said(kind: DecisionKind) -> str:
    """The kind's question in the language in use (its ``Spec``'s English when no package
    declared its words)."""
    return QUESTIONS.get(kind) or SPECS[kind].question
