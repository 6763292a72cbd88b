"""The console's one-line question for each decision and the seats' notes, in the words of the
table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache

from ..engine import (
    MODULES,
    SPECIAL_ROLES,
    Decision,
    Declared,
    Game,
    HouseRule,
    Module,
    PlayerState,
    RevealSpecial,
    Role,
    SpecialRole,
    built_in_module,
    card_of,
    face_up_card,
    load_layer,
    open_moments,
    role_announced,
)
from ..i18n import CORE, Catalogue, Labels, Word
from .labels import CARD_EFFECTS
from .words import WORDS, Asked

_words = Catalogue(CORE)
_ = _words.gettext
N_ = _words.word

# Each side's win as the table says it; a module's own sides added by its package
# (``declare_side_label``).
_SIDE_WORDS: Declared[str, str | Word] = Declared(
    {
        "sheriff": N_("Sheriff & Deputies win"),
        "outlaws": N_("Outlaws win"),
        "renegade": N_("Renegade wins"),
        "deputy": N_("Deputy wins"),
        "outlaw": N_("Outlaw wins"),
        "nobody": N_("Nobody wins"),
    },
    load=lambda: load_layer("table"),
)
SIDE_LABELS: Labels[str] = Labels(_SIDE_WORDS)


def declare_side_label(side: str, label: str | Word) -> None:
    """How the table says a module's side won (its package's ``Word``, to be translated);
    ValueError when the side has a label."""
    _SIDE_WORDS.add(side, label, "label of the side")


# What the table calls each playable module, short enough for the console; a module adds its
# own from its words for the table (``declare_module_label``); one without is said by its title.
_MODULE_WORDS: Declared[str, str | Word] = Declared(load=lambda: load_layer("table"))
MODULE_LABELS: Labels[str] = Labels(_MODULE_WORDS)
# What the table calls each expansion (a module id's first part), declared by its modules'
# packages (``declare_expansion_label``), else its id's part in words.
_EXPANSION_WORDS: Declared[str, str | Word] = Declared(load=lambda: load_layer("table"))
EXPANSION_LABELS: Labels[str] = Labels(_EXPANSION_WORDS)
PAGE_SIZE = 5  # DIE1..DIE5 turn a page's modules on and off, DIE6 turns the page


@cache
def _numbered() -> tuple[str, ...]:
    """The expansions of the box's own modules, numbered by the rulebook (Old Saloon 1 to 5,
    Undead or Alive 1 to 5), in their ids' order."""
    return tuple(sorted({m.partition(".")[0] for m in Module if built_in_module(m)}))


@cache
def _expansions() -> tuple[str, ...]:
    """Each expansion of the modules installed (a module id's first part): the box's own
    first, then any other (a module from outside)."""
    others = sorted({m.partition(".")[0] for m in Module} - set(_numbered()))
    return (*_numbered(), *others)


def expansions() -> tuple[tuple[str, str], ...]:
    """Each expansion of the modules installed and its label in the language in use (one from
    outside: its id's first part, in words)."""
    return tuple((e, EXPANSION_LABELS.get(e) or e.replace("_", " ").title()) for e in _expansions())


@cache
def _module_pages() -> tuple[tuple[str, tuple[Module, ...]], ...]:
    """The set-up's pages of modules, one per expansion (of at most ``PAGE_SIZE``)."""
    pages = []
    for expansion in _expansions():
        modules = sorted(m for m in Module if m.partition(".")[0] == expansion)
        for i in range(0, len(modules), PAGE_SIZE):
            pages.append((expansion, tuple(modules[i : i + PAGE_SIZE])))
    return tuple(pages)


def module_pages() -> tuple[tuple[str, tuple[Module, ...]], ...]:
    """The set-up's pages of modules, each labelled by its expansion in the language in use."""
    labels = dict(expansions())
    return tuple((labels[e], modules) for e, modules in _module_pages())


def module_label(m: str) -> str:
    """The module's short name on the console (``declare_module_label``), or its title."""
    return MODULE_LABELS.get(m) or MODULES[m].title


def declare_expansion_label(expansion: str, label: str | Word) -> None:
    """What the set-up's module pages and a game's summary call an expansion (its package's
    ``Word``, to be translated). Each module of an expansion may declare it, in the same
    words; ValueError when other words name it already."""
    try:
        _EXPANSION_WORDS.add(expansion, label, "label of the expansion")
    except ValueError:
        if _english(_EXPANSION_WORDS[expansion]) != _english(label):
            raise


def _english(label: str | Word) -> str:
    return label.message if isinstance(label, Word) else label


def declare_module_label(m: str, label: str | Word) -> None:
    """What the table calls module ``m``, short enough for the console (its package's
    ``Word``, to be translated); ValueError when it has a label."""
    _MODULE_WORDS.add(m, label, "label of the module")


def prompt_for(game: Game, d: Decision, seats: Sequence[int], roles: Sequence[Role]) -> str:
    """What the pending decision asks, naming physical seats (1..8) and the buttons that answer:
    each kind's words are its one entry in ``words.py``."""
    return WORDS[d.kind].prompt(Asked(game, d, seats, roles))


def may_reveal(game: Game) -> list[SpecialRole]:
    """The special role cards that may be revealed now, by what the table knows (never by a
    dealt card), in the order their moments came and, at one moment, the rulebook's order."""
    return [card for card, _seats in who_may_reveal(game)]


def who_may_reveal(game: Game) -> list[tuple[SpecialRole, frozenset[int]]]:
    """Each special role card that may be revealed now and the seats (the engine's) that may
    reveal it by what the table knows (never by a dealt card), in the order their moments
    came and, at one moment, the rulebook's order.

    With secret cards the engine offers a reveal to every seat that could hold the card, by
    what the table knows: those are the cards and seats. With dealt roles its offers name the
    holders, so the table names every card some seat could hold by what it knows, at a moment
    that seat's own or another's as the card says, and a card shown face up since its moment
    (its holder, eliminated, may still use it then)."""
    offered = [a for a in game.window_actions() if isinstance(a, RevealSpecial)]
    named: dict[tuple[int, str], set[int]] = {}
    for a in offered:
        if _face_up(game, a) or not game.setup.roles_known:
            named.setdefault((a.window, a.card), set()).add(a.seat)
    if game.setup.roles_known:
        for key, seats in _could_be_held(game).items():
            named.setdefault(key, set()).update(seats)
    order = list(SPECIAL_ROLES)
    found: dict[str, set[int]] = {}
    for window, card in sorted(named, key=lambda wc: (wc[0], order.index(wc[1]))):
        found.setdefault(card, set()).update(named[window, card])
    return [(SPECIAL_ROLES[card], frozenset(seats)) for card, seats in found.items()]


def _face_up(game: Game, a: RevealSpecial) -> bool:
    return face_up_card(game.players[a.seat]) == a.card


def _could_be_held(game: Game) -> dict[tuple[int, str], set[int]]:
    """(moment, card): the living seats that could hold the card by what the table knows, at
    each open moment whose card it is: its type still in the role mix less the cards shown (or
    a card of the role a module announced), the moment that seat's own or another's as the card
    says, and nobody has shown the card."""
    players = game.players
    shown = {face_up_card(p) for p in players}
    pool = Counter(game.setup.role_mix)
    pool.subtract(p.role for p in players if p.revealed and p.role is not None)
    sheriff = any(p.alive and p.role is Role.SHERIFF and p.revealed for p in players)
    found: dict[tuple[int, str], set[int]] = {}
    for window, (moment, args) in enumerate(open_moments(game)):
        for card in SPECIAL_ROLES.values():
            if card.moment != moment or card.name in shown:
                continue
            if card.takes_the_star and not sheriff:
                continue  # it takes the star from a living Sheriff only
            in_pool = pool[card.role] > 0
            seats = {p.seat for p in players if _could_hold(p, card, in_pool, moment, args)}
            if seats:
                found[window, card.name] = seats
    return found


def _could_hold(p: PlayerState, card: SpecialRole, in_pool: bool, moment: str, args: list) -> bool:
    if not p.alive or card_of(p)[1]:
        return False
    if not (card.role is p.role and role_announced(p) if p.revealed else in_pool):
        return False
    own = p.seat in args[0] if moment == "eliminate" else args[0] == p.seat
    return card.whose == "any" or (card.whose == "own") == own


def reveals_text(game: Game, seats: Sequence[int] = ()) -> tuple[str, str]:
    """The console's aside while a moment is open: 'Reveal: The Doc, The Good, The Ugly (seat
    3)', the cards that the same seats may reveal side by side, then those seats when not every
    living seat may (physical numbers: ``seats`` lists them in the engine's order; none given,
    the engine's counted from 1), so a holder whose menu does not offer a card sees why; and
    its short form, the Hands' titles without "of the Devil", as the seat panels show them.
    Both from one reading of who may reveal: the console asks for both on every view."""
    may = who_may_reveal(game)
    return _reveals_said(game, may, seats, False), _reveals_said(game, may, seats, True)


def _reveals_said(
    game: Game,
    may: list[tuple[SpecialRole, frozenset[int]]],
    seats: Sequence[int],
    short: bool,
) -> str:
    groups: list[tuple[frozenset[int], list[str]]] = []
    for card, who in may:
        title = card.title.removesuffix(" of the Devil") if short else card.title
        if groups and groups[-1][0] == who:
            groups[-1][1].append(title)
        else:
            groups.append((who, [title]))
    said = [", ".join(titles) + _whose(game, who, seats) for who, titles in groups]
    return _("Reveal: {cards}").format(cards="; ".join(said)) if said else ""


def _whose(game: Game, who: frozenset[int], seats: Sequence[int]) -> str:
    """Whose cards these are to reveal, when not every living seat's: " (seat 3)", " (not
    seat 2)"; "" for every living seat."""
    living = {p.seat for p in game.players if p.alive}
    if who >= living:
        return ""
    physical = [seats[s] if seats else s + 1 for s in sorted(who)]
    others = [seats[s] if seats else s + 1 for s in sorted(living - who)]
    if len(others) == 1 and len(physical) > 1:
        return " " + _("(not seat {seat})").format(seat=others[0])
    listed = ", ".join(map(str, physical))
    said = _words.ngettext("(seat {seats})", "(seats {seats})", len(physical))
    return " " + said.format(seats=listed)


def menu_note(reveals: list[RevealSpecial]) -> str:
    """A seat's menu of reveals: 'DIE1 The Doc: turn one die to any side' ('' when none is
    open), each card by its title and what it does."""
    return "; ".join(
        _("DIE{die} {card}: {effect}").format(
            die=i + 1, card=SPECIAL_ROLES[a.card].title, effect=CARD_EFFECTS[a.card]
        )
        for i, a in enumerate(reveals)
    )


# A module's note on a seat's panel (its state there: "ZOMBIE"), and its aside on the console
# (what the whole table watches: the zombie hands against the living), '' when it has none;
# each module in play adds its own (``declare_seat_note``, ``declare_aside``).
Aside = Callable[[Game], str]
ASIDES: Declared[str, Aside] = Declared(load=lambda: load_layer("table"))


def declare_aside(m: str, aside: Aside) -> None:
    """Module ``m``'s aside on the console while it is in play."""
    ASIDES.add(m, aside, "aside of the module")


def module_asides(game: Game) -> str:
    """The modules in play's asides on the console, in their order ('' when none)."""
    said = [aside(game) for m in sorted(game.setup.modules) if (aside := ASIDES.get(m))]
    return ". ".join(t for t in said if t)


HOUSE_RULE_LABELS: Labels[HouseRule] = Labels(
    {
        HouseRule.DYNAMITE_CANCELS_ACTIONS: N_("3 Dynamite end the turn"),
        HouseRule.BULLSEYE2_UP_TO_TWO: N_("Bull's Eye 2 hits 1-2 away"),
    }
)


def house_rules_text(rules: frozenset[HouseRule]) -> str:
    """The house rules in force, for the console before the first roll ('' when none)."""
    if not rules:
        return ""
    said = "; ".join(HOUSE_RULE_LABELS[r] for r in sorted(rules))
    return _("House rules: {rules}").format(rules=said)


def modules_text(modules: frozenset[Module], cards_mixed: bool = False) -> str:
    """The modules in play, for the console before the first roll ('' when none)."""
    if not modules:
        return ""
    said = ", ".join(
        _("{module} (mixed)").format(module=module_label(m))
        if MODULES[m].role_cards and cards_mixed
        else module_label(m)
        for m in sorted(modules)
    )
    return _("Modules: {modules}").format(modules=said)


def modules_by_number(modules: frozenset[Module], cards_mixed: bool = False) -> str:
    """The modules on, by the rulebook's numbers ("Old Saloon 1, 3 mixed; Undead or Alive 2"),
    and those of expansions from outside counted ("2 more": their pages say which): short
    enough for the set-up's prompt with every module on ('' when none)."""
    parts = []
    for expansion, label in expansions():
        if expansion not in _numbered():
            continue
        numbers = [
            _("{number} mixed").format(number=m.value.partition(".")[2])
            if MODULES[m].role_cards and cards_mixed
            else m.value.partition(".")[2]
            for m in sorted(modules)
            if m.value.partition(".")[0] == expansion
        ]
        if numbers:
            parts.append(f"{label} {', '.join(numbers)}")
    others = sum(m.partition(".")[0] not in _numbered() for m in modules)
    if others:
        parts.append(_("{count} more").format(count=others))
    return _("Modules: {modules}").format(modules="; ".join(parts)) if parts else ""


def modules_refused(modules: frozenset[Module], players: int) -> str:
    """Why the set-up cannot start these modules with this many players, in the console's
    words (the engine's message names its module ids)."""
    for m in sorted(modules):
        info = MODULES[m]
        for needed in info.requires:
            if needed not in modules:
                return _("{module}: only with {needed} on too.").format(
                    module=module_label(m), needed=module_label(needed)
                )
        if players < info.min_players:
            return _("{module}: only with {count} or more players.").format(
                module=module_label(m), count=info.min_players
            )
        for other in info.excludes:
            if other in modules:
                return _("{module} and {other}: not together.").format(
                    module=module_label(m), other=module_label(other)
                )
    return _("These modules cannot be played with {count} players.").format(count=players)


def game_over_text(side: str | None, series_game: int | None = None) -> str:
    """The end's prompt: who won, and what ROLL starts (in a series, its next game)."""
    said = SIDE_LABELS.get(side or "") or _("Game over")
    if series_game is not None:
        return _("{side}! ROLL: series game {game}").format(side=said, game=series_game)
    return _("{side}! ROLL: new game").format(side=said)
