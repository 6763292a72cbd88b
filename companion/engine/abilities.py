"""Characters' abilities as objects: the rules ask an ability, never a character's name.

``Ability`` is a seat with no ability at all (what a module may make a seat); each
character's card is a subclass registered under the character's name, overriding the hooks its
text names. Hooks are read at the points the rulebook names: the dice and re-rolls, what is
locked, range, the Gatling Gun, the Indians, the start and phases of one's own turn, before and
after losing life, another player's death. Optional choices are decisions registered here.
"""

from __future__ import annotations

from .actions import DECLINE, SEATS, Action, ChooseDie, ChooseSeat, Decline
from .components import CHARACTERS
from .decisions import Decision, DecisionKind
from .events import BullseyeDoubled
from .registry import any_living_seat, decision, step, yes_no
from .rules_api import Ability, Phase, RuleGame
from .steps import Step, gain, take_arrow, which_arrow

ABILITIES: dict[str, Ability] = {}
_NONE = Ability()


def ability(cls: type[Ability]) -> type[Ability]:
    """Register a character's ability under its name (which must be a character's)."""
    if cls.name not in CHARACTERS or cls.name in ABILITIES:
        raise ValueError(f"no character, or one already registered, named {cls.name!r}")
    ABILITIES[cls.name] = cls()
    return cls


def ability_of(character: str) -> Ability:
    return ABILITIES.get(character, _NONE)


def _tokens(game: RuleGame, seat: int) -> int:
    p = game.players[seat]
    return p.arrows + len(game.tokens_held(p))


# =========================================================================== base game


@ability
class BartCassidy(Ability):
    """Take an arrow instead of losing a life (Bull's Eyes, Gatling; never the last arrow)."""

    name = "bart_cassidy"

    def before_hits(self, game: RuleGame, seat: int, cause: str) -> list[Step]:
        return [arrow_instead(seat)]


@step
def arrow_instead(game: RuleGame, seat: int, /) -> None:
    hits = game.scratch.hits[seat]
    if hits and game.tokens_in_pile > 1:
        game.ask(DecisionKind.ARROW_INSTEAD, seat, remaining=hits)


@decision(DecisionKind.ARROW_INSTEAD, legal=yes_no)
def _decide_arrow_instead(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, Decline):
        return
    game.scratch.hits[d.seat] -= 1
    game.front([take_arrow(d.seat, "bart_cassidy"), arrow_instead(d.seat)])


@ability
class BlackJack(Ability):
    name = "black_jack"
    rerolls_dynamite = True


@ability
class CalamityJanet(Ability):
    name = "calamity_janet"

    def reach(self, symbol: str, reach: dict[str, set[int]]) -> set[int]:
        return reach["bullseye1"] | reach["bullseye2"]


@ability
class ElGringo(Ability):
    """Ruling 5: one arrow per result that makes him lose life."""

    name = "el_gringo"

    def shooter_arrows(self, results: int, lost: int) -> int:
        return min(results, lost)


@ability
class JesseJones(Ability):
    """Ruling 6: Beers on himself in his turn count double at 4 life or less (tested once)."""

    name = "jesse_jones"

    def beer_gain(self, game: RuleGame, seat: int, amount: int) -> int:
        return self.own_beer_gain(game.players[seat].life, amount) if seat == game.turn else amount

    def own_beer_gain(self, life: int, amount: int) -> int:
        return amount * 2 if life <= 4 else amount


@ability
class Jourdonnais(Ability):
    name = "jourdonnais"

    def indian_loss(self, worth: int) -> int:
        return min(worth, 1)


@ability
class KitCarlson(Ability):
    """Each Gatling: may discard an arrow of anyone's, after the Gun (if it fires)."""

    name = "kit_carlson"

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        if phase is not Phase.GATLING:
            return []
        return [kit(game.symbol_count("gatling"))]


@step
def kit(game: RuleGame, gatlings: int, /) -> None:
    if gatlings and any(p.alive and _tokens(game, p.seat) for p in game.players):
        game.ask(DecisionKind.KIT_DISCARD, game.turn, remaining=gatlings)


def _legal_kit(game: RuleGame, d: Decision) -> list[Action]:
    seats = [p.seat for p in game.players if p.alive and _tokens(game, p.seat)]
    return [*(SEATS[s] for s in seats), DECLINE]


@decision(DecisionKind.KIT_DISCARD, legal=_legal_kit)
def _decide_kit(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, Decline):
        return
    assert isinstance(action, ChooseSeat) and d.remaining is not None
    game.front([which_arrow(d.seat, action.seat, "kit_carlson"), kit(d.remaining - 1)])


@ability
class LuckyDuke(Ability):
    name = "lucky_duke"
    extra_rolls = 1


@ability
class PaulRegret(Ability):
    name = "paul_regret"
    gatling_immune = True


@ability
class PedroRamirez(Ability):
    """Each life lost (not to the Indians: all arrows go anyway): may discard an arrow."""

    name = "pedro_ramirez"

    def on_life_lost(self, game: RuleGame, seat: int, lost: int, cause: str) -> list[Step]:
        return [] if cause == "indians" else [pedro(seat, lost)]


@step
def pedro(game: RuleGame, seat: int, lost: int, /) -> None:
    tokens = _tokens(game, seat)
    if lost and game.players[seat].alive and tokens:
        game.ask(DecisionKind.DISCARD_ARROW, seat, remaining=min(lost, tokens))


@decision(DecisionKind.DISCARD_ARROW, legal=yes_no)
def _decide_pedro(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, Decline):
        return
    assert d.remaining is not None
    game.front([which_arrow(d.seat, d.seat, "pedro_ramirez"), pedro(d.seat, d.remaining - 1)])


@ability
class RoseDoolan(Ability):
    name = "rose_doolan"

    def reach(self, symbol: str, reach: dict[str, set[int]]) -> set[int]:
        return reach[symbol] | {d + 1 for d in reach[symbol]}


@ability
class SidKetchum(Ability):
    name = "sid_ketchum"

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        return [sid_gift()] if phase is Phase.START else []


@step
def sid_gift(game: RuleGame) -> None:
    game.ask(DecisionKind.GIFT_LIFE, game.turn)


@decision(DecisionKind.GIFT_LIFE, legal=any_living_seat)
def _decide_gift(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat)
    game.front([gain(action.seat, 1, "sid_ketchum")])


@ability
class SlabTheKiller(Ability):
    name = "slab_the_killer"
    beer_doubles_bullseye = True

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        return [slab()] if phase is Phase.BULLSEYE_ASSIGNED else []


@step
def slab(game: RuleGame) -> None:
    if game.scratch.assigned and game.symbol_count("beer") > 0:
        game.ask(DecisionKind.SLAB_DOUBLE, game.turn)


def _legal_slab(game: RuleGame, d: Decision) -> list[Action]:
    dice = sorted({die for die, _symbol, _target in game.scratch.assigned})
    return [*(ChooseDie(die) for die in dice), Decline()]


@decision(DecisionKind.SLAB_DOUBLE, legal=_legal_slab)
def _decide_slab(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, ChooseDie):
        game.scratch.doubled = action.die
        game.emit(BullseyeDoubled(game.turn, action.die))


@ability
class SuzyLafayette(Ability):
    name = "suzy_lafayette"

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        """Her card reads "If you didn't roll any Bull's Eye": the dice decide, counting a Bull's
        Eye a module's piece cancels, not a module's result past the dice, which is never
        rolled."""
        if phase is not Phase.END:
            return []
        dice = range(len(game.faces))
        if game.symbol_count("bullseye1", dice) or game.symbol_count("bullseye2", dice):
            return []
        return [gain(game.turn, 2, self.name)]


@ability
class VultureSam(Ability):
    name = "vulture_sam"

    def on_deaths(self, game: RuleGame, seat: int, dead: list[int]) -> list[Step]:
        return [gain(seat, 2 * len(dead), self.name)]


@ability
class WillyTheKid(Ability):
    name = "willy_the_kid"
    gatling_needed = 2
