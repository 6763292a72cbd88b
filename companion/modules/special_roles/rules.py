"""Old Saloon, Module 3: the nine special roles, revealed at moments that may be others' turns.

Each card with a moment is offered as a ``RevealSpecial`` at that moment's window (``moments.py``)
to every seat that could hold it: with dealt roles the seat that does, with secret cards any
living seat whose role is still hidden and whose type the role mix still allows. A reveal turns
the card face up (its power is used once, or cancelled by The Judge), opens the Judge's moment,
then applies the power to the game as it was at the card's moment. An eliminated player's card
is turned face up (with physical secret cards the table enters which): a special card shown so
is used, and no other seat may claim it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.engine import (
    CHARACTERS,
    DICE,
    DYNAMITE_LIMIT,
    JSON_KEY,
    NORMAL_CARD,
    SPECIAL_ROLES,
    Accept,
    Action,
    Answer,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decision,
    DecisionKind,
    DiceRolled,
    DynamiteExploded,
    ModuleInfo,
    ModuleRules,
    Part,
    PlayerState,
    RevealSpecial,
    Role,
    RuleGame,
    Spec,
    SpecialRole,
    StateError,
    WindowAction,
    decision,
    declare_card_reader,
    declare_kind,
    declare_module,
    dice_a_reveal_rolls,
    moment_steps,
    one_of_options,
    opening,
    recorded,
    returned,
    role_announced,
    secret,
    seizer,
    setup_parts,
    state_parts,
    step,
    still,
    unrevealed_pool,
    yes_no,
)
from companion.engine.steps import Step, end_turn, gain, resolve, roll_effects

from .dealing import SpecialsSetup
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

BEAR_SHERIFF_BONUS = 3  # ruling 10: "The Bear" plays with three additional bullets
# The nine cards, each role's: The Bear face up from the start, the others revealed at their
# moment (``SpecialRole``); the table's quick reference in a few words.
CARDS = (
    SpecialRole(
        "the_bear",
        "The Bear",
        Role.SHERIFF,
        None,
        "own",
        "Sheriff with +3 life",
        sheriff_bonus=BEAR_SHERIFF_BONUS,
    ),
    SpecialRole(
        "the_good",
        "The Good",
        Role.DEPUTY,
        "turn_start",
        "own",
        "become Sheriff",
        takes_the_star=True,
    ),
    SpecialRole(
        "the_doc",
        "The Doc",
        Role.DEPUTY,
        "roll",
        "any",
        "turn one die",
        changes_apart="duel_face",
    ),
    SpecialRole(
        "the_judge",
        "The Judge",
        Role.DEPUTY,
        "reveal",
        "other",
        "cancel that role",
        changes="power",
    ),
    SpecialRole(
        "the_gambler",
        "The Gambler",
        Role.OUTLAW,
        "last_roll",
        "other",
        "re-roll all",
        rerolls=True,
        changes="resolve",
    ),
    SpecialRole(
        "the_bad", "The Bad", Role.OUTLAW, "gain", "other", "cancel this heal", changes="gain"
    ),
    SpecialRole("the_ugly", "The Ugly", Role.OUTLAW, "turn_start", "own", "swap two arrows"),
    SpecialRole(
        "the_right_hand",
        "The Right Hand of the Devil",
        Role.RENEGADE,
        "turn_end",
        "own",
        "take another turn",
        changes="end_turn",
    ),
    SpecialRole(
        "the_left_hand",
        "The Left Hand of the Devil",
        Role.RENEGADE,
        "eliminate",
        "any",
        "save at 2 life",
        changes="lose",
    ),
)
ID = declare_module(
    "old_saloon.3",
    ModuleInfo("Special Roles", min_players=4, role_cards=True),
    special_roles=CARDS,
)


def _sees_card(player: Any, seat: int) -> bool:
    """A seat sees its own card, and every seat sees it once face up."""
    return bool(player.seat == seat or player.parts[SpecialCard.index].special_shown)


@dataclass(frozen=True, slots=True)
class SpecialCard(Part):
    """The special role card the engine knows this seat holds (None: a normal card, or one it
    does not know), and whether it is face up (its power used or cancelled, or its holder
    eliminated). Its JSON key is the one written before the card was the module's part."""

    special_card: str | None = field(
        default=None, metadata={JSON_KEY: "special", **secret(sees=_sees_card)}
    )
    special_shown: bool = False


state_parts(ID, player=(SpecialCard, "alive"))
setup_parts(ID, (SpecialsSetup, "modules"))


def holding(player: Any) -> SpecialCard:
    """The card part of ``player`` (or of the parts of a player as a seat sees them)."""
    held: SpecialCard = player.parts[SpecialCard.index]
    return held


def _shown(player: PlayerState) -> str | None:
    """The card ``player`` shows face up, or None."""
    held = holding(player)
    return held.special_card if held.special_shown else None


def _read_card(player: Any) -> tuple[str | None, bool]:
    held = holding(player)
    return held.special_card, held.special_shown


declare_card_reader(_read_card)


def _deal(game: RuleGame) -> None:
    """Each seat's dealt card; the Sheriff's face up from the start (The Bear)."""
    dealt, sheriff = SpecialsSetup.of(game.setup).specials, game.setup.sheriff_seat()
    if dealt is None:
        return
    for p in game.players:
        if dealt[p.seat] is not None:
            SpecialCard(dealt[p.seat], p.seat == sheriff).put(p)


# Why a pending decision of a state read back could not be asked now (None: it could).
Fits = Callable[[RuleGame, Decision], "str | None"]
# Who may reveal which card at a kind of moment: (game, the moment's arguments, actual).
Offers = Callable[[RuleGame, list[Any], bool], list[WindowAction]]


# ===================================================== the decisions' needs of a state read


def _holds(card: str) -> Fits:
    """A power's decision: the seat revealed ``card``."""

    def fits(game: RuleGame, d: Decision) -> str | None:
        held = holding(game.players[d.seat])
        if held.special_card != card or not held.special_shown:
            return f"the seat revealed {SPECIAL_ROLES[card].title} (special {held.special_card!r})"
        return None

    return fits


def _doc_face(game: RuleGame, d: Decision) -> str | None:
    problem = _holds("the_doc")(game, d)
    if problem is not None:
        return problem
    if d.die is None or not 0 <= d.die < len(game.dice_kinds):
        return f"die {d.die} is not a die"
    sides = tuple(dict.fromkeys(DICE[game.dice_kinds[d.die]]))
    if d.options != sides:
        return f"options {list(d.options)}: The Doc turns die {d.die + 1} to one of {sides}"
    if d.cause == "duel":
        top = game.stack[-1] if game.stack else None
        if not (top and top[0] == "duel_face" and top[3] == d.die):
            return f"the duel's roll of die {d.die + 1} comes next in the queue"
    elif d.cause is not None or game.faces[d.die] is None:
        return f"cause {d.cause!r}: die {d.die + 1}, rolled, or a duel's roll"
    return None


def _ugly_swap(game: RuleGame, d: Decision) -> str | None:
    """The second seat is asked with the first one chosen (target), a living seat: nothing
    happens between the two questions."""
    problem = _holds("the_ugly")(game, d)
    if problem is None and d.target is not None and not game.players[d.target].alive:
        return f"target seat {d.target + 1} is eliminated: The Ugly chose a living seat first"
    return problem


def _left_hand_target(game: RuleGame, d: Decision) -> str | None:
    problem = _holds("the_left_hand")(game, d)
    if problem is not None:
        return problem
    n = len(game.players)
    if not d.options or any(not o.isdigit() or not 0 <= int(o) < n for o in d.options):
        return f"options {list(d.options)}: the seats about to be eliminated"
    top = game.stack[-1] if game.stack else None
    if not (top and top[0] == "lose"):
        return "the loss The Left Hand averts comes next in the queue"
    return None


def _left_hand_discard(game: RuleGame, d: Decision) -> str | None:
    p = game.players[d.seat]
    return None if p.arrows or game.tokens_held(p) else "the saved seat holds no arrow to discard"


def check_chance(game: RuleGame, d: Decision) -> str | None:
    """Why a pending save chance could not be (None: it could; ``pending_checks.py``)."""
    if game.setup.roles_known:
        return "dealt cards ask nothing at an elimination: nothing waits for The Left Hand"
    last = game.open_moments[-1] if game.open_moments else None
    if last is None or last[0] != "eliminate" or d.seat not in last[1][0]:
        return "the latest open moment is the elimination of the seat asked"
    if list(d.options) != [str(s) for s in last[1][0] if game.players[s].alive]:
        return f"options {list(d.options)}: the seats about to be eliminated at that moment"
    top = game.stack[-1] if game.stack else None
    if not (top and top[0] == "lose"):
        return "the loss that eliminates them comes next in the queue"
    return None


def check_role_card(game: RuleGame, d: Decision) -> str | None:
    """Why a pending role card to show could not be (None: it could; ``pending_checks.py``)."""
    role = game.players[d.seat].role
    cards = [c.name for c in SPECIAL_ROLES.values() if c.role is role]
    if ID not in game.setup.modules or role is None:
        return "an eliminated seat of known role shows its card (module old_saloon.3)"
    if not d.options or not set(d.options) <= {*cards, NORMAL_CARD}:
        return f"options {list(d.options)}: the {role} cards, or normal"
    return None


# The powers' decisions, each asked of the seat that revealed the card (or the saved player);
# the card an eliminated seat shows, asked of it.
DOC_DIE = declare_kind(
    "doc_die",
    Spec(Answer.DIE, False, "which die does The Doc turn", fits=_holds("the_doc"), carries=()),
)
DOC_FACE = declare_kind(
    "doc_face",
    Spec(
        Answer.CHOICE,
        False,
        "which face does The Doc turn it to",
        fits=_doc_face,
        carries=("die", "options", "cause"),
    ),
)
UGLY_SWAP = declare_kind(
    "ugly_swap",
    Spec(
        Answer.SEAT,
        False,
        "whose arrows does The Ugly exchange",
        fits=_ugly_swap,
        carries=("target",),
    ),
)
LEFT_HAND_TARGET = declare_kind(
    "left_hand_target",
    Spec(
        Answer.SEAT,
        False,
        "whom does The Left Hand save",
        fits=_left_hand_target,
        carries=("options",),
    ),
)
LEFT_HAND_DISCARD = declare_kind(
    "left_hand_discard",
    Spec(Answer.YES_NO, True, "discard all your arrows", fits=_left_hand_discard, carries=()),
)
LEFT_HAND_CHANCE = declare_kind(
    "left_hand_chance",
    Spec(
        Answer.YES_NO,
        False,
        "nobody saves the player about to be eliminated",
        person_enters=True,
        done_says_yes=True,
        fits=check_chance,
        carries=("options",),
    ),
)
ROLE_CARD = declare_kind(
    "role_card",
    Spec(
        Answer.CHOICE,
        False,
        "which role card is face up",
        shows_a_card=True,
        eliminated=True,
        fits=check_role_card,
        carries=("options",),
    ),
)


def public_pool(game: RuleGame) -> set[Role]:
    """The roles whose cards the table has not seen yet (the role mix less the shown ones):
    asked at moments, so taken from the short mix itself rather than with Counters."""
    left = list(game.setup.role_mix)
    for p in game.players:
        if p.revealed and p.role is not None and p.role in left:
            left.remove(p.role)
    return set(left)


# The moments of the turn of a seat eliminated yet playing (Old Saloon 5): after its rolls The
# Doc may turn a die (ruling OS7), and The Judge may follow that reveal.
OUT_OF_GAME_MOMENTS = frozenset({"roll", "reveal"})


def _offers_for(moment: str) -> Offers:
    """Who may reveal which card at this kind of moment: with dealt roles (``actual``) its
    holder; by what the table knows, any living seat whose card is hidden and
    whose type the role mix still leaves, while nobody has shown that card."""
    cards = [c for c in CARDS if c.moment == moment]

    def offers(game: RuleGame, args: list[Any], actual: bool) -> list[WindowAction]:
        players = game.players
        if game.out_but_playing(game.turn) and moment not in OUT_OF_GAME_MOMENTS:
            return []  # such a turn does nothing but roll and give a result
        at = SpecialCard.index
        cards_held: list[SpecialCard] = [p.parts[at] for p in players]
        shown = {c.special_card for c in cards_held if c.special_shown}
        held = actual and game.setup.roles_known
        pool: set[Role] | None = None  # counted once a seat with a hidden role is asked about
        found: list[WindowAction] = []
        for card in cards:
            if card.name in shown or not _usable(game, card):
                continue
            for p, c in zip(players, cards_held, strict=True):
                # The quick questions first: with dealt roles, only the card's holder.
                if not p.alive or c.special_shown or (held and c.special_card != card.name):
                    continue
                if card.whose != "any" and (card.whose == "own") != _whose(moment, args, p.seat):
                    continue
                if p.revealed:
                    if not _still_hidden(p, card):
                        continue
                else:
                    pool = public_pool(game) if pool is None else pool
                    if card.role not in pool:
                        continue
                found.append(RevealSpecial(p.seat, 0, card.name))
                if not actual:
                    return found
        return found

    return offers


def _usable(game: RuleGame, card: SpecialRole) -> bool:
    """The Good takes the star from a living Sheriff only: once the dead come back (Undead or
    Alive 4) the game goes on with the Sheriff dead, and a dead Sheriff becomes no Deputy."""
    return card.name != "the_good" or any(p.alive and p.role is Role.SHERIFF for p in game.players)


def _still_hidden(p: PlayerState, card: SpecialRole) -> bool:
    """A seat whose role is known may still hold this card face down: only one whose role a
    module announced, never his card (in Undead or Alive 4, the Renegade leading the dead)."""
    return card.role is p.role and role_announced(p)


def _whose(moment: str, args: list[Any], seat: int) -> bool:
    """Whether the moment is ``seat``'s own (its turn, its roll, its gain, its reveal)."""
    if moment == "eliminate":
        return seat in args[0]
    return bool(args[0] == seat)


def _save_first(game: RuleGame, args: list[Any]) -> None:
    """The Left Hand is revealed "when any player is about to be eliminated", and a player
    shows the role card once eliminated: with physical cards, before a dying seat is asked
    which card it shows, the table says that nobody saves (DONE); any seat may reveal the
    card meanwhile. Dealt cards ask nothing at an elimination, so nothing waits."""
    dying = [s for s in args[0] if game.players[s].alive]
    if game.setup.roles_known or not any(_card_asked(game.players[s]) for s in dying):
        return
    game.ask(LEFT_HAND_CHANCE, dying[0], options=tuple(str(s) for s in dying))


def _card_asked(p: PlayerState) -> bool:
    """Whether the table is asked which card this seat shows when it is eliminated (physical
    cards): its role, or its special card (``show_card``)."""
    held = holding(p)
    return not p.revealed or (
        held.special_card is None and not held.special_shown and p.role is not Role.SHERIFF
    )


def _legal_chance(game: RuleGame, d: Decision) -> list[Action]:
    return [Accept()]


@decision(LEFT_HAND_CHANCE, legal=_legal_chance)
def _decide_chance(game: RuleGame, d: Decision, action: Action) -> None:
    """Nobody saved them: their cards are shown next. The table's answer is no player's move,
    so the moments stay open until the pending player's next action (ruling OS3), as they do
    after an elimination with dealt cards."""


for _moment_kind in sorted({c.moment for c in CARDS if c.moment}):
    _wait = _save_first if _moment_kind == "eliminate" else None
    opening(ID, _moment_kind, _offers_for(_moment_kind), _wait)


def _seize(game: RuleGame, action: WindowAction, moment: str, args: list[Any]) -> None:
    assert isinstance(action, RevealSpecial)
    seat, card = action.seat, SPECIAL_ROLES[action.card]
    p = game.players[seat]
    SpecialCard(card.name, True).put(p)
    p.role, p.revealed = card.role, True
    game.emit(SpecialRoleRevealed(seat, card.name, moment))
    faces = None if action.faces is None else list(action.faces)
    game.front(
        [*moment_steps(game, "reveal", seat, card.name), power(seat, card.name, args, faces)]
    )


seizer(RevealSpecial, _seize)


def _unclaimed(game: RuleGame, action: WindowAction) -> bool:
    """A card another seat has shown since the moment (an eliminated player's, face up)
    can no longer be claimed into it."""
    assert isinstance(action, RevealSpecial)
    return not any(_shown(p) == action.card and p.seat != action.seat for p in game.players)


still(RevealSpecial, _unclaimed)


def _faces_fit(game: RuleGame, action: WindowAction) -> str | None:
    """A record's faces for a reveal must be one face of each die it re-rolls."""
    assert isinstance(action, RevealSpecial)
    if action.faces is None:
        return None
    dice = dice_a_reveal_rolls(game, action)
    title = SPECIAL_ROLES[action.card].title
    if len(action.faces) != len(dice):
        return f"{title} re-rolls {len(dice)} dice but {len(action.faces)} faces are recorded"
    for (slot, kind), face in zip(dice, action.faces, strict=True):
        if face not in DICE[kind]:
            return f"die {slot + 1} has no face {face!r}; its faces are " + ", ".join(DICE[kind])
    return None


recorded(RevealSpecial, _faces_fit)


@step
def power(
    game: RuleGame, seat: int, card: str, args: list[Any], faces: list[str] | None = None, /
) -> None:
    """A card's power; ``faces`` are those a record gives the roll it makes (The Gambler)."""
    POWERS[card](game, seat, args, faces)


def check(game: RuleGame) -> None:
    """A state read back: each seat's card is one of the nine, of its role's type, and in the
    game once; None where the card is normal (cards mixed by type) or not known to the state
    (secret cards, or a seat's snapshot of what it may know) (``checks.py``)."""
    setup, players = game.setup, game.players
    on = ID in setup.modules
    seen: dict[str, int] = {}
    for p in players:
        back = returned(p)
        held = holding(p)
        name, shown = held.special_card, held.special_shown
        if on and (not p.alive or back) and not shown and not _card_owed(game, p):
            raise StateError(
                f"seat {p.seat + 1}: eliminated (alive false, or {back or 'back in play'}), but "
                "its card is face down (special_shown false) with no showing of it to come: an "
                "eliminated player shows the card"
            )
        if on and p.alive and not back and p.role is Role.SHERIFF:
            _check_sheriff_card(game, p)
        if name is None and not shown:
            if on and setup.roles is not None and not SpecialsSetup.of(setup).specials_mixed:
                raise StateError(
                    f"seat {p.seat + 1}: special None, but with dealt roles and every card "
                    "special each seat holds one (specials_mixed is off)"
                )
            continue
        where = f"seat {p.seat + 1}"
        if shown and not p.revealed:
            raise StateError(
                f"{where}: special_shown, but its role is face down (revealed false): a role "
                "card shown is shown whole"
            )
        if not on:
            raise StateError(f"{where}: special or special_shown, but module {ID} is off")
        if name is None:
            if not SpecialsSetup.of(setup).specials_mixed:
                raise StateError(
                    f"{where}: special_shown with no special card, but every card is special "
                    "(specials_mixed is off)"
                )
            continue
        card = SPECIAL_ROLES.get(name)
        if card is None:
            raise StateError(
                f"{where}: unknown special {name!r}; expected one of " + ", ".join(SPECIAL_ROLES)
            )
        if p.role is not None and card.role is not p.role:
            raise StateError(f"{where}: special {card.title} is a {card.role} card, not {p.role}")
        if p.role is None and card.role not in unrevealed_pool(setup.role_mix, players):
            raise StateError(f"{where}: special {card.title}, but no {card.role} card is unknown")
        if name in seen:
            raise StateError(
                f"{where}: special {card.title} is also held at seat {seen[name] + 1}; each "
                "card is in the game once"
            )
        seen[name] = p.seat
        mixed = SpecialsSetup.of(setup).specials_mixed
        if p.role is Role.SHERIFF and not mixed and name != "the_bear":
            raise StateError(f"{where}: the Sheriff's special card is The Bear")
    if on:
        _check_dealt(game)


def _check_dealt(game: RuleGame) -> None:
    """Each card the set-up dealt and names (``setup.specials``; a seat's view names only the
    Sheriff's) stays with its seat, but for The Good's swap: his card to the old Sheriff, the
    old Sheriff's to him with the star."""
    setup = game.setup
    dealt, first = SpecialsSetup.of(setup).specials, setup.sheriff
    if dealt is None or first is None:
        return
    sheriff = next((p.seat for p in game.players if p.role is Role.SHERIFF), first)
    for p in game.players:
        card = dealt[p.seat]
        if sheriff != first and p.seat in (sheriff, first):
            card = dealt[first] if p.seat == sheriff else "the_good"
        elif card is None:
            continue  # a normal card, or one this view does not name
        if holding(p).special_card != card:
            raise StateError(
                f"seat {p.seat + 1}: special {holding(p).special_card!r}, but the card dealt it "
                f"(setup.specials) is {card!r}"
                + (", The Good having taken the star" if sheriff != first else "")
            )


def _check_sheriff_card(game: RuleGame, p: PlayerState) -> None:
    """The Sheriff's card is face up from the deal; a normal one is shown only by The Good,
    who took the star with it and left The Good's card, face up, to the old Sheriff."""
    where = f"seat {p.seat + 1}"
    held = holding(p)
    if held.special_card is not None and not held.special_shown:
        raise StateError(
            f"{where}: the Sheriff's card {held.special_card!r} face down (special_shown false): "
            "the Sheriff's card is face up from the deal, and one taken with the star was shown"
        )
    took = any(_shown(q) == "the_good" for q in game.players if q is not p)
    if held.special_card is None and held.special_shown and not took:
        raise StateError(
            f"{where}: the Sheriff's normal card shown (special None, special_shown true), but "
            "no other seat shows The Good, whose reveal alone shows it (taking the star)"
        )


# ===================================================== an eliminated player's card


@step
def show_card(game: RuleGame, seat: int, /) -> None:
    """An eliminated player shows their role card: a special one is used, nobody may claim it
    any more. With physical secret cards the table says which card it is."""
    p = game.players[seat]
    held = holding(p)
    if held.special_shown:
        return
    if held.special_card is not None or game.setup.roles_known or p.role is Role.SHERIFF:
        SpecialCard.change(p, special_shown=True)  # known: dealt, or the Sheriff's face-up card
        return
    assert p.role is not None
    options = _cards_left(game, p.role)
    if len(options) > 1:
        game.ask(ROLE_CARD, seat, options=tuple(options))
    elif options:
        _card_shown(game, seat, options[0])


def _show_card_fits(game: RuleGame, args: list[Any]) -> str | None:
    """A state read back about to run ``show_card``: the seat's role is known by then."""
    if game.players[args[0]].role is None:
        d = game.pending
        if d is None or d.kind is not DecisionKind.REVEAL_ROLE or d.seat != args[0]:
            return f"seat {args[0] + 1} shows its card once its role is known (role None)"
    return None


def _cards_left(game: RuleGame, role: Role) -> list[str]:
    """The cards an eliminated seat of ``role`` may show: its role's special cards nobody
    holds, and a normal one when they are mixed by type."""
    options = [
        c.name
        for c in SPECIAL_ROLES.values()
        if c.role is role and not any(holding(q).special_card == c.name for q in game.players)
    ]
    return options + ([NORMAL_CARD] if SpecialsSetup.of(game.setup).specials_mixed else [])


def _card_owed(game: RuleGame, p: PlayerState) -> bool:
    """An eliminated seat whose card is not face up yet: its reveal, its card shown or the
    table's answer is to come, or no card of its role is left to show."""
    d = game.pending
    if d is not None and d.seat == p.seat and d.kind in (ROLE_CARD, DecisionKind.REVEAL_ROLE):
        return True
    if any(step[0] in ("show_card", "reveal") and step[1] == p.seat for step in game.stack):
        return True
    return p.role is not None and holding(p).special_card is None and not _cards_left(game, p.role)


@decision(ROLE_CARD, legal=one_of_options)
def _decide_card(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose)
    _card_shown(game, d.seat, action.option)


def _card_shown(game: RuleGame, seat: int, card: str) -> None:
    """The card is face up for good: a player back in play (Undead or Alive 4) eliminated
    again shows nothing new."""
    p = game.players[seat]
    SpecialCard(None if card == NORMAL_CARD else card, True).put(p)
    game.emit(RoleCardShown(seat, card))


# ===================================================================== the powers


def _the_good(game: RuleGame, seat: int, args: list[Any], faces: list[str] | None = None) -> None:
    """Swap roles with the Sheriff; both keep their life, both at their character's maximum
    (with a series' extra bullet, which is no Sheriff's bonus, for its holder)."""
    new, old = game.players[seat], next(p for p in game.players if p.role is Role.SHERIFF)
    new.role, old.role = Role.SHERIFF, Role.DEPUTY
    SpecialCard.change(new, special_card=holding(old).special_card)
    SpecialCard("the_good", True).put(old)
    for p in (new, old):
        p.max_life = CHARACTERS[p.character].life + game.setup.extra_life(p.seat)
    game.emit(SheriffChanged(seat, old.seat))


def _the_ugly(game: RuleGame, seat: int, args: list[Any], faces: list[str] | None = None) -> None:
    if len(game.living()) >= 2:
        game.ask(UGLY_SWAP, seat)


def _legal_ugly(game: RuleGame, d: Decision) -> list[Action]:
    return [ChooseSeat(s) for s in game.living() if s != d.target]


@decision(UGLY_SWAP, legal=_legal_ugly)
def _decide_ugly(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat)
    if d.target is None:
        game.ask(UGLY_SWAP, d.seat, target=action.seat)
        return
    a, b = game.players[d.target], game.players[action.seat]
    a.arrows, b.arrows = b.arrows, a.arrows
    game.swap_tokens(a, b)
    game.emit(ArrowsExchanged(d.seat, d.target, action.seat))


def _the_doc(game: RuleGame, seat: int, args: list[Any], faces: list[str] | None = None) -> None:
    """After a turn's roll he picks the die; after a duel's roll (Undead or Alive 1, moment
    ``[roller, die]``) the one die rolled is the one he turns."""
    if len(args) > 1:
        _ask_doc_face(game, seat, args[1], "duel")
    else:
        game.ask(DOC_DIE, seat)


def _ask_doc_face(game: RuleGame, seat: int, die: int, cause: str | None = None) -> None:
    sides = tuple(dict.fromkeys(DICE[game.dice_kinds[die]]))
    game.ask(DOC_FACE, seat, die=die, options=sides, cause=cause)


def _legal_doc_die(game: RuleGame, d: Decision) -> list[Action]:
    return [ChooseDie(i) for i, face in enumerate(game.faces) if face is not None]


@decision(DOC_DIE, legal=_legal_doc_die)
def _decide_doc_die(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseDie)
    _ask_doc_face(game, d.seat, action.die)


@decision(DOC_FACE, legal=one_of_options)
def _decide_doc_face(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose) and d.die is not None
    if d.cause == "duel":
        top = game.stack[-1]
        assert top[0] == "duel_face", top
        top[-1] = action.option
    else:
        game.faces[d.die] = action.option
    game.emit(DieTurned(d.seat, d.die, action.option))


def _the_gambler(
    game: RuleGame, seat: int, args: list[Any], faces: list[str] | None = None
) -> None:
    """The roller re-rolls every die, Dynamite too, and must accept the new results."""
    top = game.stack.pop()
    assert top[0] == "resolve", top
    dice = list(range(len(game.faces)))
    if faces is None:
        faces = game.dice_source.roll(game.roll_count, [(i, game.dice_kinds[i]) for i in dice])
    game.faces = list(faces)
    game.rolls = game.max_rolls
    game.roll_count += 1
    game.emit(DiceRolled(game.turn, game.rolls, tuple(dice), tuple(faces), tuple(faces)))
    game.front([*moment_steps(game, "roll", game.turn), roll_effects(dice), gambled()])


@step
def gambled(game: RuleGame) -> None:
    exploded = game.symbol_count("dynamite") >= DYNAMITE_LIMIT
    if exploded:
        game.emit(DynamiteExploded(game.turn))
    game.front([resolve(exploded)])


def _the_bad(game: RuleGame, seat: int, args: list[Any], faces: list[str] | None = None) -> None:
    """The heal does not happen; a Beer's result is spent (never re-rolled or given again)."""
    top = game.stack.pop()
    assert top[0] == "gain", top
    game.emit(HealPrevented(seat, top[1], top[2]))


def _the_left_hand(
    game: RuleGame, seat: int, args: list[Any], faces: list[str] | None = None
) -> None:
    dying = [s for s in args[0] if game.players[s].alive]
    if len(dying) == 1:
        _save(game, seat, dying[0])
    elif dying:
        game.ask(LEFT_HAND_TARGET, seat, options=tuple(str(s) for s in dying))


def _legal_left_hand(game: RuleGame, d: Decision) -> list[Action]:
    return [ChooseSeat(int(s)) for s in d.options]


@decision(LEFT_HAND_TARGET, legal=_legal_left_hand)
def _decide_left_hand(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat)
    _save(game, d.seat, action.seat)


def _save(game: RuleGame, seat: int, target: int) -> None:
    """The target's loss of this moment is dropped; it stays in the game with 2 life. From 1
    life that is a gain like any other: The Bad may stop it, and a player a module lets gain
    nothing (Undead or Alive 4) stays in the game at 1."""
    top = game.stack[-1]
    assert top[0] == "lose", top
    top[1] = [loss for loss in top[1] if loss[0] != target]
    p = game.players[target]
    p.life = min(p.life, 2)
    game.emit(EliminationAverted(seat, target, p.life))
    rise = min(2, p.max_life) - p.life
    game.front([*([gain(target, rise, "the_left_hand")] if rise > 0 else []), saved(target)])


@step
def saved(game: RuleGame, target: int, /) -> None:
    """The saved player "may discard all of his arrows"."""
    p = game.players[target]
    if p.alive and (p.arrows or game.tokens_held(p)):
        game.ask(LEFT_HAND_DISCARD, target)


@decision(LEFT_HAND_DISCARD, legal=yes_no)
def _decide_left_hand_discard(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, Accept):
        game.discard_all(game.players[d.seat], "the_left_hand")


def _the_right_hand(
    game: RuleGame, seat: int, args: list[Any], faces: list[str] | None = None
) -> None:
    top = game.stack[-1]
    assert top[0] == "end_turn", top
    game.stack[-1] = end_turn(False, True)


def _the_judge(game: RuleGame, seat: int, args: list[Any], faces: list[str] | None = None) -> None:
    """The reveal just made has no effect: its power step is dropped, its card stays used."""
    top = game.stack.pop()
    assert top[0] == "power", top
    game.emit(RevealCancelled(top[1], top[2], seat))


Power = Callable[["RuleGame", int, list[Any], "list[str] | None"], None]


POWERS: dict[str, Power] = {
    "the_good": _the_good,
    "the_ugly": _the_ugly,
    "the_doc": _the_doc,
    "the_gambler": _the_gambler,
    "the_bad": _the_bad,
    "the_left_hand": _the_left_hand,
    "the_right_hand": _the_right_hand,
    "the_judge": _the_judge,
}


def _at_reveal(game: RuleGame, seat: int) -> list[Step]:
    """An eliminated player's role card is shown: which card is now face up."""
    return [] if game.players[seat].alive else [show_card(seat)]


def _face_up(game: RuleGame, p: PlayerState) -> bool:
    """A living player shows a role by revealing a special card (The Good's old Sheriff keeps
    his face up); once the Sheriff is dead the last one standing shows his for a win that a
    reveal into an open moment may still avert, and the game goes on with it face up."""
    return holding(p).special_shown or any(
        q.role is Role.SHERIFF and not q.alive for q in game.players
    )


def _gains(game: RuleGame) -> bool:
    """The Left Hand's save gives life, and The Good's star moves two maximums: either may have
    this turn once its card is face up."""
    return any(_shown(p) in ("the_left_hand", "the_good") for p in game.players)


def _sheriff_bonus(p: PlayerState) -> int | None:
    """The Bear plays with three bullets above his character's, not the two of a Sheriff
    (ruling 10)."""
    return BEAR_SHERIFF_BONUS if holding(p).special_card == "the_bear" else None


def _life_kept(p: PlayerState) -> int:
    """The Good's old Sheriff keeps the life he has above his new maximum."""
    return BEAR_SHERIFF_BONUS if _shown(p) == "the_good" else 0


def _said(p: PlayerState) -> str:
    held = holding(p)
    return f"special {held.special_card!r}, special_shown {held.special_shown}"


RULES = ModuleRules(
    ID,
    initial=_deal,
    at_reveal=_at_reveal,
    gains=_gains,
    face_up=_face_up,
    sheriff_bonus=_sheriff_bonus,
    life_kept=_life_kept,
    said=_said,
    check=check,
    table="companion.modules.special_roles.table",
    bots="companion.modules.special_roles.bots",
    step_fits=(("show_card", _show_card_fits),),
)
