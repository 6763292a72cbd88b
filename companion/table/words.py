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
from .labels import OPTION_LABELS, ROLE_LABELS, SYMBOL_LABELS, WOUND_LABELS

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


def _dice(action: Roll) -> str:
    dice = [str(die + 1) for die in action.dice]
    return f"die {dice[0]}" if len(dice) == 1 else "dice " + ", ".join(dice)


def _seat_told(verb: Callable[[Answered, int], str], declined: str | None = None) -> Told:
    """Words for a seat answer: ``verb`` names the seat chosen; ``declined`` says a no."""

    def told(t: Answered) -> str | None:
        if isinstance(t.action, ChooseSeat):
            return verb(t, t.action.seat)
        return declined

    return told


def _die_told(verb: Callable[[int], str], declined: str | None = None) -> Told:
    """Words for a die answer: ``verb`` names the die chosen; ``declined`` says a no."""

    def told(t: Answered) -> str | None:
        if isinstance(t.action, ChooseDie):
            return verb(t.action.die)
        return declined

    return told


def _yes_no(yes: str, no: str) -> Told:
    return lambda t: yes if t.yes else no


def _roll_told(rolled: Callable[[Roll], str], kept: str | None = None) -> Told:
    """Words for a roll: ``rolled`` says which dice; ``kept`` says a stop (None: no stop)."""

    def told(t: Answered) -> str | None:
        if isinstance(t.action, Roll):
            return rolled(t.action)
        return kept

    return told


def _choice_told(said: Callable[[Answered], str], **options: str) -> Told:
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
    label = SYMBOL_LABELS[FACES[face].symbol.value] if face else "Bull's Eye"
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
        _seat_told(_gift),
    ),
    K.ROLL: Words(
        lambda q: f"Seat {q.seat}: press ROLL",
        _roll_told(lambda roll: "rolls the dice"),
    ),
    K.REROLL: Words(
        lambda q: "Re-roll? mark dice, ROLL; DONE: no",
        _roll_told(lambda roll: f"re-rolls {_dice(roll)}", "keeps the dice"),
    ),
    K.BULLSEYE_TARGET: Words(
        _bullseye_prompt,
        _seat_told(lambda t, target: f"shoots {t.seat(target)}"),
    ),
    K.SLAB_DOUBLE: Words(
        _slab_prompt,
        lambda t: _slab_told(t) if isinstance(t.action, ChooseDie) else "keeps the Beer",
    ),
    K.BEER_TARGET: Words(_beer_prompt, _seat_told(_beer_told)),
    K.ARROW_INSTEAD: Words(
        lambda q: f"Seat {q.seat}: an arrow, not the life? SEAT{q.seat}: yes; DONE: no",
        _yes_no("takes an arrow instead", "loses the life"),
    ),
    K.DISCARD_ARROW: Words(
        lambda q: f"Seat {q.seat}: discard an arrow? SEAT{q.seat}: yes; DONE: no",
        _yes_no("discards an arrow for the life", "keeps the arrows"),
    ),
    K.KIT_DISCARD: Words(
        lambda q: "Kit Carlson: whose arrow goes? SEAT; DONE: none",
        _seat_told(lambda t, target: f"discards an arrow of {t.seat(target)}", "discards no arrow"),
    ),
    K.REVEAL_ROLE: Words(
        lambda q: f"Seat {q.seat}: which role? press its DIE",
        _revealed,
    ),
}

# ------------------------------------------------------------------ Old Saloon 1 and 2


def _take_loss(t: Answered) -> str:
    whom = t.seat(t.d.target or 0)
    return f"loses the life for {whom}" if t.yes else f"lets {whom} lose the life"


def _which_arrow(t: Answered) -> str | None:
    if not isinstance(t.action, Choose):
        return None
    which = "the Chief's Arrow" if t.action.option == "chief_arrow" else "an arrow"
    return f"discards {which} of {t.seat(t.d.target or 0)}"


OLD_SALOON: dict[DecisionKind, Words] = {
    K.SALOON_DIE: Words(
        lambda q: "Saloon die? its DIE; ROLL: none",
        _choice_told(lambda t: f"rolls the {t.option}", none="rolls no Saloon die"),
    ),
    K.BROKEN_ARROW: Words(
        lambda q: "Broken Arrow: whose arrow goes back? SEAT",
        _seat_told(lambda t, target: f"returns an arrow of {t.seat(target)} to the pile"),
    ),
    K.CHIEF_ARROW: Words(
        lambda q: f"Seat {q.seat} takes which arrow? its DIE",
        _choice_told(lambda t: "takes an arrow", chief_arrow="takes the Chief's Arrow"),
    ),
    K.WHICH_ARROW: Words(lambda q: f"Seat {q.other} loses which arrow? its DIE", _which_arrow),
    K.GIVE_ARROW: Words(
        lambda q: "Elena Fuente: give the arrow? SEAT; DONE: keep",
        _seat_told(lambda t, target: f"gives an arrow to {t.seat(target)}", "keeps the arrow"),
    ),
    K.TAKE_CHIEF_ARROW: Words(
        lambda q: f"Apache Kid: take seat {q.other}'s Chief's Arrow? SEAT{q.seat}: yes; DONE: no",
        _yes_no("takes the Chief's Arrow", "leaves the Chief's Arrow"),
    ),
    K.TAKE_LOSS: Words(
        lambda q: (
            f"Molly Stark: lose {q.d.remaining} for seat {q.other}? SEAT{q.seat}: yes; DONE: no"
        ),
        _take_loss,
    ),
}

# ------------------------------------------------ Old Saloon 3 (special roles) and 5 (Ghost)


def _face_legend(q: Asked) -> str:
    return "The Doc: turn to? DIE" if q.d.kind is K.DOC_FACE else "The Ghost gives which? DIE"


def _ugly_prompt(q: Asked) -> str:
    which = "first" if q.d.target is None else "second"
    return f"The Ugly: whose arrows swap? the {which} SEAT"


def _ghost_target_prompt(q: Asked) -> str:
    times = "2x " if q.d.remaining == 2 else ""
    face = OPTION_LABELS.get(q.d.options[0], q.d.options[0])
    return f"The Ghost gives {times}{face} to whom? SEAT"


def _chance_prompt(q: Asked) -> str:
    """The question first, short enough for seven seats at once (an Indian attack at eight)."""
    dying = [str(q.seats[int(s)]) for s in q.d.options]
    who = f"seat {dying[0]}" if len(dying) == 1 else f"seats {', '.join(dying)}"
    return f"Save {who} with The Left Hand? DONE: no"


def _turned(t: Answered) -> str | None:
    """The side a die is turned to: the rules say it ('The Doc turns die 3 to Dynamite')."""
    return BY_THE_RULES if isinstance(t.action, Choose) else None


SALOON_ROLES_AND_GHOST: dict[DecisionKind, Words] = {
    K.GAME_END: Words(lambda q: "Game over? DONE: yes, or reveal a role card", None),
    K.DOC_DIE: Words(
        lambda q: "The Doc: which die turns? its DIE",
        _die_told(lambda die: f"turns die {die + 1}"),
    ),
    K.DOC_FACE: Words(_face_legend, _turned),
    K.UGLY_SWAP: Words(
        _ugly_prompt,
        _seat_told(lambda t, target: f"swaps the arrows of {t.seat(target)}"),
    ),
    K.LEFT_HAND_TARGET: Words(
        lambda q: "The Left Hand of the Devil: save whom? SEAT",
        _seat_told(lambda t, target: f"saves {t.seat(target)}"),
    ),
    K.LEFT_HAND_DISCARD: Words(
        lambda q: f"Seat {q.seat}: discard all arrows? SEAT{q.seat}: yes; DONE: no",
        _yes_no("discards all arrows", "keeps the arrows"),
    ),
    K.LEFT_HAND_CHANCE: Words(_chance_prompt, None),
    K.GHOST_ROLL: Words(
        lambda q: f"The Ghost (seat {q.seat}): press ROLL",
        _roll_told(lambda roll: "rolls the Ghost's dice"),
    ),
    K.GHOST_REROLL: Words(
        lambda q: "The Ghost: re-roll? mark dice, ROLL; DONE: no",
        _roll_told(lambda roll: f"re-rolls the Ghost's {_dice(roll)}", "keeps the Ghost's dice"),
    ),
    K.GHOST_FACE: Words(
        _face_legend,
        lambda t: f"gives {t.option}" if isinstance(t.action, Choose) else None,
    ),
    K.GHOST_TARGET: Words(
        _ghost_target_prompt,
        _seat_told(lambda t, target: f"gives it to {t.seat(target)}"),
    ),
}

# ------------------------------------------------------------------ Undead or Alive


def _duel_roll_prompt(q: Asked) -> str:
    assert q.d.target is not None
    return f"Duel with seat {q.seats[q.d.target]}: SEAT{q.seat} rolls the Duel die"


def _rage_prompt(q: Asked) -> str:
    cards = q.game.players[q.d.seat].rage_revealed
    return f"Rage: symbols on {cards} card{'s' * (cards != 1)}? DIE each, DONE"


def _wound_discarded(t: Answered) -> str | None:
    if isinstance(t.action, Choose):
        return f"discards a {WOUND_LABELS.get(t.action.option, 'Dynamite')} Wound token"
    return None


UNDEAD_OR_ALIVE: dict[DecisionKind, Words] = {
    K.DUEL_TARGET: Words(
        lambda q: "Duel: challenge whom? SEAT",
        _seat_told(lambda t, target: f"challenges {t.seat(target)} to a duel"),
    ),
    K.DUEL_ROLL: Words(_duel_roll_prompt, _roll_told(lambda roll: "rolls the Duel die")),
    K.DUEL_REROLL: Words(
        lambda q: f"Sean Mallory: re-roll the Duel die? SEAT{q.seat}: yes; DONE: no",
        _roll_told(lambda roll: "re-rolls the Duel die", "keeps the Duel die"),
    ),
    K.WOUND_TOKEN: Words(lambda q: f"Seat {q.seat}: which Wound token? draw, press its DIE", None),
    K.WHICH_WOUND: Words(
        lambda q: f"Whiskey: seat {q.seat} discards which Wound token? DIE",
        _wound_discarded,
    ),
    K.RAGE_SYMBOL: Words(_rage_prompt, None),
    K.SAM_HEAL: Words(
        lambda q: "Sam the Healer: who gains 1 life? SEAT; DONE: no",
        _seat_told(_gift, "heals nobody"),
    ),
    K.RAGE_FROM: Words(
        lambda q: "Pat Brennan: move whose Rage card? SEAT; DONE: no",
        _seat_told(
            lambda t, target: f"moves the Rage card of {t.seat(target)}", "moves no Rage card"
        ),
    ),
    K.RAGE_TO: Words(
        lambda q: "Pat Brennan: who gets the Rage card? SEAT",
        _seat_told(lambda t, target: f"gives the Rage card to {t.seat(target)}"),
    ),
    K.BELLE_STAR: Words(
        lambda q: f"Belle Star: a Dynamite to Gatling? {dice_offered(q.game)}; DONE: no",
        # 'Belle Star turns die 2 to Gatling' says the yes
        _die_told(lambda die: BY_THE_RULES, "keeps the Dynamite"),
    ),
    K.CHUCK_DIE: Words(
        lambda q: "Chuck Wengam: turn a die for 1 life? DIE; DONE: no",
        _die_told(lambda die: f"loses 1 life to turn die {die + 1}", "turns no die"),
    ),
    K.CHUCK_FACE: Words(
        lambda q: f"Chuck Wengam: {_source(q.game, q.d.die or 0)} to which side? DIE",
        _turned,
    ),
    K.ROLE_CARD: Words(
        lambda q: f"Seat {q.seat}: which card? its DIE",
        _choice_told(
            lambda t: f"shows the special role card: {t.option}",
            normal="shows a normal role card",
        ),
    ),
}

# Every kind's words: the core's and the built-in modules' here, and each installed module's
# from its own package (its ``ModuleRules.table``, which adds them with ``declare_words``).
WORDS: Declared[DecisionKind, Words] = Declared(
    {**BASE, **OLD_SALOON, **SALOON_ROLES_AND_GHOST, **UNDEAD_OR_ALIVE},
    load=lambda: load_layer("table"),
)


def declare_words(kind: DecisionKind, words: Words) -> None:
    """A module's words for its own kind of decision; ValueError when the kind has some."""
    WORDS.add(kind, words, "words of the decision kind")
