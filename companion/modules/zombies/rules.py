"""Undead or Alive, Module 4: the Boneyard cards, the zombie outbreak and its victory conditions.

Before the outbreak an eliminated player still has a place in the turn order: a Boneyard card is
revealed at the end of the turn in which they were eliminated and at the start of each turn they
would have had. When the zombie hands showing exceed the living players the outbreak begins
(rulebook, "When does the outbreak begin?"); then the eliminated return as zombies, a living
Renegade becomes the Zombie Master (ruling UA4 with physical roles), and the sides become
survivors against zombies. The cards are drawn by the engine (simulated, reproducible from the
seed) or, with ``BoneyardSetup.real_boneyard``, entered from the table's real deck as a decision.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Self

from companion.engine import (
    BASE_DICE,
    WRITTEN,
    Ability,
    Action,
    Answer,
    Choose,
    ChooseSeat,
    Decision,
    Decline,
    Event,
    ExtraTurn,
    HasParts,
    ModuleInfo,
    ModuleRules,
    Outcome,
    Part,
    Role,
    RoleRevealed,
    RuleGame,
    SetupPart,
    Spec,
    StateError,
    TurnEnded,
    declare_argument,
    declare_kind,
    declare_module,
    declare_returned,
    declare_role_announced,
    next_living,
    secret,
    setup_parts,
    state_parts,
    truth,
    unrevealed_pool,
)
from companion.engine.registry import decision, one_of_options, step
from companion.engine.steps import Step, start_turn

ID = declare_module("undead_or_alive.4", ModuleInfo("Undead or Alive?", min_players=4))


@dataclass(frozen=True, slots=True)
class BoneyardSetup(SetupPart):
    """The set-up's word on the Boneyard cards: drawn from the table's real deck and entered
    (``real_boneyard``), or simulated from the seed."""

    what: ClassVar[str] = "a real Boneyard deck"
    # ``game.boneyard``: the cards simulated from the seed (the default) or the table's deck.
    config_key: ClassVar[str] = "boneyard"
    config_words: ClassVar[tuple[str, ...]] = ("simulated", "real")

    real_boneyard: bool = field(default=False, metadata={WRITTEN: lambda part: part.real_boneyard})

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        return cls(truth(data.get("real_boneyard", False), "real_boneyard"))

    @classmethod
    def configured(cls, game: Mapping[str, Any]) -> Self | None:
        return cls(True) if game.get(cls.config_key) == "real" else None


@dataclass(frozen=True, slots=True)
class BoneyardGame(Part):
    """The Boneyard cards face down, face up with hands, and the No hands drawn this turn (back
    into the pile at its end); the cards drawn in the game (the simulated deck's next draw);
    the outbreak's stage."""

    boneyard_pile: tuple[str, ...] = ()
    boneyard_shown: tuple[str, ...] = ()
    boneyard_back: tuple[str, ...] = ()
    boneyard_draws: int = field(default=0, metadata=secret(blank=0))
    outbreak: str | None = None


@dataclass(frozen=True, slots=True)
class ZombiePlayer(Part):
    """Back as a zombie, or the Zombie Master (the living Renegade, on the zombies' side)."""

    zombie: bool = False
    master: bool = False


state_parts(ID, player=(ZombiePlayer, "alive"), game=(BoneyardGame, "eliminated_now"))
setup_parts(ID, (BoneyardSetup, "real_piles"))


def is_zombie(player: HasParts) -> bool:
    """``player`` (a player, or a bot's public copy of one) is back as a zombie: asked of a
    player at each turn and each gain of life, its part read straight."""
    zombie: bool = player.parts[ZombiePlayer.index].zombie
    return zombie


def is_master(player: HasParts) -> bool:
    """``player`` is the Zombie Master."""
    master: bool = player.parts[ZombiePlayer.index].master
    return master


def is_undead(player: HasParts) -> bool:
    """``player`` plays on the zombies' side: a zombie or their Master."""
    part = player.parts[ZombiePlayer.index]
    return bool(part.zombie or part.master)


declare_returned(lambda p: "a zombie" if is_zombie(p) else None)
# The Master is known as the Renegade since the outbreak, never as his card (Old Saloon 3).
declare_role_announced(is_master)


class BoneyardCard(StrEnum):
    """A Boneyard card, by the zombie hands it shows (the options of ``CARD``)."""

    NO_HANDS = "no_hands"
    ONE_HAND = "one_hand"
    TWO_HANDS = "two_hands"


# The eleven Boneyard cards (errata, "Decks and tokens") and the zombie hands each shows.
DECK: dict[str, int] = {
    BoneyardCard.NO_HANDS: 2,
    BoneyardCard.ONE_HAND: 6,
    BoneyardCard.TWO_HANDS: 3,
}
HANDS: dict[str, int] = {
    BoneyardCard.NO_HANDS: 0,
    BoneyardCard.ONE_HAND: 1,
    BoneyardCard.TWO_HANDS: 2,
}
ZOMBIE_DICE = 3  # "They only use three basic dice."

# The outbreak's stages in ``BoneyardGame.outbreak``: None (none yet), then one of these.
NEXT_TURN = "next_turn"  # revealed at the end of a turn: begins with the next player's turn
THIS_TURN = "this_turn"  # revealed at an eliminated player's would-be turn: begins with it
BEGUN = "begun"


def full_deck() -> list[str]:
    return sorted(card for card, count in DECK.items() for _ in range(count))


def hands_showing(game: RuleGame) -> int:
    return sum(HANDS[card] for card in BoneyardGame.of(game).boneyard_shown)


def living_count(game: RuleGame) -> int:
    return sum(p.alive for p in game.players)


@dataclass(frozen=True)
class BoneyardCardRevealed(Event):
    """``seat`` revealed ``card`` at the ``when`` ("end" or "start") of a turn; ``hands`` now
    showing against ``living`` players."""

    kind: ClassVar[str] = "boneyard_card"
    seat: int
    card: str
    when: str
    hands: int
    living: int


@dataclass(frozen=True)
class OutbreakComing(Event):
    """The hands exceed the living: the outbreak begins at the start of ``seat``'s turn."""

    kind: ClassVar[str] = "outbreak_coming"
    seat: int


@dataclass(frozen=True)
class ZombieOutbreak(Event):
    """The Boneyard cards leave play; ``zombies`` return with ``life``; ``master`` (or None)."""

    kind: ClassVar[str] = "zombie_outbreak"
    zombies: tuple[int, ...]
    life: int
    master: int | None


# The outbreak's stages in ``BoneyardGame.outbreak`` a pending decision may come with.
_COMING = (NEXT_TURN, THIS_TURN)


def _fits_card(game: RuleGame, d: Decision) -> str | None:
    """A pending card read back: drawn from the real deck, one of the cards left in it."""
    if not BoneyardSetup.of(game.setup).real_boneyard:
        return "the Boneyard cards are simulated: nothing to enter (real_boneyard)"
    left = tuple(sorted(set(BoneyardGame.of(game).boneyard_pile)))
    if not left or d.options != left or d.cause not in ("end", "start"):
        return f"options {list(d.options)}: the cards left in boneyard_pile {list(left)}"
    return None


def _fits_master(game: RuleGame, d: Decision) -> str | None:
    """A pending declaration read back: asked as an outbreak begins."""
    stage = BoneyardGame.of(game).outbreak
    if stage not in _COMING:
        return f"outbreak {stage!r}: the Master declares as an outbreak begins"
    return None


# Which Boneyard card was drawn from the table's real deck (an eliminated seat draws it).
CARD = declare_kind(
    "boneyard_card",
    Spec(
        Answer.CHOICE,
        False,
        "which Boneyard card did you draw",
        shows_a_card=True,
        person_enters=True,
        eliminated=True,
        fits=_fits_card,
        carries=("options", "cause"),
    ),
)
# Physical roles: which living seat declares the Renegade as the outbreak begins.
MASTER = declare_kind(
    "zombie_master",
    Spec(
        Answer.SEAT,
        True,
        "the living Renegade declares",
        person_enters=True,
        turn_seat=True,
        fits=_fits_master,
        carries=(),
    ),
)


# ============================================================ turn order and the cards


@step
def boneyard_turn_end(game: RuleGame, again: bool = False, /) -> None:
    """End of a turn: one card for each player eliminated in it, then the next turn (the same
    player's again after the Right Hand of the Devil, Old Saloon 3)."""
    due = [] if BoneyardGame.of(game).outbreak is not None else game.clockwise(game.eliminated_now)
    game.front([*(boneyard_draw(seat, "end") for seat in due), boneyard_ended(again)])


@step
def boneyard_ended(game: RuleGame, again: bool = False, /) -> None:
    # announced once every card of this turn's end is shown
    if BoneyardGame.of(game).outbreak == NEXT_TURN:
        following = game.turn if again else (game.turn + 1) % len(game.players)
        game.emit(OutbreakComing(following))
    game.emit(TurnEnded(game.turn))
    if again:
        game.emit(ExtraTurn(game.turn))
    _boneyard_next(game, again)


def _boneyard_next(game: RuleGame, again: bool = False, /) -> None:
    """Close this turn (No hands back into the pile) and start whatever comes next."""
    b = BoneyardGame.of(game)
    stage = b.outbreak
    if b.boneyard_back:
        BoneyardGame.change(
            game, boneyard_pile=tuple(sorted(b.boneyard_pile + b.boneyard_back)), boneyard_back=()
        )
    n = len(game.players)
    if again:  # an outbreak due with the next turn begins with this extra one
        _start(game, game.turn, [outbreak()] if stage == NEXT_TURN else [])
        return
    if stage == BEGUN:
        following = next_living(game.turn, [p.alive for p in game.players])
        if following is not None:
            _start(game, following, [])
        return
    following = (game.turn + 1) % n
    if stage == NEXT_TURN:
        _start(game, following, [outbreak()])
    elif game.players[following].alive:
        _start(game, following, [])
    else:
        game.turn = following
        game.stack = [boneyard_next(), boneyard_would_be(following)]


boneyard_next = step(_boneyard_next)


def _start(game: RuleGame, seat: int, before: list[Step]) -> None:
    game.turn = seat
    game.turn_number += 1
    game.stack = [start_turn(), *reversed(before)]


@step
def boneyard_would_be(game: RuleGame, seat: int, /) -> None:
    """An eliminated player's would-be turn: reveal a card; an outbreak begins with this turn."""
    game.front([boneyard_draw(seat, "start"), boneyard_would_be_end(seat)])


@step
def boneyard_would_be_end(game: RuleGame, seat: int, /) -> None:
    if BoneyardGame.of(game).outbreak == THIS_TURN:
        game.turn_number += 1
        game.stack = [start_turn(), outbreak()]


def _when(game: RuleGame, value: Any, where: str) -> None:
    if value not in ("end", "start"):
        raise StateError(f"{where}: {value!r}: a Boneyard card is drawn at a turn's end or start")


declare_argument("when: str", _when)


@step
def boneyard_draw(game: RuleGame, seat: int, when: str, /) -> None:
    if not BoneyardGame.of(game).boneyard_pile:
        return
    if BoneyardSetup.of(game.setup).real_boneyard:
        options = tuple(sorted(set(BoneyardGame.of(game).boneyard_pile)))
        game.ask(CARD, seat, options=options, cause=when)
        return
    b = BoneyardGame.of(game)
    rng = random.Random(f"boneyard:{game.setup.seed}:{b.boneyard_draws}")
    reveal(game, seat, rng.choice(sorted(b.boneyard_pile)), when)


@decision(CARD, legal=one_of_options)
def _decide_card(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose) and d.cause is not None
    reveal(game, d.seat, action.option, d.cause)


def reveal(game: RuleGame, seat: int, card: str, when: str) -> None:
    """The card is shown: No hands stops any outbreak this turn, "regardless of any other
    conditions", so also one a card drawn before it at the same turn's end would start; hands
    may start one."""
    b = BoneyardGame.of(game)
    pile = list(b.boneyard_pile)
    pile.remove(card)
    shown, back, stage = b.boneyard_shown, b.boneyard_back, b.outbreak
    if HANDS[card] == 0:
        back = (*back, card)
        if stage == NEXT_TURN:  # only ever set at this same turn's end
            stage = None
    else:
        shown = (*shown, card)
    hands = sum(HANDS[c] for c in shown)
    living = living_count(game)
    if HANDS[card] and hands > living and not back and stage is None:
        stage = NEXT_TURN if when == "end" else THIS_TURN
    # built whole, not replaced: a card is drawn at every elimination
    BoneyardGame(tuple(pile), shown, back, b.boneyard_draws + 1, stage).put(game)
    game.emit(BoneyardCardRevealed(seat, card, when, hands, living))


# ======================================================================= the outbreak


def master_candidates(game: RuleGame) -> list[int]:
    """Living seats that may hold the Renegade, closest clockwise from the turn's player first."""
    renegade_unknown = Role.RENEGADE in unrevealed_pool(game.setup.role_mix, game.players)
    return game.clockwise(
        [
            p.seat
            for p in game.players
            if p.alive and (p.role is Role.RENEGADE or (p.role is None and renegade_unknown))
        ]
    )


@step
def outbreak(game: RuleGame) -> None:
    candidates = master_candidates(game)
    if any(game.players[s].role is None for s in candidates):
        game.ask(MASTER, game.turn)
        return
    _begin(game, candidates[0] if candidates else None)


def _legal_master(game: RuleGame, d: Decision) -> list[Action]:
    return [*(ChooseSeat(s) for s in master_candidates(game)), Decline()]


@decision(MASTER, legal=_legal_master)
def _decide_master(game: RuleGame, d: Decision, action: Action) -> None:
    """Physical roles (UA4): the living Renegade declares; nobody declaring, no Master."""
    if isinstance(action, ChooseSeat):
        player = game.players[action.seat]
        if player.role is None:
            player.role = Role.RENEGADE
        _begin(game, action.seat)
    else:
        _begin(game, None)


def _begin(game: RuleGame, master: int | None) -> None:
    """The eliminated return with as many life as the living (Master included)."""
    if master is not None and not game.players[master].revealed:
        game.players[master].revealed = True
        game.emit(RoleRevealed(master, str(Role.RENEGADE)))
    life = living_count(game)
    zombies = tuple(p.seat for p in game.players if not p.alive)
    for seat in zombies:
        p = game.players[seat]
        p.alive, p.life, p.max_life = True, life, life
        ZombiePlayer.change(p, zombie=True)
    if master is not None:
        ZombiePlayer.change(game.players[master], master=True)
    BoneyardGame.change(game, boneyard_pile=(), boneyard_shown=(), boneyard_back=(), outbreak=BEGUN)
    game.refresh_abilities()
    game.emit(ZombieOutbreak(zombies, life, master))


# ======================================================================= a state read back


def _check_draws(game: RuleGame, on: bool) -> None:
    """The pile gets back only the No hands cards drawn in a turn, at its end, so a game draws
    at most the deck and those cards once a turn; and at least the cards out of the pile (each
    drawn, from the real deck or the simulated one). A seat's view shows no draws (0), as it
    shows no roll (``roll_count`` 0): no bound below there."""
    b = BoneyardGame.of(game)
    draws, n = b.boneyard_draws, sum(DECK.values())
    most = n + DECK[BoneyardCard.NO_HANDS] * game.turn_number if on else 0
    if not 0 <= draws <= most:
        raise StateError(
            f"boneyard_draws {draws}: a game draws 0 to {most} cards (the {n} cards, and "
            "the No hands back once each turn; "
            f"turn_number {game.turn_number}, module {ID} " + ("on)" if on else "off)")
        )
    out = len(b.boneyard_shown) + len(b.boneyard_back)
    if game.roll_count and draws < out:
        raise StateError(
            f"boneyard_draws {draws}: {out} or more, the cards drawn (boneyard_shown "
            f"{list(b.boneyard_shown)}, boneyard_back {list(b.boneyard_back)}, outbreak "
            f"{b.outbreak!r})"
        )


def check(game: RuleGame) -> None:
    """The Boneyard cards, the outbreak's stage and the undead (``checks.py``): the eleven cards
    are in the pile, face up (hands) or drawn this turn (No hands) until the outbreak removes
    them all; zombies and the Master exist only once it has begun."""
    on = ID in game.setup.modules
    b = BoneyardGame.of(game)
    piles = {
        "boneyard_pile": b.boneyard_pile,
        "boneyard_shown": b.boneyard_shown,
        "boneyard_back": b.boneyard_back,
    }
    for name, held in piles.items():
        unknown = [c for c in held if c not in DECK]
        if unknown:
            raise StateError(
                f"{name}: unknown card {unknown[0]!r}; expected one of " + ", ".join(DECK)
            )
    cards = sorted(c for pile in piles.values() for c in pile)
    if b.outbreak not in (None, NEXT_TURN, THIS_TURN, BEGUN) or (b.outbreak and not on):
        raise StateError(
            f"outbreak {b.outbreak!r}: expected None, {NEXT_TURN!r}, {THIS_TURN!r} or "
            f"{BEGUN!r} (with module {ID})"
        )
    begun = b.outbreak == BEGUN
    _check_draws(game, on)
    expected = full_deck() if on and not begun else []
    if cards != expected:
        raise StateError(
            "Boneyard cards not conserved: boneyard_pile, boneyard_shown and boneyard_back "
            f"hold {cards} (outbreak {b.outbreak!r}); expected "
            + (
                ", ".join(f"{c} x{k}" for c, k in DECK.items())
                if expected
                else "none (" + ("the outbreak removed them" if on else "module off") + ")"
            )
        )
    if any(HANDS[c] == 0 for c in b.boneyard_shown) or any(HANDS[c] for c in b.boneyard_back):
        raise StateError(
            f"boneyard_shown {list(b.boneyard_shown)} holds the cards with hands, "
            f"boneyard_back {list(b.boneyard_back)} the No hands drawn this turn"
        )
    if b.outbreak in (NEXT_TURN, THIS_TURN) and (
        hands_showing(game) <= living_count(game) or b.boneyard_back
    ):
        raise StateError(
            f"outbreak {b.outbreak!r}: it comes when the hands showing ({hands_showing(game)}) "
            f"exceed the living ({living_count(game)}) with no No hands drawn this turn"
        )
    _check_undead(game, begun)


def _check_undead(game: RuleGame, begun: bool) -> None:
    zombies = [p.seat for p in game.players if is_zombie(p)]
    masters = [p.seat for p in game.players if is_master(p)]
    for seat in zombies:
        most = game.setup.players - 1
        p = game.players[seat]
        if not 1 <= p.max_life <= most:
            raise StateError(
                f"seat {seat + 1}: a zombie's max_life {p.max_life} is outside 1..{most}, "
                "the players alive at the outbreak"
            )
    for seat in [*zombies, *masters]:
        if ID not in game.setup.modules:
            raise StateError(f"seat {seat + 1}: zombie or master, but module {ID} is off")
        if not begun:
            raise StateError(
                f"seat {seat + 1}: zombie or master, but no outbreak has begun "
                f"(outbreak {BoneyardGame.of(game).outbreak!r})"
            )
    if begun and not zombies:
        raise StateError(f"outbreak {BEGUN!r}, but no player is a zombie")
    if len(masters) > 1:
        raise StateError(f"master: seats {[s + 1 for s in masters]}; one Zombie Master at most")
    for seat in masters:
        p = game.players[seat]
        if is_zombie(p) or p.role is not Role.RENEGADE or not p.revealed:
            raise StateError(
                f"seat {seat + 1}: master, but the Zombie Master is the living Renegade, known "
                f"as such and no zombie (role {p.role}, zombie {is_zombie(p)})"
            )


# ====================================================================== the new sides

UNDEAD = "zombies"  # the side of the zombies and their Master
SURVIVORS = "survivors"


def outcome(game: RuleGame) -> Outcome | None:
    """After the outbreak: the zombies and Master win when every survivor is out (also when
    everyone dies at once), the survivors when every zombie and the Master are."""
    undead = [p for p in game.players if is_undead(p)]
    survivors = [p for p in game.players if not is_undead(p)]
    if not any(p.alive for p in survivors):
        return Outcome(UNDEAD, tuple(p.seat for p in undead))
    if not any(p.alive for p in undead):
        return Outcome(SURVIVORS, tuple(p.seat for p in survivors))
    return None


def _decides(game: RuleGame) -> bool:
    return BoneyardGame.of(game).outbreak == BEGUN


_NO_ABILITY = Ability()


def _powerless(game: RuleGame) -> dict[int, Ability]:
    """Zombies play on without their character's ability."""
    return {p.seat: _NO_ABILITY for p in game.players if is_zombie(p)}


def _turn_dice(game: RuleGame, kinds: list[str]) -> list[str]:
    """Zombies roll three base dice: no Saloon die, no Duel dice."""
    return list(BASE_DICE[:ZOMBIE_DICE]) if is_zombie(game.players[game.turn]) else kinds


def _initial(game: RuleGame) -> None:
    BoneyardGame.change(game, boneyard_pile=tuple(full_deck()))


RULES = ModuleRules(
    ID,
    initial=_initial,
    dice=_turn_dice,
    own_dice=(BASE_DICE[:ZOMBIE_DICE],),
    hand_over="boneyard_turn_end",
    gains_none=is_zombie,  # "They do not gain life points" (rulebook, Module 4)
    powerless=_powerless,
    decides=_decides,
    outcome=outcome,
    sides=(UNDEAD, SURVIVORS),
    # A zombie showed its card when eliminated; the Zombie Master shows the Renegade's.
    face_up=lambda game, p: is_undead(p),
    said=lambda p: f"zombie {is_zombie(p)}, master {is_master(p)}",
    check=check,
    table="companion.modules.zombies.table",
    bots="companion.modules.zombies.bots",
)
