"""Special roles at the table: the words of the powers' decisions and of the card an eliminated
seat shows, the module's name on the console, its story lines, and the question older journals
never asked (whether The Left Hand saves, with physical cards)."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine import Accept
from companion.table.journal import SAVE_FIRST_VERSION, declare_added_in
from companion.table.labels import FACE_LABELS, declare_option_label
from companion.table.prompts import declare_module_label
from companion.table.story import card_title, declare_line
from companion.table.words import (
    Asked,
    Words,
    choice_told,
    declare_words,
    die_told,
    seat_told,
    turned,
    yes_no,
)

from .events import (
    ArrowsExchanged,
    DieTurned,
    EliminationAverted,
    HealPrevented,
    RevealCancelled,
    RoleCardShown,
    SheriffChanged,
)
from .rules import (
    CARDS,
    DOC_DIE,
    DOC_FACE,
    ID,
    LEFT_HAND_CHANCE,
    LEFT_HAND_DISCARD,
    LEFT_HAND_TARGET,
    ROLE_CARD,
    UGLY_SWAP,
)

Seat = Callable[[int], int]


def _ugly_prompt(q: Asked) -> str:
    which = "first" if q.d.target is None else "second"
    return f"The Ugly: whose arrows swap? the {which} SEAT"


def _chance_prompt(q: Asked) -> str:
    """The question first, short enough for seven seats at once (an Indian attack at eight)."""
    dying = [str(q.seats[int(s)]) for s in q.d.options]
    who = f"seat {dying[0]}" if len(dying) == 1 else f"seats {', '.join(dying)}"
    return f"Save {who} with The Left Hand? DONE: no"


for _kind, _words in {
    DOC_DIE: Words(
        lambda q: "The Doc: which die turns? its DIE",
        die_told(lambda die: f"turns die {die + 1}"),
    ),
    DOC_FACE: Words(lambda q: "The Doc: turn to? DIE", turned),
    UGLY_SWAP: Words(
        _ugly_prompt,
        seat_told(lambda t, target: f"swaps the arrows of {t.seat(target)}"),
    ),
    LEFT_HAND_TARGET: Words(
        lambda q: "The Left Hand of the Devil: save whom? SEAT",
        seat_told(lambda t, target: f"saves {t.seat(target)}"),
    ),
    LEFT_HAND_DISCARD: Words(
        lambda q: f"Seat {q.seat}: discard all arrows? SEAT{q.seat}: yes; DONE: no",
        yes_no("discards all arrows", "keeps the arrows"),
    ),
    LEFT_HAND_CHANCE: Words(_chance_prompt, None),
    ROLE_CARD: Words(
        lambda q: f"Seat {q.seat}: which card? its DIE",
        choice_told(
            lambda t: f"shows the special role card: {t.option}",
            normal="shows a normal role card",
        ),
    ),
}.items():
    declare_words(_kind, _words)

declare_module_label(ID, "Special roles")
# Physical cards: whether The Left Hand saves is asked since journal version 3; an older
# journal's release never asked, and nobody saved.
declare_added_in(LEFT_HAND_CHANCE, SAVE_FIRST_VERSION, Accept())


def _card_shown(e: RoleCardShown, seat: Seat) -> str:
    return f"{seat(e.seat)}'s role card: {card_title(e.card)}"


def _cancelled(e: RevealCancelled, seat: Seat) -> str:
    return f"The Judge {seat(e.by)} cancels {seat(e.seat)}'s {card_title(e.card)}"


def _sheriff_changed(e: SheriffChanged, seat: Seat) -> str:
    return f"{seat(e.seat)} is the Sheriff now, {seat(e.old)} a Deputy"


def _exchanged(e: ArrowsExchanged, seat: Seat) -> str:
    return f"{seat(e.first)} and {seat(e.second)} swap their arrows"


def _turned(e: DieTurned, seat: Seat) -> str:
    return f"The Doc turns die {e.die + 1} to {FACE_LABELS.get(e.face, e.face)}"


def _heal_prevented(e: HealPrevented, seat: Seat) -> str:
    return f"The Bad: {seat(e.target)} does not gain {e.amount}"


def _saved(e: EliminationAverted, seat: Seat) -> str:
    return f"The Left Hand saves {seat(e.target)}"


declare_line(RoleCardShown, _card_shown)
declare_line(RevealCancelled, _cancelled)
declare_line(SheriffChanged, _sheriff_changed)
declare_line(ArrowsExchanged, _exchanged)
declare_line(DieTurned, _turned)
declare_line(HealPrevented, _heal_prevented)
declare_line(EliminationAverted, _saved)

# The role card an eliminated seat shows: each special card by its title.
for _card in CARDS:
    declare_option_label(_card.name, _card.title.removesuffix(" of the Devil"))
