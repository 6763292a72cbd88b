"""The table tells its story: what the rules did on their own, in one line, and on each seat.

Players look up after the fact; a life that changed must say why. After every press the console
gets one line for the events nobody pressed for ("Indians! 1: -2, 3: -1; arrows back"), each
seat that changed shows its change until the next press, results assigned but not yet resolved
show on their targets, and the game's recent lines are kept for holding DONE.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import (
    SPECS,
    Action,
    ArrowsDiscarded,
    ArrowTaken,
    ChooseSeat,
    Decision,
    DecisionKind,
    DynamiteExploded,
    Event,
    Game,
    GameOver,
    GatlingFired,
    IndiansAttacked,
    LastOneStanding,
    LifeGained,
    LifeLost,
    NoLegalAnswer,
    PlayerEliminated,
    ResultAssigned,
    RoleRevealed,
    TurnStarted,
)
from .labels import ROLE_LABELS, SYMBOL_LABELS, cause_label
from .narration import box_line
from .prompts import SIDE_LABELS

HISTORY = 30  # lines kept for paging back; a long turn makes about five

# What a loss or gain is called in the line, by its cause.
LOSS_HEADINGS = {
    "indians": "Indians!",
    "dynamite": "3 Dynamite!",
    "gatling": "Gatling!",
    "bullseye": "Shot",
}
GAIN_HEADINGS = {
    "beer": "Beer",
    "sid_ketchum": "Sid Ketchum",
    "suzy_lafayette": "Suzy Lafayette",
    "vulture_sam": "Vulture Sam",
}
ARROW_HEADINGS = {
    "dice": "Arrows",
    "el_gringo": "El Gringo",
    "bart_cassidy": "Bart Cassidy",
}

Tokens = tuple[tuple[int, int], ...]  # (life, arrows) of every seat, in engine order


# Sound cues for the optional buzzer, most important first: one cue a press, so beeps never
# run into each other. The devices know the patterns, not the game.
CUES: tuple[tuple[type[Event], str], ...] = (
    (GameOver, "game_over"),
    (PlayerEliminated, "eliminated"),
    (IndiansAttacked, "indians"),
    (DynamiteExploded, "dynamite"),
    (TurnStarted, "turn"),
)


def cue_for(events: Sequence[Event]) -> str | None:
    """The one cue a press's events call for, or None."""
    for kind, cue in CUES:
        if any(isinstance(event, kind) for event in events):
            return cue
    return None


def tokens(game: Game) -> Tokens:
    """Every seat's life and arrows: compared before and after a press."""
    return tuple((p.life, p.arrows + p.chief_arrow) for p in game.players)


def change_marks(before: Tokens, after: Tokens) -> dict[int, str]:
    """Each engine seat whose life or arrows changed, and how: "-2", "+1", "+arrow"."""
    marks = {}
    for seat, ((life0, arrows0), (life1, arrows1)) in enumerate(zip(before, after, strict=True)):
        parts = []
        if life1 != life0:
            parts.append(f"{life1 - life0:+d}")
        if arrows1 != arrows0:
            delta = arrows1 - arrows0
            sign = "+" if delta > 0 else "-"
            parts.append(f"{sign}arrow" if abs(delta) == 1 else f"{sign}{abs(delta)} arrows")
        if parts:
            marks[seat] = " ".join(parts)
    return marks


def pending_marks(game: Game) -> dict[int, str]:
    """Results given to a seat that have not hit it yet: "hit x2", "beer x1"."""
    d = game.pending
    if d is None:
        return {}
    hits = [0] * len(game.players)
    scratch = game.scratch
    for seat, n in enumerate(scratch.hits):
        hits[seat] += n
    if d.spec.marks_hits:
        for _die, _symbol, target in scratch.assigned:
            hits[target] += 1
    marks = {seat: f"hit x{n}" for seat, n in enumerate(hits) if n}
    if d.spec.marks_beers:
        beers = Counter(target for _die, target in scratch.beers)
        marks |= {seat: f"beer x{n}" for seat, n in beers.items()}
    return marks


@dataclass
class _Line:
    """Phrases in order; a heading collects the seats that follow it ("Indians! 1: -2, 3: -1")."""

    seats: Sequence[int]
    phrases: list[str] = field(default_factory=list)
    heading: str | None = None
    items: dict[str, int | None] = field(default_factory=dict)  # seat name: change (or None)
    after: list[str] = field(default_factory=list)  # said once the heading's seats are listed

    def seat(self, engine_seat: int) -> int:
        return self.seats[engine_seat]

    def start(self, heading: str) -> None:
        self.close()
        self.heading = heading

    def under(self, heading: str, seat: int, amount: int | None = None) -> None:
        """``seat`` (an engine seat) under ``heading``; amounts for the same seat add up."""
        if heading != self.heading:
            self.start(heading)
        name = str(self.seats[seat])
        before = self.items.get(name)
        self.items[name] = None if amount is None else (before or 0) + amount

    def later(self, phrase: str) -> None:
        """A phrase that belongs after the open heading's seats (the Gatling's own arrows)."""
        if self.heading is None:
            self.say(phrase)
        elif phrase not in self.after:
            self.after.append(phrase)

    def say(self, phrase: str) -> None:
        self.close()
        if phrase not in self.phrases[-1:]:
            self.phrases.append(phrase)

    def close(self) -> None:
        if self.heading is not None:
            items = ", ".join(
                name if amount is None else f"{name}: {amount:+d}"
                for name, amount in self.items.items()
            )
            self.phrases.append(f"{self.heading} {items}" if items else self.heading)
            self.phrases += self.after
        self.heading, self.items, self.after = None, {}, []

    def text(self) -> str:
        self.close()
        return "; ".join(self.phrases)


def tell(
    events: Sequence[Event],
    seats: Sequence[int],
    automatic: Sequence[tuple[Decision, Action]] = (),
) -> str:
    """One line for what the rules did on their own; '' when there is nothing to tell.

    ``automatic`` lists the choices the table made because only one answer was legal, so an
    automatically assigned Bull's Eye is said like the rest. Seats are named by their physical
    numbers (``seats`` maps the engine's seats to them).
    """
    line = _Line(seats)
    auto_targets = {
        (d.die, a.seat) for d, a in automatic if isinstance(a, ChooseSeat) and d.die is not None
    }
    next_turn = None
    for event in events:
        match event:
            case IndiansAttacked():
                line.start("Indians!")
            case DynamiteExploded():
                line.start("3 Dynamite!")
            case GatlingFired():
                line.start("Gatling!")
            case LifeLost(seat=seat, amount=amount, cause=cause):
                line.under(LOSS_HEADINGS.get(cause) or cause_label(cause), seat, -amount)
            case LifeGained(seat=seat, amount=amount, cause=cause):
                line.under(GAIN_HEADINGS.get(cause) or cause_label(cause), seat, amount)
            case ArrowTaken(seat=seat, cause=cause):
                line.under(ARROW_HEADINGS.get(cause) or cause_label(cause), seat, 1)
            case ArrowsDiscarded(cause="indians"):
                line.later("arrows back")
            case ArrowsDiscarded(seat=seat, count=count, cause="gatling"):
                line.later(f"{line.seat(seat)} drops {count} arrow{'s' if count > 1 else ''}")
            case ArrowsDiscarded(seat=seat, cause=cause) if cause != "eliminated":
                line.under("Arrow dropped", seat)
            case ResultAssigned(die=die, symbol=symbol, target=target) if (
                die,
                target,
            ) in auto_targets:
                label = SYMBOL_LABELS.get(symbol, symbol)
                # no die named: past the dice a result is a revealed Rage card's symbol
                line.say(f"{label} to {line.seat(target)}, the only choice")
            case PlayerEliminated(seat=seat):
                line.say(f"seat {line.seat(seat)} OUT")
            case RoleRevealed(seat=seat, role=role):
                labels = {str(r): label for r, label in ROLE_LABELS.items()}
                line.say(f"{line.seat(seat)} was {labels.get(role, role)}")
            case LastOneStanding():
                line.say("last one standing")
            case TurnStarted(seat=seat):
                next_turn = f"seat {line.seat(seat)}'s turn"
            case GameOver(side=side):
                line.say(SIDE_LABELS.get(side, side))
            case NoLegalAnswer(seat=seat, decision=decision):
                question = SPECS[DecisionKind(decision)].question
                line.say(f"seat {line.seat(seat)} not asked {question}: no answer fits")
    text = line.text()
    if next_turn is not None and text:
        text = f"{text}; {next_turn}"
    return text


@dataclass(frozen=True)
class Told:
    """A press told: its line, each engine seat's change, and the actions taken by then."""

    line: str
    marks: dict[int, str]
    steps: int


def said_by_box(
    d: Decision,
    action: Action,
    events: Sequence[Event],
    seats: Sequence[int],
    automatic: Sequence[tuple[Decision, Action]] = (),
) -> str:
    """The line for a choice the box made: the choice itself, then what the rules did."""
    return "; ".join(t for t in (box_line(d, action, seats), tell(events, seats, automatic)) if t)


# A step as retold: the game before the action, the action, whether the table made it itself
# (the only legal answer), whether the box chose it for a seat it plays.
Retold = tuple[Game, Action, bool, bool]


def retell(steps: Sequence[Retold], seats: Sequence[int]) -> list[Told]:
    """The story of every press of a game, from its steps, so a resumed game still says what
    happened.

    A press is a chosen action (a person's, or the box's) and the automatic ones after it.
    """
    presses: list[list[Retold]] = []
    for step in steps:
        if presses and step[2]:
            presses[-1].append(step)
        else:
            presses.append([step])
    told, count = [], 0
    for press in presses:
        events: list[Event] = []
        for before, action, _auto, _box in press:
            after = before.copy()
            events += after.apply(action)
        automatic = [(b.pending, a) for b, a, auto, _ in press if auto and b.pending is not None]
        count += len(press)
        marks = change_marks(tokens(press[0][0]), tokens(after))
        first, chosen, _, box = press[0]
        if box and first.pending is not None:
            line = said_by_box(first.pending, chosen, events, seats, automatic)
        else:
            line = tell(events, seats, automatic)
        told.append(Told(line, marks, count))
    return told


@dataclass
class History:
    """The game's recent story lines, each with the number of actions it came after, so an
    undo takes back exactly the lines of what it undid."""

    lines: list[tuple[int, str]] = field(default_factory=list)

    def add(self, step: int, text: str) -> None:
        if text:
            self.lines.append((step, text))
            del self.lines[:-HISTORY]

    def undo_to(self, step: int) -> None:
        """Forget the lines of actions beyond ``step`` (they were undone)."""
        self.lines = [(s, t) for s, t in self.lines if s <= step]

    def page(self, back: int) -> str:
        """The line ``back`` places before the newest (0: the newest), numbered for the console."""
        total = len(self.lines)
        return f"{back + 1}/{total} ago: {self.lines[total - 1 - back][1]}"
