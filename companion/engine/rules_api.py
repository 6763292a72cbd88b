"""What a rule may use of a game (``RuleGame``) and of a seat's character (``Ability``).

The rule files (the abilities, each module's file, the checks) take a game as ``RuleGame``,
never ``game.py``'s ``Game``: ``game.py`` imports them all, so naming ``Game`` would tie every
rule file and the game into one import cycle. ``Game`` is checked against this protocol where it
hands itself to a rule. ``Ability`` is here because the protocol names it and its hooks take a
``RuleGame``: the characters' own abilities are in ``abilities.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from .components import GATLING_NEEDED
from .module_catalog import Module
from .open_kinds import Declared, OpenKind
from .steps import Step, take_arrow

if TYPE_CHECKING:
    from .actions import Action
    from .components import Role, Symbol
    from .decisions import Decision, DecisionKind
    from .dice import DiceSource
    from .events import Event
    from .setup import GameSetup
    from .state import PlayerState, TurnScratch


class RuleGame(Protocol):
    """The state a rule reads and writes, and the game's own moves it makes (``game.py``)."""

    setup: GameSetup
    dice_source: DiceSource
    watched_moments: frozenset[str]
    players: list[PlayerState]
    pile: int
    dice_kinds: list[str]
    faces: list[str | None]
    rolls: int
    roll_count: int
    turn: int
    turn_number: int
    stack: list[Step]
    pending: Decision | None
    over: bool
    side: str | None
    winners: tuple[int, ...]
    last_standing: bool
    scratch: TurnScratch
    open_moments: list[list[Any]]
    waiting_win: list[Any] | None
    preset: list[int]
    eliminated_now: list[int]
    parts: tuple[Any, ...]

    def refresh_abilities(self) -> None: ...
    def legal_actions(self) -> list[Action]: ...
    def ability(self, seat: int) -> Ability: ...
    @property
    def max_rolls(self) -> int: ...
    @property
    def tokens_in_pile(self) -> int: ...
    def locked(self, die: int) -> bool: ...
    def living(self) -> list[int]: ...
    def out_but_playing(self, seat: int) -> bool: ...
    def result_face(self, die: int) -> str | None: ...
    def extra_results(self) -> list[str]: ...
    def held_results(self) -> list[str]: ...
    def targets(self, die: int) -> tuple[int, ...]: ...
    def symbol_count(self, symbol: Symbol | str, dice: Sequence[int] | None = None) -> int: ...
    def unrevealed_roles(self) -> list[Role]: ...
    def front(self, steps: list[Step]) -> None: ...
    def emit(self, event: Event) -> None: ...
    def ask(
        self,
        kind: DecisionKind,
        seat: int,
        *,
        die: int | None = None,
        remaining: int | None = None,
        target: int | None = None,
        options: tuple[str, ...] = (),
        cause: str | None = None,
    ) -> None: ...
    def clockwise(self, seats: list[int]) -> list[int]: ...
    def own_steps(self, phase: Phase) -> list[Step]: ...
    def set_dice(self, kinds: Sequence[str]) -> None: ...
    def take(self, seat: int, token: str, cause: str) -> None: ...
    def discard(self, player: PlayerState, count: int, cause: str) -> None: ...
    def discard_token(self, player: PlayerState, token: str, cause: str) -> None: ...
    def tokens_held(self, player: PlayerState) -> list[str]: ...
    def swap_tokens(self, a: PlayerState, b: PlayerState) -> None: ...
    def discard_all(self, player: PlayerState, cause: str) -> None: ...
    def gain(self, seat: int, amount: int, cause: str) -> None: ...
    def finish(self, side: str, winners: tuple[int, ...]) -> None: ...
    def _attach(self, setup: GameSetup, dice: DiceSource | None) -> None:
        """A state made a game (the checks check a state kept at a moment as one)."""


T = TypeVar("T")


class Trait(Generic[T]):
    """A trait of a character that one module's rules read and another module's characters
    may have (the dice a player chooses among as his turn starts, the cards he draws to keep
    one): declared by the module's package with the value of a character without it
    (``declare_trait``), so ``Ability`` holds no module's trait and the core never names one.
    A character has it by its ``traits`` (``given``); the module's rules read it (``of``)."""

    __slots__ = ("module", "name", "default")

    def __init__(self, module: str, name: str, default: T) -> None:
        self.module = module
        self.name = name
        self.default = default

    def given(self, value: T) -> Mapping[Trait[Any], object]:
        """A character's ``traits`` giving it ``value`` (``{**a.given(1), **b.given(2)}`` for
        two); TypeError when ``value`` is not of the default's type."""
        if not isinstance(value, type(self.default)):
            raise TypeError(
                f"trait {self.name!r} of module {self.module}: {value!r} is a "
                f"{type(value).__name__}, expected a {type(self.default).__name__}"
            )
        return {self: value}

    def of(self, ability: Ability) -> T:
        """What ``ability`` has of this trait: its own, or the default."""
        return cast(T, ability.traits.get(self, self.default))

    def __repr__(self) -> str:
        return f"Trait({self.module!r}, {self.name!r}, {self.default!r})"


# Each trait by its name, declared by its module's package (``declare_trait``).
TRAITS: Declared[str, Trait[Any]] = Declared()


def declare_trait(module: str, name: str, default: T) -> Trait[T]:
    """Module ``module``'s new trait ``name``, ``default`` for a character without it;
    ValueError when another declared that name."""
    made = Trait(module, name, default)
    TRAITS.add(name, made, "trait")
    return made


class Phase(OpenKind):
    """Where in one's own turn an ability may add steps (``Ability.turn_steps``): the core's
    here, run by the core's turn; a module's declared by its package (``declare_phase``) and
    run by its own rules (``RuleGame.own_steps``). A name misspelt is an AttributeError or a
    NameError where it is written, never a step silently missing."""

    START: ClassVar[Phase]  # before the first roll
    ROLLED: ClassVar[Phase]  # after each roll's effects
    LAST_ROLL: ClassVar[Phase]  # once rolling is over
    BULLSEYE_ASSIGNED: ClassVar[Phase]  # Bull's Eye targets chosen, before they hit
    BULLSEYE: ClassVar[Phase]  # after the Bull's Eyes
    GATLING: ClassVar[Phase]  # after the Gatling Gun
    END: ClassVar[Phase]  # after the last resolution phase


for _value in ("start", "rolled", "last_roll", "bullseye_assigned", "bullseye", "gatling", "end"):
    setattr(Phase, _value.upper(), Phase.declare(_value))

# Each module's own phases, with the module whose package declared it (``declare_phase``).
MODULE_PHASES: Declared[Phase, Module] = Declared()


def declare_phase(module: Module, value: str) -> Phase:
    """Module ``module``'s own phase ``value``, whose steps its rules run; ValueError when a
    phase of that name is declared already."""
    made = Phase.declare(value)
    MODULE_PHASES.add(made, module, "phase")
    return made


class Ability:
    """No ability: every hook leaves the rules as they are."""

    name: ClassVar[str] = ""
    extra_rolls: ClassVar[int] = 0
    rerolls_dynamite: ClassVar[bool] = False
    gatling_needed: ClassVar[int] = GATLING_NEEDED
    gatling_immune: ClassVar[bool] = False
    defers_arrows: ClassVar[bool] = False  # arrows rolled are taken after the last roll
    beer_uses: ClassVar[int] = 1  # results each Beer rolled gives (Greg Digger: two)
    # What it has of the traits modules declare (``Trait.given``): a module's rules read them.
    traits: ClassVar[Mapping[Trait[Any], object]] = {}
    beer_doubles_bullseye: ClassVar[bool] = False  # a Beer may double a Bull's Eye (Slab)

    def reach(self, symbol: str, reach: dict[str, set[int]]) -> set[int]:
        """The distances a Bull's Eye of ``symbol`` may hit from this seat."""
        return reach[symbol]

    def indian_loss(self, worth: int) -> int:
        """Life lost to the Indians holding arrows worth ``worth``."""
        return worth

    def bullseye_loss(self, amount: int) -> int:
        """Life lost to ``amount`` Bull's Eye hits resolved together."""
        return amount

    def beer_gain(self, game: RuleGame, seat: int, amount: int) -> int:
        """Life ``amount`` Beers given to this seat are worth."""
        return amount

    def own_beer_gain(self, life: int, amount: int) -> int:
        """Life ``amount`` Beers are worth to this player at ``life`` in his own turn: the
        question a bot can ask without the game."""
        return amount

    def arrow_steps(self, game: RuleGame, arrows: int) -> list[Step]:
        """Taking the arrows one of this player's rolls shows."""
        return [take_arrow(game.turn, "dice")] * arrows

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        """Steps of this player's own turn: at its start, or after a resolution phase."""
        return []

    def before_hits(self, game: RuleGame, seat: int, cause: str) -> list[Step]:
        """Steps before this seat loses the life of Bull's Eye or Gatling hits."""
        return []

    def offer_for_losses(
        self,
        game: RuleGame,
        seat: int,
        losses: list[list[int]],
        cause: str,
        by: int | None,
        then: list[Step],
    ) -> list[Step]:
        """Steps to run before ``losses`` apply (they replace the loss step), or none."""
        return []

    def on_life_lost(self, game: RuleGame, seat: int, lost: int, cause: str) -> list[Step]:
        """Steps after this (living) seat lost ``lost`` life."""
        return []

    def on_deaths(self, game: RuleGame, seat: int, dead: list[int]) -> list[Step]:
        """Steps after other players were eliminated while this seat lives."""
        return []

    def own_turn_losses(self, game: RuleGame, lost: dict[int, int]) -> list[Step]:
        """Steps after players lost life (``lost`` by seat) in this player's own turn, whether
        or not he is still alive."""
        return []

    def shooter_arrows(self, results: int, lost: int) -> int:
        """Arrows the player who hit this seat with ``results`` results must take."""
        return 0


# The hooks that are methods: the game asks only the seats whose ability overrides one.
HOOKS = (
    "before_hits",
    "offer_for_losses",
    "on_life_lost",
    "on_deaths",
    "own_turn_losses",
    "shooter_arrows",
    "turn_steps",
)
