"""Special roles at the table: the words of the powers' decisions and of the card an eliminated
seat shows, the module's name on the console, its story lines, and the question older journals
never asked (whether The Left Hand saves, with physical cards), and its question at set-up
(physical cards mixed by type: whether the Sheriff's face-up card is The Bear)."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine import Accept, Role
from companion.i18n import Catalogue
from companion.table.journal import SAVE_FIRST_VERSION, declare_added_in
from companion.table.labels import FACE_LABELS, declare_card_effect, declare_option_label
from companion.table.prompts import declare_expansion_label, declare_module_label
from companion.table.setup_questions import SetupQuestion, SoFar, declare_setup_question
from companion.table.story import card_title, declare_line, declare_said_by_the_box
from companion.table.words import (
    Asked,
    Words,
    choice_told,
    declare_question,
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
    SpecialRoleRevealed,
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
_catalogue = Catalogue(__package__)
_ = _catalogue.gettext
N_ = _catalogue.word


def _ugly_prompt(q: Asked) -> str:
    if q.d.target is None:
        return _("The Ugly: whose arrows swap? the first SEAT")
    return _("The Ugly: whose arrows swap? the second SEAT")


def _chance_prompt(q: Asked) -> str:
    """The question first, short enough for seven seats at once (an Indian attack at eight)."""
    dying = [str(q.seats[int(s)]) for s in q.d.options]
    said = _catalogue.ngettext(
        "Save seat {seats} with The Left Hand? DONE: no",
        "Save seats {seats} with The Left Hand? DONE: no",
        len(dying),
    )
    return said.format(seats=", ".join(dying))


for _kind, _words in {
    DOC_DIE: Words(
        lambda q: _("The Doc: which die turns? its DIE"),
        die_told(lambda die: _("turns die {die}").format(die=die + 1)),
    ),
    DOC_FACE: Words(lambda q: _("The Doc: turn to? DIE"), turned),
    UGLY_SWAP: Words(
        _ugly_prompt,
        seat_told(lambda t, target: _("swaps the arrows of {seat}").format(seat=t.seat(target))),
    ),
    LEFT_HAND_TARGET: Words(
        lambda q: _("The Left Hand of the Devil: save whom? SEAT"),
        seat_told(lambda t, target: _("saves {seat}").format(seat=t.seat(target))),
    ),
    LEFT_HAND_DISCARD: Words(
        lambda q: _("Seat {seat}: discard all arrows? SEAT{seat}: yes; DONE: no").format(
            seat=q.seat
        ),
        yes_no(N_("discards all arrows"), N_("keeps the arrows")),
    ),
    LEFT_HAND_CHANCE: Words(_chance_prompt, None),
    ROLE_CARD: Words(
        lambda q: _("Seat {seat}: which card? its DIE").format(seat=q.seat),
        choice_told(
            lambda t: _("shows the special role card: {card}").format(card=t.option),
            normal=N_("shows a normal role card"),
        ),
    ),
}.items():
    declare_words(_kind, _words)

declare_module_label(ID, N_("Special roles"))
declare_expansion_label(ID.partition(".")[0], N_("Old Saloon"))  # the box it comes in
# Physical cards: whether The Left Hand saves is asked since journal version 3; an older
# journal's release never asked, and nobody saved.
declare_added_in(LEFT_HAND_CHANCE, SAVE_FIRST_VERSION, Accept())


def _revealed(e: SpecialRoleRevealed, seat: Seat) -> str:
    return _("{seat} reveals {card}").format(seat=seat(e.seat), card=card_title(e.card))


def _card_shown(e: RoleCardShown, seat: Seat) -> str:
    return _("{seat}'s role card: {card}").format(seat=seat(e.seat), card=card_title(e.card))


def _cancelled(e: RevealCancelled, seat: Seat) -> str:
    return _("The Judge {judge} cancels {seat}'s {card}").format(
        judge=seat(e.by), seat=seat(e.seat), card=card_title(e.card)
    )


def _sheriff_changed(e: SheriffChanged, seat: Seat) -> str:
    return _("{seat} is the Sheriff now, {old} a Deputy").format(seat=seat(e.seat), old=seat(e.old))


def _exchanged(e: ArrowsExchanged, seat: Seat) -> str:
    return _("{first} and {second} swap their arrows").format(
        first=seat(e.first), second=seat(e.second)
    )


def _turned(e: DieTurned, seat: Seat) -> str:
    return _("The Doc turns die {die} to {face}").format(
        die=e.die + 1, face=FACE_LABELS.get(e.face, e.face)
    )


def _heal_prevented(e: HealPrevented, seat: Seat) -> str:
    return _("The Bad: {seat} does not gain {count}").format(seat=seat(e.target), count=e.amount)


def _saved(e: EliminationAverted, seat: Seat) -> str:
    return _("The Left Hand saves {seat}").format(seat=seat(e.target))


declare_line(SpecialRoleRevealed, _revealed)
declare_said_by_the_box(SpecialRoleRevealed)  # "Seat 3 reveals The Doc: ..."
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
# What each card does, as the card says it (the seat's menu, the quick reference).
for _name, _effect in (
    ("the_bear", N_("play with 3 more life")),
    ("the_good", N_("become the Sheriff")),
    ("the_doc", N_("turn one die to any side")),
    ("the_judge", N_("cancel the role just shown")),
    ("the_gambler", N_("they re-roll all their dice")),
    ("the_bad", N_("they gain no life")),
    ("the_ugly", N_("swap all arrows of two players")),
    ("the_right_hand", N_("take another turn")),
    ("the_left_hand", N_("save a player at 2 life")),
):
    declare_card_effect(_name, _effect)
declare_question(DOC_DIE, N_("which die does The Doc turn"))
declare_question(DOC_FACE, N_("which face does The Doc turn it to"))
declare_question(UGLY_SWAP, N_("whose arrows does The Ugly exchange"))
declare_question(LEFT_HAND_TARGET, N_("whom does The Left Hand save"))
declare_question(LEFT_HAND_DISCARD, N_("discard all your arrows"))
declare_question(LEFT_HAND_CHANCE, N_("nobody saves the player about to be eliminated"))
declare_question(ROLE_CARD, N_("which role card is face up"))


# Physical cards mixed by type: the table says whether the Sheriff's face-up card is The Bear;
# with every card special, it is.
THE_BEAR = next(c for c in CARDS if c.name == "the_bear")
THE_BEAR_SHERIFF = "the_bear_sheriff"


def _bear_asked(so_far: SoFar) -> bool:
    return so_far.mixed and not so_far.dealt and Role.SHERIFF in so_far.roles.values()


def _sheriff_card(so_far: SoFar) -> str | None:
    bear = so_far.answers.get(THE_BEAR_SHERIFF, not so_far.mixed)
    return THE_BEAR.name if bear else None


declare_setup_question(
    ID,
    SetupQuestion(
        THE_BEAR_SHERIFF,
        asked=_bear_asked,
        prompt=lambda: _("Sheriff's card: DIE1 {bear}, DIE2 a normal Sheriff").format(
            bear=THE_BEAR.title
        ),
        answers=(True, False),
        sheriff_card=_sheriff_card,
    ),
)
