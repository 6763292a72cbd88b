"""A sensible human player as rules: whom my side wants hurt or healed, which dice to keep.

Everything turns on one number per seat, the stake (``stakes.py``): above 0 this seat's role
wants that seat to lose life, below 0 to keep it. Shots, Beers, the dice to keep and the
abilities all follow from it; so do the arrow a seat discards (``arrows_and_dice.py``), the
modules' decisions (each module package's ``bots.py``) and the special cards it reveals into
open moments.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..engine import (
    FACES,
    Accept,
    Action,
    ChooseDie,
    ChooseSeat,
    DecisionKind,
    Declared,
    Decline,
    NextGame,
    ResultAssigned,
    Reveal,
    RevealSpecial,
    Roll,
    Stop,
    Symbol,
    card_of,
    load_layer,
)
from .appointments import Appointment, declared_appointment
from .arrows_and_dice import ARROW_RULES
from .base import checked
from .beliefs import Beliefs
from .observation import Observation
from .stakes import WORTH_KEEPING, Table, read_table, this_turn

# ------------------------------------------------------------------ decisions

# Whether a die showing a module's own symbol is worth keeping from a re-roll, by the symbol:
# the module's package adds its rule (``declare_keep``).
Keep = Callable[[Observation, Table], bool]
KEEPS: Declared[str, Keep] = Declared(load=lambda: load_layer("bots"))


def declare_keep(symbol: str, rule: Keep) -> None:
    """A module's rule for keeping a die that shows its own symbol."""
    KEEPS.add(symbol, rule, "keep rule of the symbol")


def _choose_seat_to_shoot(obs: Observation, table: Table) -> Action:
    hits = table.pending_hits()
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    best = max(seats, key=lambda s: (table.shot_value(s, hits), obs.players[s].life, -s))
    return ChooseSeat(best)


def _choose_seat_to_heal(obs: Observation, table: Table) -> Action:
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    beers = [0] * len(obs.players)
    for e in this_turn(obs):
        if isinstance(e, ResultAssigned) and e.symbol == "beer":
            beers[e.target] += 1

    def value(seat: int) -> tuple[float, int]:
        p = obs.players[seat]
        if p.life + beers[seat] >= p.max_life:
            return (0.0, 0)  # wasted, and that is better than healing an enemy
        return (table.heal_value(seat), -seat)

    return ChooseSeat(max(seats, key=value))


def _slab(obs: Observation, table: Table) -> Action:
    """Spend a Beer to double a Bull's Eye on the seat most worth hurting, if I can spare it."""
    me = obs.me
    if me.life <= 3 and me.life < me.max_life:
        return Decline()
    hits = table.pending_hits()
    shots = {
        e.die: e.target
        for e in this_turn(obs)
        if isinstance(e, ResultAssigned) and e.symbol != "beer"
    }
    offered = [a.die for a in obs.legal if isinstance(a, ChooseDie) and a.die in shots]
    if not offered:
        return Decline()
    die = max(offered, key=lambda d: table.shot_value(shots[d], hits))
    return ChooseDie(die) if table.stake[shots[die]] > WORTH_KEEPING else Decline()


def _bart(obs: Observation, table: Table) -> Action:
    """An arrow instead of a life, unless the Indians are near and I hold many already."""
    me = obs.me
    return Accept() if obs.pile >= 4 or me.life <= 2 else Decline()


def _kit(obs: Observation, table: Table) -> Action:
    """Discard my own arrow first, then a friend's; never help an enemy."""
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    if not seats:
        return Decline()
    best = min(seats, key=lambda s: (table.stake[s], -obs.players[s].arrows))
    return ChooseSeat(best) if table.stake[best] < 0 else Decline()


def _reveal(obs: Observation, table: Table) -> Action:
    """Show my own card, honestly."""
    return Reveal(obs.role) if obs.role is not None else Decline()


def _reroll(obs: Observation, table: Table) -> Action:
    """Keep what helps my side; re-roll the rest, minding Dynamite and the arrow pile."""
    free = sorted({d for a in obs.legal if isinstance(a, Roll) for d in a.dice})
    if not free:
        return Stop()
    faces = obs.faces
    symbols = [FACES[f].symbol if f is not None else None for f in faces]
    count = {s: sum(FACES[f].count for f in faces if f and FACES[f].symbol is s) for s in Symbol}
    me = obs.me
    dynamite = count[Symbol.DYNAMITE]
    if dynamite == 2 and me.life <= 2:
        return Stop()  # one more Dynamite would cost my last lives
    needed = me.ability.gatling_needed
    gatling = table.gatling_value()
    keep_gatling = gatling > 0 and (
        count[Symbol.GATLING] >= needed - 1 or obs.rolls_left >= 2 and count[Symbol.GATLING] >= 1
    )
    hits = [0] * len(obs.players)
    heal = max((table.heal_value(p.seat) for p in obs.players if p.alive), default=0.0)
    slab = me.ability.beer_doubles_bullseye
    reroll: list[int] = []
    for die in free:
        symbol = symbols[die]
        if symbol in (Symbol.BULLSEYE1, Symbol.BULLSEYE2):
            best = max((table.shot_value(s, hits) for s in obs.targets[die]), default=0.0)
            keep = best > WORTH_KEEPING
        elif symbol is Symbol.BEER:
            keep = heal > WORTH_KEEPING or (slab and count[Symbol.BULLSEYE1] > 0)
        elif symbol is Symbol.GATLING:
            keep = keep_gatling
        elif symbol is not None and symbol in KEEPS:
            keep = KEEPS[symbol](obs, table)
        else:
            keep = False  # arrows already resolved; Black Jack's Dynamite
        if not keep:
            reroll.append(die)
    if not reroll:
        return Stop()
    indians = table.indians_value()
    if obs.pile <= 2 and indians < 0:
        return Stop()  # a rolled arrow now would bring the Indians down on my side
    if dynamite == 2:
        reroll = [d for d in reroll if symbols[d] is Symbol.ARROW] or reroll
    return Roll(tuple(reroll))


Rule = Callable[[Observation, Table], Action]

# The base game's decisions and its characters'.
BASE_RULES: dict[DecisionKind, Rule] = {
    DecisionKind.GIFT_LIFE: _choose_seat_to_heal,
    DecisionKind.REROLL: _reroll,
    DecisionKind.BULLSEYE_TARGET: _choose_seat_to_shoot,
    DecisionKind.SLAB_DOUBLE: _slab,
    DecisionKind.BEER_TARGET: _choose_seat_to_heal,
    DecisionKind.ARROW_INSTEAD: _bart,
    DecisionKind.DISCARD_ARROW: lambda obs, table: Accept(),
    DecisionKind.KIT_DISCARD: _kit,
    DecisionKind.REVEAL_ROLE: _reveal,
}
# Every module's too: the box's default player; an installed module adds its own from its
# package (its ``ModuleRules.bots``, with ``declare_rule``).
RULES: Declared[DecisionKind, Rule] = Declared(
    {**BASE_RULES, **ARROW_RULES},
    load=lambda: load_layer("bots"),
)


def declare_rule(kind: DecisionKind, rule: Rule) -> None:
    """A module's rule for the box's players, for its own kind of decision."""
    RULES.add(kind, rule, "bot rule of the decision kind")


# Each special role card's rule: whether to reveal it into the moment now open; a module adds
# those of its cards from its package (with ``declare_reveal``).
RevealRule = Callable[[Observation, Table, tuple], bool]
REVEALS: Declared[str, RevealRule] = Declared(load=lambda: load_layer("bots"))


def declare_reveal(card: str, rule: RevealRule) -> None:
    """A module's rule for revealing one of its special cards."""
    REVEALS.add(card, rule, "reveal rule of the card")


# Moments of a turn's roll: their reveal rules read the dice as they are now, so only while
# that turn lasts (another turn's dice are not that roll's).
TURN_DICE_MOMENTS = frozenset({"roll", "last_roll"})


class RuleBot:
    """Plays like a sensible person; a decision it has no rule for gets the quiet answer its
    answer shape allows (``base.fallback``), and a special card with no reveal rule stays
    face down. ``RuleBot(BASE_RULES, reveals={}, sides=False, appoints=first_appointment)``
    is the player before the modules' rules, reading the table by the roles even once a
    module's public sides decide: the yardstick they must beat (``benchmarks/module_rules.py``)."""

    name = "rules"
    looks_ahead = False

    def __init__(
        self,
        rules: Mapping[DecisionKind, Rule] = RULES,
        reveals: Mapping[str, RevealRule] = REVEALS,
        sides: bool = True,
        appoints: Appointment = declared_appointment,
    ) -> None:
        self.rules = rules
        self.reveals = reveals
        self.sides = sides
        self.appoints = appoints

    def appoint(self, nxt: NextGame) -> int:
        """The next game's Sheriff, as the surviving Sheriff of a module's series."""
        return self.appoints(nxt)

    def __call__(self, obs: Observation) -> Action:
        return self.decide(obs)

    def decide(self, obs: Observation, known: Beliefs | None = None) -> Action:
        """Decide with ``known`` roles instead of guesses (a player that plays a sample forward)."""
        if len(obs.legal) == 1:
            return obs.legal[0]
        rule = self.rules.get(obs.pending.kind)
        return checked(
            obs, rule(obs, read_table(obs, known, sides=self.sides)) if rule is not None else None
        )

    def reveal(self, obs: Observation) -> RevealSpecial | None:
        """The special card to reveal into the moment open now (``obs.reveals``), if any."""
        if not obs.reveals:
            return None
        table = read_table(obs, sides=self.sides)
        for action in obs.reveals:
            if action.card != card_of(obs)[0]:
                continue  # offered by what the table knows; not my card
            kind, args = obs.moments[action.window]
            if kind in TURN_DICE_MOMENTS and len(args) == 1 and args[0] != obs.turn:
                continue  # the dice have moved on since that roll: the rule reads them now
            rule = self.reveals.get(action.card)
            if rule is not None and rule(obs, table, args):
                return action
        return None
