"""Undead or Alive, Module 1 in the words of the table: its label, its decisions' questions and
answers, and the story's lines for duels and Wound tokens."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.engine import (
    CHARACTERS,
    Action,
    Choose,
    ChooseSeat,
    Decision,
    Event,
    Game,
    PlayerState,
    ResultsCancelled,
    Roll,
)
from companion.i18n import Catalogue
from companion.table.chores import declare_chore
from companion.table.labels import (
    FACE_LABELS,
    SYMBOL_LABELS,
    SYMBOL_LETTERS,
    declare_cause_label,
    declare_die_label,
    declare_symbol_name,
)
from companion.table.module_words import ModuleWords, Pieces, declare_module_words
from companion.table.prompts import declare_expansion_label, declare_module_label
from companion.table.refusals import declare_refusal
from companion.table.story import declare_gain_heading, declare_line, declare_loss_heading
from companion.table.view import declare_dice_apart, declare_face_drawing
from companion.table.words import (
    Answered,
    Asked,
    Words,
    declare_question,
    declare_words,
    roll_told,
    seat_told,
)

from .events import DuelChallenged, DuelLost, DuelRolled, WoundDrawn, WoundsReturned
from .rules import (
    DUEL_DIE,
    DUEL_FACE,
    DUEL_REROLL,
    DUEL_ROLL,
    DUEL_TARGET,
    ID,
    WHICH_WOUND,
    WHISKEY_FACE,
    WOUND_TOKEN,
    WOUNDS_PILE,
    challenged,
    wounds_of,
)

Seat = Callable[[int], int]

_words = Catalogue(__package__)
_ = _words.gettext
N_ = _words.word

declare_module_label(ID, N_("Duel dice"))
declare_expansion_label(ID.partition(".")[0], N_("Undead or Alive"))  # the box it comes in
declare_symbol_name(DUEL_FACE, N_("Duel"))
declare_symbol_name(WHISKEY_FACE, N_("Whiskey"))
declare_face_drawing(
    DUEL_FACE,
    (
        "..............",
        "########......",
        "########......",
        "###.#.........",
        "##............",
        "##............",
        "..............",
        "..............",
        "......########",
        "......########",
        ".........#.###",
        "............##",
        "............##",
        "..............",
    ),
)
declare_face_drawing(
    WHISKEY_FACE,
    (
        "......##......",
        "......##......",
        ".....####.....",
        ".....####.....",
        ".....####.....",
        "....######....",
        "...########...",
        "...########...",
        "...#......#...",
        "...#.#..#.#...",
        "...#..##..#...",
        "...#.#..#.#...",
        "...#......#...",
        "...########...",
    ),
)
declare_dice_apart(DUEL_DIE)
declare_die_label(DUEL_DIE, N_("Duel die"))
# The causes of this module's losses and gains, as the story line says them.
declare_cause_label("duel", N_("Duel"))
declare_cause_label("whiskey", N_("Whiskey"))
declare_cause_label("whiskey_wound", N_("Whiskey"))
declare_cause_label("draw_wound", N_("Wound token"))
declare_loss_heading("duel", N_("Duel lost"))
declare_gain_heading("whiskey", N_("Whiskey"))


def _pieces(p: PlayerState) -> Pieces:
    """The Wound tokens a seat holds, face up ("W1D")."""
    tokens = sorted(wounds_of(p))
    page = (("wounds", tuple(SYMBOL_LABELS.get(t, FACE_LABELS.get(t, t)) for t in tokens)),)
    if not tokens:
        return Pieces(page=page)
    letters = "".join(SYMBOL_LETTERS[t] for t in tokens)
    said = ", ".join(FACE_LABELS.get(t, t) for t in tokens)
    return Pieces(
        # Translators: "W" for Wound tokens, then one letter per token
        (_("W{letters}").format(letters=letters),),
        (_("Wound tokens: {tokens}").format(tokens=said),),
        page,
    )


declare_module_words(ID, ModuleWords(pieces=_pieces))


def _duel_roll_prompt(q: Asked) -> str:
    assert q.d.target is not None
    return _("Duel with seat {other}: SEAT{seat} rolls the Duel die").format(
        other=q.seats[q.d.target], seat=q.seat
    )


def _roller(q: Asked) -> str:
    """The character whose ability re-rolls the Duel die (only a character's may)."""
    return CHARACTERS[q.game.players[q.d.seat].character].title


def _wound_discarded(t: Answered) -> str | None:
    if isinstance(t.action, Choose):
        token = SYMBOL_LABELS.get(t.action.option) or _("Dynamite")
        return _("discards a {token} Wound token").format(token=token)
    return None


declare_words(
    DUEL_TARGET,
    Words(
        lambda q: _("Duel: challenge whom? SEAT"),
        seat_told(lambda t, target: _("challenges {seat} to a duel").format(seat=t.seat(target))),
    ),
)
declare_words(DUEL_ROLL, Words(_duel_roll_prompt, roll_told(lambda roll: _("rolls the Duel die"))))
declare_words(
    DUEL_REROLL,
    Words(
        lambda q: _("{character}: re-roll the Duel die? SEAT{seat}: yes; DONE: no").format(
            character=_roller(q), seat=q.seat
        ),
        roll_told(lambda roll: _("re-rolls the Duel die"), N_("keeps the Duel die")),
    ),
)
declare_words(
    WOUND_TOKEN,
    Words(
        lambda q: _("Seat {seat}: which Wound token? draw, press its DIE").format(seat=q.seat), None
    ),
)
declare_words(
    WHICH_WOUND,
    Words(
        lambda q: _("Whiskey: seat {seat} discards which Wound token? DIE").format(seat=q.seat),
        _wound_discarded,
    ),
)


def _token(symbol: str) -> str:
    return SYMBOL_LABELS.get(symbol, FACE_LABELS.get(symbol, symbol))


def _cancelled(e: ResultsCancelled, seat: Seat) -> str:
    return _("{seat}'s Wound token cancels {count} {face}").format(
        seat=seat(e.seat), count=e.count, face=FACE_LABELS[e.symbol]
    )


def _drawn(e: WoundDrawn, seat: Seat) -> str:
    if e.kept:
        return _("{seat} takes a {token} Wound token").format(
            seat=seat(e.seat), token=_token(e.token)
        )
    return _("{seat} already has a {token} Wound token: it goes back").format(
        seat=seat(e.seat), token=_token(e.token)
    )


def _returned(e: WoundsReturned, seat: Seat) -> str:
    names = ", ".join(_token(t) for t in e.tokens)
    said = _words.ngettext(
        "{seat} gives back Wound token {tokens}",
        "{seat} gives back Wound tokens {tokens}",
        len(e.tokens),
    )
    return said.format(seat=seat(e.seat), tokens=names)


def _rolled(e: DuelRolled, seat: Seat) -> str:
    rolled = ", ".join(FACE_LABELS.get(f, f) for f in e.faces)
    return _("{seat}'s Duel die: {faces}").format(seat=seat(e.seat), faces=rolled)


declare_line(ResultsCancelled, _cancelled)
declare_line(WoundDrawn, _drawn)
declare_line(WoundsReturned, _returned)
declare_line(
    DuelChallenged,
    lambda e, seat: _("Duel: {seat} against {other}").format(
        seat=seat(e.seat), other=seat(e.target)
    ),
)
declare_line(DuelRolled, _rolled)
declare_line(
    DuelLost,
    lambda e, seat: _("{winner} wins the duel against {seat}").format(
        winner=seat(e.winner), seat=seat(e.seat)
    ),
)
declare_question(DUEL_TARGET, N_("whom do you challenge to a duel"))
declare_question(DUEL_ROLL, N_("roll the Duel die"))
declare_question(DUEL_REROLL, N_("re-roll the Duel die or keep it"))
declare_question(WOUND_TOKEN, N_("which Wound token did you draw"))
declare_question(WHICH_WOUND, N_("discard which Wound token"))


def _target_refused(game: Game, d: Decision, action: Action, seats: Sequence[int]) -> str | None:
    """The rules' reasons (``rules._explain_duel_target``) in the table's words."""
    if isinstance(action, ChooseSeat):
        if action.seat == game.turn:
            return _("You cannot challenge yourself to a duel.")
        if action.seat in challenged(game):
            said = _("Seat {seat} already has a Duel die this turn: one per player.")
            return said.format(seat=seats[action.seat])
    return None


def _roll_refused(game: Game, d: Decision, action: Action, seats: Sequence[int]) -> str | None:
    """The rules' reason (``rules._explain_duel_roll``) in the table's words."""
    if isinstance(action, Roll):
        said = _("Seat {seat} rolls the Duel die {die}, and only that die.")
        return said.format(seat=seats[d.seat], die=(d.die or 0) + 1)
    return None


declare_refusal(DUEL_TARGET, _target_refused)
declare_refusal(DUEL_ROLL, _roll_refused)
declare_refusal(DUEL_REROLL, _roll_refused)


def _drawn_chores(
    event: WoundDrawn, before: Event | None, seats: Sequence[int], real: frozenset[str]
) -> list[tuple[int, str]]:
    """From the simulated pile the seat takes the real token the box drew; from the real pile
    the seat has just entered it, and only a token that goes back is said."""
    label = SYMBOL_LABELS.get(event.token) or _("Dynamite")
    drawn_for_real = WOUNDS_PILE in real
    if event.kept and not drawn_for_real:
        return [(event.seat, _("+Wound: {token}").format(token=label))]
    if not event.kept and drawn_for_real:
        return [(event.seat, _("{token} back: lucky").format(token=label))]
    return []


def _returned_chores(
    event: WoundsReturned, before: Event | None, seats: Sequence[int], real: frozenset[str]
) -> list[tuple[int, str]]:
    return [(event.seat, _("Wound tokens back"))]


declare_chore(WoundDrawn, _drawn_chores)
declare_chore(WoundsReturned, _returned_chores)
