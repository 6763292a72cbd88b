"""A new game's set-up with the table's own buttons: who plays, the Sheriff, the characters.

Characters are picked from pages of up to six names on the console, one DIE button per name:
the seats take turns in order without a press, a seat's own button shows its next page (or,
pressed out of turn, makes that seat the one picking) and DONE the page before. Entering a
character costs one DIE press plus one press per page turned, the shorter way round
(docs/ergonomics.md has the counts).

A seat held before the roles are dealt is handed to the box (held again, it is a person's once
more). With a seat the box plays, the box deals every role: its own card must come out of the
same mix as the people's without anyone seeing it, which physical cards cannot do.
"""

from __future__ import annotations

import copy
import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from ..bots import make_bot
from ..bots.appointments import appointed_by
from ..engine import (
    CHARACTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODULES,
    ROLE_MIX,
    SPECIAL_ROLES,
    GameSetup,
    HouseRule,
    Module,
    NextGame,
    Role,
    SetupError,
    SetupPart,
    cards_dealt,
    characters_for,
    deal_roles,
    dealt_parts,
    face_up_parts,
    legacy_setup,
    validate_modules,
)
from ..i18n import CORE, Catalogue, language
from .labels import ROLE_LABELS
from .prompts import (
    module_label,
    module_pages,
    modules_by_number,
    modules_refused,
)
from .refused import Refused
from .table_language import LANGUAGE_KEY, next_language

_ = Catalogue(CORE).gettext
PAGE = 6  # names on a page: one per DIE button


def character_order(modules: frozenset[Module]) -> tuple[str, ...]:
    """The characters in play, by title: only those whose card the modules allow."""
    return tuple(sorted(characters_for(modules), key=lambda name: CHARACTERS[name].title))


def page_of(names: list[str], page: int) -> list[str]:
    """The names on ``page`` (0-based) of a list shown ``PAGE`` at a time."""
    return names[page * PAGE : (page + 1) * PAGE]


def page_count(names: list[str]) -> int:
    return max(1, -(-len(names) // PAGE))


@dataclass
class SetupFlow:
    """Three stages: seats join; roles (the Sheriff's seat, or dealt); characters.

    A follow-up game of a module's series (``legacy``) skips what the last game decided:
    the same seats play, the seat that eliminated the Sheriff is Sheriff or the surviving
    Sheriff presses the new one's seat, survivors keep their characters (a press draws an
    unused one) and eliminated seats cycle through the unused ones.
    """

    seats: int
    roles_mode: str = "physical"
    house_rules: frozenset[HouseRule] = frozenset()
    modules: frozenset[Module] = frozenset()
    real_piles: frozenset[str] = frozenset()  # piles drawn for real (Wound tokens)
    stage: str = "join"
    joined: list[int] = field(default_factory=list)
    bots: list[int] = field(default_factory=list)  # joined seats the box plays
    roles: dict[int, Role] = field(default_factory=dict)
    characters: dict[int, str] = field(default_factory=dict)
    names: tuple[str, ...] | None = None  # the characters in play; None: the modules' own
    picker: int | None = None  # the seat choosing its character now
    page: int = 0  # the page of names the picker sees
    module_page: int = 0  # while seats join: the expansion whose modules the DIE buttons turn
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    parts: tuple[SetupPart, ...] = ()  # the configuration's (``TableConfig.parts``)
    cards_mixed: bool = False  # Old Saloon 3 the rulebook's second way: cards mixed by type
    bear: bool | None = None  # physical cards, mixed: whether the Sheriff's card is The Bear
    legacy: NextGame | None = None
    bot_player: str = "rules"  # the player of the box's seats, and of a seat named here
    bot_players: dict[int, str] = field(default_factory=dict)
    said: str = ""  # what the box chose in the set-up, for the console (its appointment)
    language: str = ""  # the table's language, turned by holding DIE6 ("": the box's)
    _history: list[SetupFlow] = field(default_factory=list, repr=False)
    _box_turns: list[SetupFlow] = field(default_factory=list, repr=False)  # see _pass_on

    def __post_init__(self) -> None:
        nxt = self.legacy
        if nxt is None:
            return
        if len(self.joined) != nxt.players:
            raise ValueError(f"a follow-up game needs the {nxt.players} seats of the last one")
        self.stage = "roles"
        for seat in nxt.may_keep:
            self.characters[self.joined[seat]] = nxt.previous[seat]
        if nxt.sheriff is not None:
            self._sheriff_at(self.joined[nxt.sheriff])
        self._box_appoints()
        self._history.extend(self._box_turns)  # UNDO takes the box's choices back one by one
        self._box_turns = []

    @property
    def dealt(self) -> bool:
        """The box deals the roles: asked to, or because it plays a seat (its card is secret)."""
        return self.roles_mode == "dealt" or bool(self.bots)

    def _sheriff_at(self, seat: int) -> None:
        """The series' Sheriff; dealt roles then deal the rest around them at once."""
        if self.dealt:
            dealt = deal_roles(len(self.joined), self.joined.index(seat), self.rng.randrange(2**32))
            self.roles = dict(zip(self.joined, dealt, strict=True))
        else:
            self.roles = {seat: Role.SHERIFF}
        self._to_characters()

    def press(self, button: str) -> GameSetup | None:
        """Apply a press; the finished set-up once the last one is made."""
        if button == "UNDO":
            if not self._history:
                raise Refused(_("Nothing to undo: hold UNDO to set up afresh."))
            previous = self._history.pop()
            kept = ("_history", "_box_turns", "rng")  # one draw of the dice, undone or not
            self.__dict__.update({k: v for k, v in previous.__dict__.items() if k not in kept})
            return None
        snapshot = self._snapshot()
        result = getattr(self, f"_{self.stage}")(button)
        self._history.append(snapshot)
        self._history.extend(self._box_turns)  # UNDO takes the box's picks back one by one
        self._box_turns = []
        return result

    def hold(self, button: str) -> None:
        """A seat held before the roles are dealt goes to the box, or back to a person (a seat
        that had not joined joins as the box's); UNDO takes it back like a press.

        Holding DIE6 while seats join turns the table's language instead.

        Refused when the hold means something else (after the deal it peeks at a role)."""
        if self.changes_language(button):
            self._history.append(self._snapshot())
            self.language = next_language(self.language or language())
            return
        if not self.hands_over(button):
            raise Refused(_("A seat is handed to the box only before the roles are dealt."))
        seat = self._seat(button)
        if self.legacy is not None and seat not in self.joined:
            raise Refused(
                _("Seat {seat} is not in this series: hold UNDO to leave it.").format(seat=seat)
            )
        snapshot = self._snapshot()
        if seat in self.bots:
            self.bots = [s for s in self.bots if s != seat]
        else:
            self.bots = sorted([*self.bots, seat])
            self.joined = sorted({*self.joined, seat})
        self._history.append(snapshot)
        self._box_appoints()
        self._history.extend(self._box_turns)
        self._box_turns = []

    def hands_over(self, button: str) -> bool:
        """Whether holding ``button`` now hands a seat to the box (or takes it back): a seat
        button, before any role is known."""
        return button.startswith("SEAT") and self.stage in ("join", "roles") and not self.roles

    def changes_language(self, button: str) -> bool:
        """Whether holding ``button`` now turns the table's language: DIE6 while seats join."""
        return button == LANGUAGE_KEY and self.stage == "join"

    def trial(self) -> SetupFlow:
        """A copy for a press to change and a refusal to throw away: its own lists, dicts and
        rng. The snapshots UNDO goes back to are shared, as none changes while in a history;
        copying them too made each set-up press cost more than the one before."""
        trial = self._snapshot()
        trial.rng = random.Random()
        trial.rng.setstate(self.rng.getstate())
        trial._history, trial._box_turns = list(self._history), list(self._box_turns)
        return trial

    def _snapshot(self) -> SetupFlow:
        snapshot = copy.copy(self)
        snapshot.joined = list(self.joined)
        snapshot.bots = list(self.bots)
        snapshot.roles = dict(self.roles)
        snapshot.characters = dict(self.characters)
        snapshot._history, snapshot._box_turns = [], []
        return snapshot

    # ------------------------------------------------------------------ stages

    def _join(self, button: str) -> None:
        if button.startswith("SEAT"):
            seat = self._seat(button)
            if seat in self.joined:
                self.joined.remove(seat)
                self.bots = [s for s in self.bots if s != seat]
            else:
                self.joined = sorted([*self.joined, seat])
            return
        if button.startswith("DIE"):
            n = int(button[3:])
            if n == PAGE:
                self.module_page = (self.module_page + 1) % len(module_pages())
                return
            modules = module_pages()[self.module_page][1]
            if n > len(modules):
                if len(modules) == 1:  # an expansion from outside may have a page of one
                    raise Refused(_("DIE1 turns the module on and off."))
                raise Refused(
                    _("DIE1 to DIE{last} turn the modules on and off.").format(last=len(modules))
                )
            chosen = modules[n - 1]
            if MODULES[chosen].role_cards:  # off, mixed cards, special cards, off again:
                if chosen not in self.modules:  # one press from on (the rulebook's) is off
                    self.cards_mixed = True
                elif self.cards_mixed:
                    self.cards_mixed = False
                    return
            self.modules = self.modules ^ {chosen}
            return
        if button == "DONE":
            n = len(self.joined)
            if not MIN_PLAYERS <= n <= MAX_PLAYERS:
                raise Refused(_("{count} joined: BANG! needs 3 to 8 players.").format(count=n))
            if len(self.bots) == n:
                raise Refused(_("The box plays every seat: hold one to give it to a person."))
            try:
                validate_modules(self.modules, n, ())
            except SetupError:
                raise Refused(modules_refused(self.modules, n)) from None
            self.stage = "roles"
            return
        raise Refused(_("Press your seat button to join, then DONE."))

    def _roles(self, button: str) -> None:
        if self._asks_bear():
            if button not in ("DIE1", "DIE2"):
                raise Refused(self.prompt())
            self.bear = button == "DIE1"
            self._to_characters()
            return
        if self.legacy is not None and self.legacy.appointer is not None:
            if not button.startswith("SEAT"):
                raise Refused(self.prompt())
            seat = self._seat(button)
            if seat not in self.joined:
                raise Refused(
                    _("Seat {seat} is not in this series: hold UNDO to leave it.").format(seat=seat)
                )
            self._sheriff_at(seat)
            return
        if self.dealt:
            if button != "ROLL":
                raise Refused(_("ROLL deals the role cards."))
            mix = list(ROLE_MIX[len(self.joined)])
            self.rng.shuffle(mix)
            self.roles = dict(zip(self.joined, mix, strict=True))
            self._to_characters()
            return
        if not button.startswith("SEAT"):
            raise Refused(self.prompt())
        seat = self._seat(button)
        if seat not in self.joined:
            raise Refused(_("Seat {seat} has not joined.").format(seat=seat))
        if seat in self.roles:
            raise Refused(
                _("Seat {seat} is already the {role}.").format(
                    seat=seat, role=ROLE_LABELS[self.roles[seat]]
                )
            )
        self.roles[seat] = self._role_asked()
        face_up = ROLE_MIX[3]
        if len(self.joined) == 3 and len(self.roles) == len(face_up) - 1:
            last = next(s for s in self.joined if s not in self.roles)
            self.roles[last] = face_up[-1]  # the one card left needs no press
        if len(self.joined) > 3 or len(self.roles) == len(face_up):
            self._to_characters()

    def _to_characters(self) -> None:
        if self._asks_bear():
            return  # the Sheriff's face-up card first
        self.stage = "characters"
        self.picker = None
        self._pass_on()

    def _pass_on(self) -> None:
        """The next seat picks; a seat the box plays takes a character of its own at once
        (nobody's press could decide it). A person changes it like any pick: with its seat
        button, or UNDO, which takes back the box's pick alone and leaves its seat to pick."""
        self.picker, self.page = self._next_picker(), 0
        while self.picker is not None and self.picker in self.bots:
            self._box_turns.append(self._snapshot())
            self.characters[self.picker] = self.rng.choice(self.choices())
            self.picker, self.page = self._next_picker(), 0

    def _box_appoints(self) -> None:
        """A surviving Sheriff the box plays appoints the next one at once, by its player's rule
        (nobody's press could decide it); UNDO takes it back and leaves the seat to the people."""
        nxt = self.legacy
        if nxt is None or nxt.appointer is None or self.stage != "roles" or self.roles:
            return
        old = self.joined[nxt.appointer]
        if old not in self.bots:
            return
        self._box_turns.append(self._snapshot())
        player = make_bot(self.bot_players.get(old, self.bot_player))
        new = self.joined[appointed_by(player, nxt)]
        self.said = _("Series: the box's Sheriff (seat {old}) appoints seat {new}").format(
            old=old, new=new
        )
        self._sheriff_at(new)

    def _asks_bear(self) -> bool:
        """Physical cards mixed by type: the Sheriff's face-up card may be The Bear or not."""
        return (
            self.cards_mixed
            and cards_dealt(self.modules)
            and not self.dealt
            and Role.SHERIFF in self.roles.values()
            and self.bear is None
        )

    def _role_asked(self) -> Role:
        """The Sheriff; with 3 players, each face-up card in turn (Deputy, then Outlaw)."""
        if len(self.joined) > 3:
            return Role.SHERIFF
        return ROLE_MIX[3][len(self.roles)]

    def _characters(self, button: str) -> GameSetup | None:
        if button.startswith("SEAT"):
            seat = self._seat(button)
            if seat not in self.joined:
                raise Refused(_("Seat {seat} has not joined.").format(seat=seat))
            if self.legacy is not None and self.joined.index(seat) in self.legacy.may_keep:
                free = self._unused(seat)
                if not free:
                    raise Refused(_("No unused character left to draw."))
                self.characters[seat] = self.rng.choice(free)  # a survivor draws anew
                return None
            if seat == self.picker:
                self.page = (self.page + 1) % page_count(self.choices())
            else:
                self.picker, self.page = seat, 0
            return None
        if button.startswith("DIE"):
            if self.picker is None:
                raise Refused(_("Every seat has a character: DONE starts, a seat changes its own."))
            shown = page_of(self.choices(), self.page)
            n = int(button[3:])
            if n > len(shown):
                raise Refused(
                    _("This page has {count} names: DIE1 to DIE{count}.").format(count=len(shown))
                )
            self.characters[self.picker] = shown[n - 1]
            self._pass_on()
            return self.setup() if self.picker is None else None
        if button == "ROLL" and self.legacy is not None:
            for seat in self.joined:
                if seat not in self.characters:
                    self.characters[seat] = self.rng.choice(self._unused(seat))
            self.picker, self.page = None, 0
            return None
        if button == "ROLL":
            names = self.rng.sample(list(self.in_play()), len(self.joined))
            self.characters = dict(zip(self.joined, names, strict=True))
            self.picker, self.page = None, 0
            return None
        if button == "DONE" and self.picker is not None:
            self.page = (self.page - 1) % page_count(self.choices())  # the page before
            return None
        if button == "DONE":
            missing = [s for s in self.joined if s not in self.characters]
            if missing:
                raise Refused(
                    _("Seat {seat} has no character yet: DIE picks it.").format(seat=missing[0])
                )
            return self.setup()
        raise Refused(self.prompt())

    def in_play(self) -> tuple[str, ...]:
        """The characters to pick from, in the order shown."""
        return self.names if self.names is not None else character_order(self.modules)

    def choices(self) -> list[str]:
        """The names the picker may take: every character no other seat has (nor, in a
        series, the last game had)."""
        taken = {c for s, c in self.characters.items() if s != self.picker}
        if self.legacy is not None:
            taken |= set(self.legacy.previous)
        return [name for name in self.in_play() if name not in taken]

    def module_lines(self) -> list[str]:
        """While seats join: the page of modules, one per DIE button, and DIE6 for the next."""
        pages = module_pages()
        lines = [self._module_state(m) for m in pages[self.module_page][1]]
        following = pages[(self.module_page + 1) % len(pages)][0]
        return [*lines, f"> {following}"]

    def _module_state(self, m: Module) -> str:
        """Each module by name and state: off, on, or (its role cards mixed by type) mixed."""
        if m not in self.modules:
            return _("{module}: off").format(module=module_label(m))
        if MODULES[m].role_cards and self.cards_mixed:
            return _("{module}: mixed").format(module=module_label(m))
        return _("{module}: on").format(module=module_label(m))

    def shown(self) -> list[str]:
        """The page of names on the console now, DIE1 first ([] when nobody is picking)."""
        return page_of(self.choices(), self.page) if self.picker is not None else []

    def _next_picker(self) -> int | None:
        """The next seat clockwise (after the last picker) still without a character."""
        waiting = [s for s in self.joined if s not in self.characters]
        later = [s for s in waiting if self.picker is not None and s > self.picker]
        return next(iter(later or waiting), None)

    def _unused(self, seat: int) -> list[str]:
        """Characters in neither the last game nor at another seat now (a module's series)."""
        assert self.legacy is not None
        taken = {c for s, c in self.characters.items() if s != seat}
        return [c for c in self.in_play() if c not in {*self.legacy.previous, *taken}]

    def _seat(self, button: str) -> int:
        seat = int(button[4:])
        if not 1 <= seat <= self.seats:
            raise Refused(
                _("Seat {seat} is not set up on this table (1 to {last}).").format(
                    seat=seat, last=self.seats
                )
            )
        return seat

    # ------------------------------------------------------------------ results

    def setup(self) -> GameSetup:
        characters = tuple(self.characters[s] for s in self.joined)
        seed = self.rng.randrange(2**32)
        dealt = self.dealt or len(self.joined) == 3
        sheriff = next((s for s, r in self.roles.items() if r is Role.SHERIFF), None)
        dealt_roles = tuple(self.roles[s] for s in self.joined) if dealt else None
        roles: tuple[Role | None, ...] = dealt_roles or tuple(
            Role.SHERIFF if s == sheriff else None for s in self.joined
        )
        options: dict[str, Any] = {
            "house_rules": self.house_rules,
            "seed": seed,
            "modules": self.modules,
            "real_piles": self.real_piles,
            "parts": (
                *(part for part in self.parts if part.module in self.modules),
                *self._cards(roles, seed),
            ),
        }
        seat = None if sheriff is None else self.joined.index(sheriff)
        if self.legacy is not None:
            return legacy_setup(self.legacy, seat, characters, roles=dealt_roles, **options)
        if dealt_roles is not None:
            return GameSetup(characters, roles=dealt_roles, **options)
        return GameSetup(characters, sheriff=seat, **options)

    def title(self) -> str:
        """The console's headline: who picks a character, on which page, while one does."""
        if self.stage == "join":
            expansion = module_pages()[self.module_page][0]
            return f"{expansion} {self.module_page + 1}/{len(module_pages())}"
        if self.stage != "characters" or self.picker is None:
            return _("BANG! set-up")
        return _("Seat {seat} picks ({page}/{pages})").format(
            seat=self.picker, page=self.page + 1, pages=page_count(self.choices())
        )

    def _cards(self, roles: tuple[Role | None, ...], seed: int) -> tuple[SetupPart, ...]:
        """The special role cards of a module that deals them, every card special or mixed
        with normal ones by type: dealt roles get their cards here, secret ones are on the
        table (the Sheriff's face up, special as he said, ``bear``)."""
        mixed = self.cards_mixed and cards_dealt(self.modules)
        if None in roles:
            return face_up_parts(self.modules, roles, mixed, self.bear)
        dealt = [r for r in roles if r is not None]
        return dealt_parts(self.modules, dealt, random.Random(seed), mixed)

    def prompt(self) -> str:
        if self.stage == "join":
            joining = _("New game: seats press to join ({count}), then DONE").format(
                count=len(self.joined)
            )
            shown = modules_by_number(self.modules, self.cards_mixed)
            return f"{joining}. {shown}" if shown else joining
        if self.stage == "roles":
            if self._asks_bear():
                return _("Sheriff's card: DIE1 {bear}, DIE2 a normal Sheriff").format(
                    bear=SPECIAL_ROLES["the_bear"].title
                )
            if self.legacy is not None and self.legacy.appointer is not None:
                old = self.joined[self.legacy.appointer]
                return _(
                    "Series: Sheriff (seat {seat}) appoints: press a seat. Hold UNDO: leave"
                ).format(seat=old)
            if self.dealt:
                return _("ROLL deals the roles; hold your seat to peek")
            return _("{role}: press your seat").format(role=ROLE_LABELS[self._role_asked()])
        if self.picker is None:
            return _("Every seat has a character: DONE starts; a seat presses to change its own")
        pages = page_count(self.choices())
        if pages > 2:
            said = _("Seat {seat}: DIE picks, SEAT{seat} next, DONE back ({page}/{pages})")
        else:
            said = _("Seat {seat}: DIE picks, SEAT{seat}: more ({page}/{pages})")
        return said.format(seat=self.picker, page=self.page + 1, pages=pages)
