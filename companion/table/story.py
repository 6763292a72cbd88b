"""The table tells its story: what the rules did on their own, in one line, and on each seat.

Players look up after the fact; a life that changed must say why. After every press the console
gets one line for the events nobody pressed for ("Indians! 1: -2, 3: -1; arrows back"), each
seat that changed shows its change until the next press, results assigned but not yet resolved
show on their targets, and the game's recent lines are kept for holding DONE.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import (
    SPECIAL_ROLES,
    Action,
    ArrowsDiscarded,
    ArrowTaken,
    ChooseSeat,
    Decision,
    DecisionKind,
    Declared,
    DiceRolled,
    DynamiteExploded,
    Event,
    ExtraTurn,
    Game,
    GameEndWaiting,
    GameOver,
    GatlingFired,
    IndiansAttacked,
    LastOneStanding,
    LifeGained,
    LifeLost,
    NoLegalAnswer,
    PlayerEliminated,
    ResultAssigned,
    Rewound,
    RoleRevealed,
    TurnStarted,
    WindowAction,
    load_layer,
    returned,
)
from ..i18n import CORE, Catalogue, Labels, Word
from .labels import (
    FACE_LABELS,
    OPTION_LABELS,
    ROLE_LABELS,
    SYMBOL_LABELS,
    cause_label,
)
from .narration import box_line
from .prompts import SIDE_LABELS
from .words import question_said

_words = Catalogue(CORE)
_ = _words.gettext
N_ = _words.word
HISTORY = 40  # turns kept for paging back

# What a loss, a gain or an arrow taken is called in the line, by its cause; a character's or a
# card's cause is its title (``cause_label``); a module's causes are declared by its package
# (``declare_loss_heading``, ``declare_gain_heading``, ``declare_arrow_heading``).
_LOSS_WORDS: Declared[str, str | Word] = Declared(
    {
        "indians": N_("Indians!"),
        "dynamite": N_("3 Dynamite!"),
        "gatling": N_("Gatling!"),
        "bullseye": N_("Shot"),
    },
    load=lambda: load_layer("table"),
)
LOSS_HEADINGS: Labels[str] = Labels(_LOSS_WORDS)
_GAIN_WORDS: Declared[str, str | Word] = Declared(
    {"beer": N_("Beer")}, load=lambda: load_layer("table")
)
GAIN_HEADINGS: Labels[str] = Labels(_GAIN_WORDS)
_ARROW_WORDS: Declared[str, str | Word] = Declared(
    {"dice": N_("Arrows")}, load=lambda: load_layer("table")
)
ARROW_HEADINGS: Labels[str] = Labels(_ARROW_WORDS)


def card_title(name: str) -> str:
    """A role card by its title (a special one), or an option's label (a normal card)."""
    return SPECIAL_ROLES[name].title if name in SPECIAL_ROLES else OPTION_LABELS.get(name, name)


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
    return tuple((p.life, p.arrows + len(game.tokens_held(p))) for p in game.players)


@dataclass(frozen=True)
class Change:
    """What a press did to one seat's life and arrows: numbers, so that a panel draws them in
    any language (an arrow icon beside the count) and the console says them in words."""

    life: int = 0
    arrows: int = 0


NO_CHANGE = Change()


def change_marks(before: Tokens, after: Tokens) -> dict[int, Change]:
    """Each engine seat whose life or arrows changed, and by how much."""
    marks = {}
    for seat, ((life0, arrows0), (life1, arrows1)) in enumerate(zip(before, after, strict=True)):
        if (life0, arrows0) != (life1, arrows1):
            marks[seat] = Change(life1 - life0, arrows1 - arrows0)
    return marks


def change_said(change: Change) -> str:
    """A seat's change in words: "-2", "+1", "+arrow", "-1 +2 arrows"."""
    parts = []
    if change.life:
        parts.append(f"{change.life:+d}")
    delta = change.arrows
    if delta > 0:
        parts.append(_words.ngettext("+arrow", "+{count} arrows", delta).format(count=delta))
    elif delta < 0:
        parts.append(_words.ngettext("-arrow", "-{count} arrows", -delta).format(count=-delta))
    return " ".join(parts)


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
    marks = {seat: _("hit x{count}").format(count=n) for seat, n in enumerate(hits) if n}
    if d.spec.marks_beers:
        beers = Counter(target for _die, target in scratch.beers)
        marks |= {seat: _("beer x{count}").format(count=n) for seat, n in beers.items()}
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
    before: Game | None = None,
) -> str:
    """One line for what the rules did on their own; '' when there is nothing to tell.

    ``automatic`` lists the choices the table made because only one answer was legal, so an
    automatically assigned Bull's Eye is said like the rest. Seats are named by their physical
    numbers (``seats`` maps the engine's seats to them). ``before``, the game before the
    press, tells a Beer given to a seat at full life (it gains nothing, no event says so).
    """
    line = _Line(seats)
    full = set() if before is None else _at_full_life(before)
    auto_targets = {
        (d.die, a.seat) for d, a in automatic if isinstance(a, ChooseSeat) and d.die is not None
    }
    next_turn = None
    for event in events:
        match event:
            case IndiansAttacked():
                line.start(LOSS_HEADINGS["indians"])
            case DynamiteExploded():
                line.start(LOSS_HEADINGS["dynamite"])
            case GatlingFired():
                line.start(LOSS_HEADINGS["gatling"])
            case LifeLost(seat=seat, amount=amount, cause=cause):
                line.under(LOSS_HEADINGS.get(cause) or cause_label(cause), seat, -amount)
            case LifeGained(seat=seat, amount=amount, cause=cause):
                line.under(GAIN_HEADINGS.get(cause) or cause_label(cause), seat, amount)
            case ArrowTaken(seat=seat, cause=cause):
                line.under(ARROW_HEADINGS.get(cause) or cause_label(cause), seat, 1)
            case ArrowsDiscarded(cause="indians"):
                line.later(_("arrows back"))
            case ArrowsDiscarded(seat=seat, count=count, cause="gatling"):
                dropped = _words.ngettext(
                    "{seat} drops {count} arrow", "{seat} drops {count} arrows", count
                )
                line.later(dropped.format(seat=line.seat(seat), count=count))
            case ArrowsDiscarded(seat=seat, cause=cause) if cause != "eliminated":
                line.under(_("Arrow dropped"), seat)
            case ResultAssigned(die=die, symbol=symbol, target=target) if (
                die,
                target,
            ) in auto_targets:
                label = SYMBOL_LABELS.get(symbol, symbol)
                # no die named: a result may be past the dice (a module's)
                line.say(
                    _("{result} to {seat}, the only choice").format(
                        result=label, seat=line.seat(target)
                    )
                )
            case PlayerEliminated(seat=seat):
                line.say(_("seat {seat} OUT").format(seat=line.seat(seat)))
            case RoleRevealed(seat=seat, role=role):
                labels = {str(r): label for r, label in ROLE_LABELS.items()}
                said = labels.get(role, role)
                line.say(_("{seat} was {role}").format(seat=line.seat(seat), role=said))
            case LastOneStanding():
                line.say(_("last one standing"))
            case TurnStarted(seat=seat):
                next_turn = _("seat {seat}'s turn").format(seat=line.seat(seat))
            case GameOver(side=side):
                line.say(SIDE_LABELS.get(side, side))
            case NoLegalAnswer(seat=seat, decision=decision):
                question = question_said(DecisionKind(decision))
                line.say(
                    _("seat {seat} not asked {question}: no answer fits").format(
                        seat=line.seat(seat), question=question
                    )
                )
            case ResultAssigned(symbol="beer", target=target) if target in full:
                line.under(_("Beer at full life"), target)
            case _:
                _tell_more(line, event)
    text = line.text()
    if next_turn is not None and text:
        text = f"{text}; {next_turn}"
    return text


def _at_full_life(game: Game) -> set[int]:
    return {
        seat
        for seat, p in enumerate(game.players)
        if p.alive and p.life >= p.max_life and not returned(p)
    }


def _tell_more(line: _Line, event: Event) -> None:
    """The events of the expansions' modules, each said in a phrase of its own."""
    seat = line.seat
    match event:
        case GameEndWaiting(side=side):
            said = _("{side} unless a role card is revealed now")
            line.say(said.format(side=SIDE_LABELS.get(side, side)))
        case ExtraTurn(seat=who):
            line.say(_("{seat} plays another turn").format(seat=seat(who)))
        case _:
            told = STORY.get(type(event))
            if told is not None:
                told(line, event)


# A line being told, as a module's package adds to it: ``under`` a heading, ``say`` a phrase,
# ``seat`` a seat's physical number.
StoryLine = _Line
# A module's own events, each told by its package's words (``declare_story``).
STORY: Declared[type[Event], Callable[[StoryLine, Any], None]] = Declared(
    load=lambda: load_layer("table")
)


def declare_story(kind: type[Event], told: Callable[[StoryLine, Any], None]) -> None:
    """How the story tells a module's event ``kind``; ValueError when it is told already."""
    STORY.add(kind, told, "story of the event")


# A phrase for a module's event, given the event and the physical number of an engine seat.
EventLine = Callable[[Any, Callable[[int], int]], str]


def declare_line(kind: type[Event], phrase: EventLine) -> None:
    """The story says ``phrase`` for a module's event ``kind`` (``declare_story``, said
    whole)."""
    declare_story(kind, lambda line, event: line.say(phrase(event, line.seat)))


# A module's event that a reveal the box makes (a ``WindowAction``) begins with, the reveal
# itself: the box's own line says it, so the story of that press leaves it out.
BOX_SAYS: Declared[type[Event], bool] = Declared(load=lambda: load_layer("table"))


def declare_loss_heading(cause: str, heading: str | Word) -> None:
    """What the line calls a loss of a module's ``cause`` (its package's ``Word``); ValueError
    when the cause has a heading."""
    _LOSS_WORDS.add(cause, heading, "heading of the loss")


def declare_arrow_heading(cause: str, heading: str | Word) -> None:
    """What the line calls an arrow taken for a module's ``cause`` (its package's ``Word``);
    ValueError when the cause has a heading."""
    _ARROW_WORDS.add(cause, heading, "heading of the arrow")


def declare_gain_heading(cause: str, heading: str | Word) -> None:
    """What the line calls a gain of a module's ``cause`` (its package's ``Word``); ValueError
    when the cause has a heading."""
    _GAIN_WORDS.add(cause, heading, "heading of the gain")


def declare_said_by_the_box(kind: type[Event]) -> None:
    """The box's line for a reveal it makes says the module's event ``kind``; ValueError when
    it is declared already."""
    BOX_SAYS.add(kind, True, "reveal said by the box")


@dataclass(frozen=True)
class Told:
    """A press told: its line, each engine seat's change, the actions taken by then, and the
    press as the history keeps it."""

    line: str
    marks: dict[int, Change]
    steps: int
    press: Press


# A step as retold: the game before the action, the action, whether the table made it itself
# (the only legal answer), whether the box chose it for a seat it plays.
Retold = tuple[Game, Action, bool, bool]

# Life and arrows of every seat and the arrows in the pile: what a reveal goes back to.
Counts = tuple[tuple[int, ...], tuple[int, ...], int]


@dataclass(frozen=True)
class Press:
    """A press as the history keeps it: its turn and dice to page by, its events to tell it
    again when a reveal undoes part of it (Old Saloon 3)."""

    step: int  # actions taken once it was made
    turn: int  # the number of the turn it belongs to
    seat: int  # the physical seat whose turn it is
    dice: tuple[str, ...]  # the dice showing after it, in that turn
    counts: Counts  # before it
    events: tuple[Event, ...]
    automatic: tuple[tuple[Decision, Action], ...]
    said: str  # the box's own choice, said before what the rules did ('' for a person's, or
    # when the rules' line says it whole: 'The Doc turns die 3 to Dynamite')
    opened: tuple[int, int]  # the open moments it opened (Old Saloon 3): from, to (not incl.)
    window: int | None  # a reveal: the moment it went back to
    seats: tuple[int, ...]  # the physical seats, in engine order
    text: str
    replaced: tuple[Press, ...] = ()  # what a reveal undid, back again if the reveal is undone


def counts(game: Game) -> Counts:
    players = game.players
    return tuple(p.life for p in players), tuple(p.arrows for p in players), game.pile


def press_of(
    step: int, made: Sequence[Retold], after: Game, events: Sequence[Event], seats: Sequence[int]
) -> Press:
    """The press of the actions ``made`` (a chosen one, then the automatic ones after it)."""
    before, chosen, _auto, box = made[0]
    automatic = tuple((b.pending, a) for b, a, auto, _ in made if auto and b.pending is not None)
    asked = before.pending
    said = box_line(asked, chosen, seats, before) if box and asked is not None else ""
    rolled = [e.all_faces for e in events if isinstance(e, DiceRolled)]
    same_turn = after.turn_number == before.turn_number
    dice = rolled[-1] if rolled else tuple(f for f in (after if same_turn else before).faces if f)
    shown = _unsaid(events) if said and isinstance(chosen, WindowAction) else events
    text = "; ".join(t for t in (said, tell(shown, seats, automatic, before)) if t)
    return Press(
        step=step,
        turn=before.turn_number,
        seat=seats[before.turn],
        dice=tuple(dice),
        counts=counts(before),
        events=tuple(events),
        automatic=automatic,
        said=said,
        opened=(_kept(before.open_moments, after.open_moments), len(after.open_moments)),
        window=chosen.window if isinstance(chosen, WindowAction) else None,
        seats=tuple(seats),
        text=text,
    )


def _unsaid(events: Sequence[Event]) -> list[Event]:
    """The events of a card the box revealed, but the reveal itself: the box's own line says
    it ('Seat 3 reveals The Doc: ...')."""
    found = next((e for e in events if type(e) in BOX_SAYS), None)
    return [e for e in events if e is not found]


def _kept(before: Sequence[object], after: Sequence[object]) -> int:
    """How many of the moments open before a press are still open after it (the rest were
    closed by the pending player's action, or taken back by a reveal)."""
    kept = 0
    while kept < min(len(before), len(after)) and before[kept] == after[kept]:
        kept += 1
    return kept


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
    for made in presses:
        events: list[Event] = []
        for before, action, _auto, _box in made:
            after = before.copy()
            events += after.apply(action)
        count += len(made)
        marks = change_marks(tokens(made[0][0]), tokens(after))
        press = press_of(count, made, after, events, seats)
        told.append(Told(press.text, marks, count, press))
    return told


def _counted(dice: Sequence[str]) -> str:
    """The dice in words, alike ones counted: "Beer x2, Gatling, Dynamite"."""
    found = Counter(FACE_LABELS.get(f, f) for f in dice)
    return ", ".join(
        label if n == 1 else _("{face} x{count}").format(face=label, count=n)
        for label, n in found.items()
    )


def _cut(press: Press, rewound: Rewound) -> int:
    """How many of the press's events came before the moment a reveal went back to: the
    longest start after which every seat's life and arrows and the pile are as at the moment."""
    life, arrows, pile = (list(press.counts[0]), list(press.counts[1]), press.counts[2])
    target = (list(rewound.life), list(rewound.arrows), rewound.pile)
    found = 0 if (life, arrows, pile) == target else None
    for n, event in enumerate(press.events, start=1):
        match event:
            case LifeLost(seat=seat, life=now) | LifeGained(seat=seat, life=now):
                life[seat] = now
            case ArrowTaken(seat=seat, pile=left):
                arrows[seat], pile = arrows[seat] + 1, left
            case ArrowsDiscarded(seat=seat, count=count, pile=left):
                arrows[seat], pile = max(0, arrows[seat] - count), left
        if (life, arrows, pile) == target:
            found = n
    return found or 0


@dataclass(frozen=True)
class TurnTold:
    """One turn of the history: its number, whose (the physical seat), the dice kept in
    words, then what happened, press by press."""

    turn: int
    seat: int
    dice: str
    happened: tuple[str, ...]

    @property
    def line(self) -> str:
        return (
            _("Turn {turn}, seat {seat}: {told}")
            .format(turn=self.turn, seat=self.seat, told=self._body)
            .rstrip()
        )

    @property
    def _body(self) -> str:
        kept = f"{self.dice}." if self.dice else ""
        return " ".join(t for t in (kept, "; ".join(self.happened)) if t)

    def pages(self, fits: Callable[[str], bool]) -> list[str]:
        """The turn over as many pages as ``fits`` (a page shown whole) needs: the first says
        whose and the dice, "Turn 7, seat 4 (1/3): ...", the others "Turn 7 (2/3): ..."."""
        if fits(self.line):
            return [self.line]
        pieces = _PIECE_END.split(self._body)
        count = 2
        for _ in range(len(self._body.split()) + 1):  # the count's digits change the room
            pages = self._filled(pieces, count, fits)
            if len(pages) == count:
                break
            count = len(pages)
        return pages

    def _filled(self, pieces: list[str], count: int, fits: Callable[[str], bool]) -> list[str]:
        """Each page filled with whole pieces (the dice, then what happened, "Shot 3: -1"), a
        piece too long for a page word by word (a word too long stands alone: the console-fit
        test names it)."""
        pages: list[str] = []
        rest = list(pieces)
        while rest:
            n = len(pages) + 1
            if n == 1:
                head = _("Turn {turn}, seat {seat} ({page}/{pages}):")
            else:
                head = _("Turn {turn} ({page}/{pages}):")
            page = head.format(turn=self.turn, seat=self.seat, page=n, pages=count)
            if not fits(f"{page} {rest[0]}"):
                words = rest.pop(0).split()
                page = f"{page} {words.pop(0)}"
                while words and fits(f"{page} {words[0]}"):
                    page = f"{page} {words.pop(0)}"
                rest[:0] = [" ".join(words)] if words else []
            while rest and fits(f"{page} {rest[0]}"):
                page = f"{page} {rest.pop(0)}"
            pages.append(page)
        return pages


_PIECE_END = re.compile(r"(?<=[.;]) ")  # a turn's story breaks after its sentences and events


@dataclass
class History:
    """The game's presses, paged by turn, newest first; each press knows how many actions it
    came after, so an undo takes back exactly what it undid, and a reveal what it went back on.
    ``keep``: the turns kept for paging back on the console (None: all, a finished game's
    page)."""

    presses: list[Press] = field(default_factory=list)
    # What a reveal undid and the rules have not yet done again: not said a second time.
    undone: Counter[Event] = field(default_factory=Counter)
    keep: int | None = HISTORY

    def add(self, press: Press) -> str:
        """Keep a press; its line for the console (after a reveal, only what it changed)."""
        if press.events and isinstance(press.events[0], Rewound) and press.window is not None:
            return self._rewind(press, press.events[0], press.window)
        self.presses.append(press)
        self._trim()
        if not self.undone:
            return press.text
        new = [e for e in press.events if not _take(self.undone, e)]
        if len(new) == len(press.events):
            self.undone = Counter()  # the rules are past what the reveal went back on
            return press.text
        return "; ".join(t for t in (press.said, tell(new, press.seats, press.automatic)) if t)

    def _rewind(self, press: Press, rewound: Rewound, window: int) -> str:
        """A reveal went back to an open moment: the presses since it leave the history, the
        one it opened in keeps what came before it and takes what happened instead."""
        openers = [i for i, p in enumerate(self.presses) if p.opened[0] <= window < p.opened[1]]
        if not openers:
            self.presses.append(press)
            return press.text
        start = openers[-1]
        opened, later = self.presses[start], self.presses[start + 1 :]
        cut = _cut(opened, rewound)
        undone = Counter([*opened.events[cut:], *(e for p in later for e in p.events)])
        redone = list(press.events[1:])
        told = _unsaid(redone) if press.said else redone  # the box's line says its reveal
        new = [e for e in told if not _take(undone, e)]
        self.undone = undone
        seats = press.seats
        line = "; ".join(t for t in (press.said, tell(new, seats, press.automatic)) if t)
        events = (*opened.events[:cut], *redone)
        automatic = opened.automatic + press.automatic
        shown = (*opened.events[:cut], *told)
        text = "; ".join(t for t in (opened.said, tell(shown, seats, automatic)) if t)
        if press.said:
            text = f"{text}; {press.said}" if text else press.said
        merged = replace(
            press,
            turn=opened.turn,
            seat=opened.seat,
            counts=opened.counts,
            events=events,
            automatic=automatic,
            said=opened.said,
            text=text,
            replaced=tuple(self.presses[start:]),
        )
        self.presses[start:] = [merged]
        return line

    def undo_to(self, step: int) -> None:
        """Forget the presses beyond ``step`` (they were undone); what an undone reveal went
        back on is back."""
        while self.presses and self.presses[-1].step > step:
            self.presses += self.presses.pop().replaced
            self.undone = Counter()

    def _trim(self) -> None:
        turns = sorted({p.turn for p in self.presses})
        if self.keep is not None and len(turns) > self.keep:
            oldest = turns[-self.keep]
            self.presses = [p for p in self.presses if p.turn >= oldest]

    @property
    def turns(self) -> list[TurnTold]:
        """One page a turn, oldest first: its number, whose, the dice kept, then its events."""
        pages: list[tuple[int, int, tuple[str, ...], list[str]]] = []
        for p in self.presses:
            if not pages or pages[-1][:2] != (p.turn, p.seat):
                pages.append((p.turn, p.seat, (), []))
            turn, seat, dice, texts = pages[-1]
            if p.text:
                texts.append(p.text)
            pages[-1] = (turn, seat, p.dice or dice, texts)
        return [
            TurnTold(turn, seat, _counted(dice), tuple(texts))
            for turn, seat, dice, texts in pages
            if dice or texts
        ]

    @property
    def lines(self) -> list[str]:
        """The turns, each in one line: "Turn 3, seat 2: Beer x2, Gatling. Gatling! 1: -1"."""
        return [t.line for t in self.turns]

    def pages(self, fits: Callable[[str], bool]) -> list[str]:
        """The console's pages, newest turn first, each turn over the pages it needs."""
        return [page for turn in reversed(self.turns) for page in turn.pages(fits)]


def _take(undone: Counter[Event], event: Event) -> bool:
    """Whether ``event`` happened already before the reveal (and is said once only)."""
    if undone[event] > 0:
        undone[event] -= 1
        return True
    return False
