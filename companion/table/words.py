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
from .answers import listed_hits
from .labels import OPTION_LABELS, ROLE_LABELS, SYMBOL_LABELS

K = DecisionKind


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
        return f"seat {self.seats[engine_seat]}"

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
    (``BY_THE_RULES``), so the story says it once."""

    prompt: Callable[[Asked], str]
    told: Told | None


def dice_named(action: Roll) -> str:
    dice = [str(die + 1) for die in action.dice]
    return f"die {dice[0]}" if len(dice) == 1 else "dice " + ", ".join(dice)


def seat_told(verb: Callable[[Answered, int], str], declined: str | None = None) -> Told:
    """Words for a seat answer: ``verb`` names the seat chosen; ``declined`` says a no."""

    def told(t: Answered) -> str | None:
        if isinstance(t.action, ChooseSeat):
            return verb(t, t.action.seat)
        return declined

    return told


def die_told(verb: Callable[[int], str], declined: str | None = None) -> Told:
    """Words for a die answer: ``verb`` names the die chosen; ``declined`` says a no."""

    def told(t: Answered) -> str | None:
        if isinstance(t.action, ChooseDie):
            return verb(t.action.die)
        return declined

    return told


def yes_no(yes: str, no: str) -> Told:
    return lambda t: yes if t.yes else no


def roll_told(rolled: Callable[[Roll], str], kept: str | None = None) -> Told:
    """Words for a roll: ``rolled`` says which dice; ``kept`` says a stop (None: no stop)."""

    def told(t: Answered) -> str | None:
        if isinstance(t.action, Roll):
            return rolled(t.action)
        return kept

    return told


def choice_told(said: Callable[[Answered], str], **options: str) -> Told:
    """Words for a choice: an option named in ``options`` has its own, any other ``said``."""

    def told(t: Answered) -> str | None:
        if not isinstance(t.action, Choose):
            return None
        return options[t.action.option] if t.action.option in options else said(t)

    return told


# ------------------------------------------------------------------ the base game


def _bullseye_prompt(q: Asked) -> str:
    d = q.d
    assert d.die is not None
    face = q.game.result_face(d.die)
    label = SYMBOL_LABELS[FACES[face].symbol] if face else "Bull's Eye"
    return f"{label} ({_source(q.game, d.die)}): shoot whom? SEAT"


def _beer_prompt(q: Asked) -> str:
    assert q.d.die is not None
    return f"Beer ({_source(q.game, q.d.die)}): who drinks? SEAT"


def _source(game: Game, result: int) -> str:
    """Where a result shows: a die, or past the dice a revealed Rage card's symbol."""
    return f"die {result + 1}" if result < len(game.faces) else "Rage card"


def _slab_prompt(q: Asked) -> str:
    """Over the DIE buttons, or heading the list of the Bull's Eyes when one is a Rage card's
    (one line per seat hit, the question in the lines the list leaves on the console)."""
    listed = len(listed_hits(q.game, q.d) or ())
    if not listed:  # the dice that answer, by their buttons
        return f"Slab the Killer: double a Bull's Eye? {dice_offered(q.game)}; DONE: no"
    if listed < 4:  # the question in three lines, the list in the others
        return "Slab the Killer: double a Bull's Eye? DIE; DONE: no"
    return "Slab: double whose hit? DIE; DONE: no" if listed < 5 else "Double? DIE; DONE: no"


def dice_offered(game: Game) -> str:
    """The DIE buttons that answer a die question now: "DIE2", "DIE2 or 4", "DIE1, 2 or 5",
    and more of them shorter, "DIE1/2/3/5", to fit the narrow console."""
    dice = sorted({a.die for a in game.legal_actions() if isinstance(a, ChooseDie)})
    names = [str(die + 1) for die in dice]
    if len(names) > 3:
        return "DIE" + "/".join(names)
    said = names[0] if len(names) < 2 else f"{', '.join(names[:-1])} or {names[-1]}"
    return f"DIE{said}"


def _slab_told(t: Answered) -> str:
    """The Bull's Eye doubled, as the console lists them: the seat it hits, and a Rage card's
    by its name (it is past the dice, no die shows it)."""
    assert isinstance(t.action, ChooseDie)
    die, game = t.action.die, t.game
    if game is None:
        return f"doubles the Bull's Eye of die {die + 1} with a Beer"
    hit = next((target for d, _s, target in game.scratch.assigned if d == die), None)
    on = f" on {t.seat(hit)}" if hit is not None else ""
    if die < len(game.faces):
        return f"doubles the Bull's Eye of die {die + 1}{on} with a Beer"
    return f"doubles the Rage card's Bull's Eye{on} with a Beer"


def _beer_told(t: Answered, target: int) -> str:
    return "drinks the Beer" if target == t.d.seat else f"gives the Beer to {t.seat(target)}"


def _revealed(t: Answered) -> str | None:
    if isinstance(t.action, Reveal):
        return f"shows the role card: {ROLE_LABELS[t.action.role]}"
    return None


def _gift(t: Answered, target: int) -> str:
    return f"gives 1 life to {t.seat(target)}"


BASE: dict[DecisionKind, Words] = {
    K.GIFT_LIFE: Words(
        lambda q: "Sid Ketchum: who gains 1 life? SEAT",
        seat_told(_gift),
    ),
    K.ROLL: Words(
        lambda q: f"Seat {q.seat}: press ROLL",
        roll_told(lambda roll: "rolls the dice"),
    ),
    K.REROLL: Words(
        lambda q: "Re-roll? mark dice, ROLL; DONE: no",
        roll_told(lambda roll: f"re-rolls {dice_named(roll)}", "keeps the dice"),
    ),
    K.BULLSEYE_TARGET: Words(
        _bullseye_prompt,
        seat_told(lambda t, target: f"shoots {t.seat(target)}"),
    ),
    K.SLAB_DOUBLE: Words(
        _slab_prompt,
        lambda t: _slab_told(t) if isinstance(t.action, ChooseDie) else "keeps the Beer",
    ),
    K.BEER_TARGET: Words(_beer_prompt, seat_told(_beer_told)),
    K.ARROW_INSTEAD: Words(
        lambda q: f"Seat {q.seat}: an arrow, not the life? SEAT{q.seat}: yes; DONE: no",
        yes_no("takes an arrow instead", "loses the life"),
    ),
    K.DISCARD_ARROW: Words(
        lambda q: f"Seat {q.seat}: discard an arrow? SEAT{q.seat}: yes; DONE: no",
        yes_no("discards an arrow for the life", "keeps the arrows"),
    ),
    K.KIT_DISCARD: Words(
        lambda q: "Kit Carlson: whose arrow goes? SEAT; DONE: none",
        seat_told(lambda t, target: f"discards an arrow of {t.seat(target)}", "discards no arrow"),
    ),
    K.REVEAL_ROLE: Words(
        lambda q: f"Seat {q.seat}: which role? press its DIE",
        _revealed,
    ),
}

# ------------------------------------------------------------------ the modules' tokens


def _which_arrow(t: Answered) -> str | None:
    """A regular arrow, or a module's token by its label."""
    if not isinstance(t.action, Choose):
        return None
    which = "an arrow" if t.action.option == "arrow" else f"the {t.option}"
    return f"discards {which} of {t.seat(t.d.target or 0)}"


OLD_SALOON: dict[DecisionKind, Words] = {
    K.WHICH_ARROW: Words(lambda q: f"Seat {q.other} loses which arrow? its DIE", _which_arrow),
}

# ------------------------------------------------ the end a reveal into an open moment may avert


def turned(t: Answered) -> str | None:
    """The side a die is turned to: the rules say it ('The Doc turns die 3 to Dynamite')."""
    return BY_THE_RULES if isinstance(t.action, Choose) else None


OPEN_MOMENTS: dict[DecisionKind, Words] = {
    K.GAME_END: Words(lambda q: "Game over? DONE: yes, or reveal a role card", None),
}

# ------------------------------------------------------------------ Undead or Alive


UNDEAD_OR_ALIVE: dict[DecisionKind, Words] = {}

# Every kind's words: the core's and the built-in modules' here, and each installed module's
# from its own package (its ``ModuleRules.table``, which adds them with ``declare_words``).
WORDS: Declared[DecisionKind, Words] = Declared(
    {**BASE, **OLD_SALOON, **OPEN_MOMENTS, **UNDEAD_OR_ALIVE},
    load=lambda: load_layer("table"),
)


def declare_words(kind: DecisionKind, words: Words) -> None:
    """A module's words for its own kind of decision; ValueError when the kind has some."""
    WORDS.add(kind, words, "words of the decision kind")
