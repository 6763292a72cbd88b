"""The rules of BANG! The Dice Game as a state machine.

The game is a stack of steps still to resolve, the next on top, in rule order. Steps run until
one needs a player's decision; the action that answers it continues them. The turn's phases and
hooks come from the modules in play (``modules.py``: each module's rules are in its own file,
and this one names none), characters act through their ability objects (``abilities.py``),
never by name, and the state is typed data (``state.py``), so the whole game writes to JSON and
reads back identically, even in the middle of a resolution.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, ClassVar

from . import moments, victory
from .abilities import ability_of
from .actions import (
    SEATS,
    Action,
    Choose,
    ChooseSeat,
    Reveal,
    Roll,
    Stop,
    WindowAction,
    action_from_json,
)
from .checks import check_state
from .components import (
    ARROWS_IN_PILE,
    BASE_DICE,
    CHARACTERS,
    DICE,
    DYNAMITE_LIMIT,
    FACE_COUNT,
    FACE_SYMBOL,
    REROLLS,
    SHERIFF_BONUS,
    SYMBOL_RESULTS,
    THREE_PLAYER_FIRST,
    HouseRule,
    Role,
    Symbol,
)
from .decisions import SPECS, Decision, DecisionKind
from .dice import DiceSource, SeededDice
from .errors import IllegalAction, SetupError, StateError
from .events import (
    ArrowsDiscarded,
    ArrowTaken,
    DiceRolled,
    DynamiteExploded,
    Event,
    ExtraTurn,
    GameEndWaiting,
    GameOver,
    GameStarted,
    GatlingFired,
    IndiansAttacked,
    LifeGained,
    LifeLost,
    NoLegalAnswer,
    PlayerEliminated,
    ResultAssigned,
    RoleRevealed,
    TurnEnded,
    TurnStarted,
)
from .explain import why_illegal
from .module_catalog import Module
from .module_rules import ArrowToken, ModuleRules
from .modules import in_play, starting_dice, turn_order
from .options import ArrowKind
from .ranges import distances, next_living
from .reading import first_difference
from .registry import DECISIONS, STEPS, any_living_seat, decision, one_of_options, step
from .results import adjusted_count, collect_results
from .rules_api import HOOKS, Ability, Phase, RuleGame
from .setup import GameSetup
from .state import GameState, PlayerState, TurnScratch, copy_state, decode, encode
from .steps import (
    Step,
    assign_beer,
    assign_bullseye,
    end_turn,
    gain,
    lose,
    named,
    resolve,
    roll_effects,
    start_turn,
    take_arrow,
)

# 2: a saved game carries its play (``played``), replayed when it is read back.
STATE_VERSION = 2

# What three Dynamite cancel under the house rule ``dynamite_cancels_actions``.
CANCELLED_BY_DYNAMITE = ("bullseye", "beer", "gatling")

# Faces by name, for the hot paths (the modules' dice included): the symbol and how many
# results the face counts; the results of each symbol on each face.
_SYMBOL = FACE_SYMBOL
_COUNT = FACE_COUNT
_RESULTS = SYMBOL_RESULTS


class _SpecFlag(dict[DecisionKind, bool]):
    """One flag of each kind's spec, as the hot paths read it at every decision: looked up
    once per kind, when first asked (the modules declare their kinds as they load)."""

    def __init__(self, flag: str) -> None:
        super().__init__()
        self.flag = flag

    def __missing__(self, kind: DecisionKind) -> bool:
        found: bool = getattr(SPECS[kind], self.flag)
        self[kind] = found
        return found


# The kinds that are no move (they close none of the moments still open: a card shown, or the
# whole table's answer, which is not the pending player's action), those whose answers never
# run out, and the rolls of the turn's dice (they count the rolls left).
_NO_MOVE = _SpecFlag("no_move")
_ALWAYS_ANSWERED = _SpecFlag("always_answered")
_TURN_DICE = _SpecFlag("turn_dice")

# Immutable values the hot paths would otherwise build again and again.
_PLAIN: dict[tuple[DecisionKind, int, int | None], Decision] = {}
_REACH: dict[tuple[Any, ...], tuple[int, ...]] = {}
_REACH_LIMIT = 50_000
# Enum members the hot paths read, looked up once (a member's lookup is a slow attribute).
_ARROW = ArrowKind.ARROW
_UP_TO_TWO = HouseRule.BULLSEYE2_UP_TO_TWO
_START, _ROLLED = Phase.START, Phase.ROLLED
# The most dice a turn rolls: the base game's five and a sixth some modules add.
_MOST_DICE = len(BASE_DICE) + 1

# A phase as the game runs it (``module_rules.py``'s, which take a RuleGame, and its own).
PerRoll = Callable[["Game", Sequence[int]], list[Step]]
Resolution = Callable[["Game", bool], list[Step]]


@dataclass(frozen=True)
class TurnRules:
    """What the entries in play make of the game, gathered from their ``ModuleRules`` at each
    point (``module_rules.py`` says what each field is), the base game's first."""

    initial: tuple[Callable[[RuleGame], None], ...]
    per_roll: tuple[PerRoll, ...]
    resolution: tuple[tuple[str, Resolution], ...]
    start: tuple[str, ...]
    end: tuple[str, ...]
    starting_dice: tuple[str, ...]
    dice: tuple[Callable[[Game, list[str]], list[str]], ...]
    die_choice: tuple[Callable[[Game], list[Step]], ...]
    dice_set: tuple[Callable[[Game, bool], None], ...]
    own_turn: tuple[Callable[[Game], list[Step] | None], ...]
    turn_over: tuple[Callable[[Game], None], ...]
    hand_over: str | None
    plays_out: tuple[Callable[[PlayerState], bool], ...]
    gains_none: tuple[Callable[[PlayerState], bool], ...]
    powerless: tuple[Callable[[Game], dict[int, Ability]], ...]
    on_eliminated: tuple[Callable[[Game, list[int]], None], ...]
    gives_back: tuple[Callable[[Game, PlayerState], None], ...]
    extra_results: Callable[[Game], list[str]] | None
    held_results: Callable[[PlayerState], Sequence[str]] | None
    hand_causes: tuple[str, ...]
    at_reveal: tuple[Callable[[Game, int], list[Step]], ...]
    outcomes: tuple[tuple[Callable[[Game], bool], Callable[[Game], victory.Outcome | None]], ...]
    ends: Callable[[Game, list[list[Any]]], victory.Outcome | victory.NeedReveal | None]
    tokens: dict[str, ArrowToken]


def _dice_hooks(rules: ModuleRules) -> list[Callable[[Game, list[str]], list[str]]]:
    """A module's hooks on the turn's dice, as the game calls them: those of every turn, then
    those from the game's state."""
    hooks: list[Callable[[Game, list[str]], list[str]]] = []
    every_turn = rules.turn_dice
    if every_turn is not None:
        hooks.append(lambda game, kinds: every_turn(kinds))
    if rules.dice is not None:
        hooks.append(rules.dice)
    return hooks


@cache
def _turn_of(modules: frozenset[Module]) -> TurnRules:
    rules = in_play(modules)

    def each(field: str) -> tuple[Any, ...]:
        return tuple(getattr(r, field) for r in rules if getattr(r, field) is not None)

    per_roll_order, resolution_order = turn_order(modules)
    per_roll = {n: f for r in rules for n, _after, f in r.per_roll}
    resolution = {n: f for r in rules for n, _after, f in r.resolution}
    extra = each("extra_results")
    held = each("held_results")
    hand_over = each("hand_over")
    return TurnRules(
        initial=each("initial"),
        per_roll=tuple(per_roll[n] for n in per_roll_order),
        resolution=tuple((n, resolution[n]) for n in resolution_order),
        start=tuple(n for r in rules for n in r.start),
        end=tuple(n for r in rules for n in r.end),
        starting_dice=starting_dice(modules),
        dice=tuple(d for r in rules for d in _dice_hooks(r)),
        die_choice=each("die_choice"),
        dice_set=each("dice_set"),
        own_turn=each("own_turn"),
        turn_over=each("turn_over"),
        hand_over=hand_over[0] if hand_over else None,
        plays_out=each("plays_out"),
        gains_none=each("gains_none"),
        powerless=each("powerless"),
        on_eliminated=each("on_eliminated"),
        gives_back=each("gives_back"),
        extra_results=extra[0] if extra else None,
        held_results=held[0] if held else None,
        hand_causes=tuple(c for r in rules for c in r.hand_causes),
        at_reveal=each("at_reveal"),
        outcomes=tuple((r.decides, r.outcome) for r in rules if r.decides and r.outcome),
        ends=each("ends")[-1],
        tokens={r.token.name: r.token for r in rules if r.token is not None},
    )


class Game(GameState):
    """A game in progress: ask ``pending`` and ``legal_actions()``, then ``apply()`` one."""

    # What the engine does when a rule asks a decision no answer fits: the table (False)
    # skips it with a NoLegalAnswer event, so a game never waits for a press that cannot come;
    # the tests (tests/conftest.py) and the module-set campaign (True) raise StateError, so
    # the rule that asked is caught. Either way no such decision is ever pending.
    strict_decisions: ClassVar[bool] = False

    def __init__(self, setup: GameSetup, dice: DiceSource | None = None) -> None:
        self._attach(setup, dice)
        self._play: _Play | None = ()
        sheriff = setup.sheriff_seat()
        players = []
        bonus = setup.sheriff_bonus(sheriff) if sheriff is not None else SHERIFF_BONUS
        for seat, name in enumerate(setup.characters):
            life = CHARACTERS[name].life + (bonus if seat == sheriff else 0)
            life += setup.extra_life(seat)
            role = setup.roles[seat] if setup.roles is not None else None
            if seat == sheriff:
                role = Role.SHERIFF
            players.append(
                PlayerState(
                    seat=seat,
                    character=name,
                    max_life=life,
                    life=life,
                    role=role,
                    revealed=seat == sheriff or setup.three_player,
                )
            )
        if setup.three_player:
            assert setup.roles is not None
            first = setup.roles.index(THREE_PLAYER_FIRST)
        else:
            assert sheriff is not None
            first = sheriff
        GameState.__init__(
            self,
            players=players,
            pile=ARROWS_IN_PILE,
            dice_kinds=list(self.turn_rules.starting_dice),
            faces=[None] * len(self.turn_rules.starting_dice),
            rolls=0,
            roll_count=0,
            turn=first,
            turn_number=1,
            stack=[start_turn()],
            pending=None,
            over=False,
            side=None,
            winners=(),
            last_standing=False,
            scratch=TurnScratch.fresh(setup.players),
        )
        for module_initial in self.turn_rules.initial:
            module_initial(self)
        self._events: list[Event] = [
            GameStarted(
                tuple(p.character for p in self.players),
                tuple(p.life for p in self.players),
                sheriff,
            )
        ]
        self._run()
        self.opening_events: list[Event] = self._events

    def _attach(self, setup: GameSetup, dice: DiceSource | None) -> None:
        """What a game has beside its state: the set-up, the dice and the turn's phases."""
        self.setup = setup
        self.dice_source: DiceSource = dice if dice is not None else SeededDice(setup.seed)
        self.turn_rules = _turn_of(setup.modules)
        self._extra = self.turn_rules.extra_results
        self._held = self.turn_rules.held_results
        self.watched_moments = moments.watched(setup.modules)
        self._abilities, self._hooks = _abilities_at(tuple(map(ability_of, setup.characters)))
        self._events = []

    def refresh_abilities(self) -> None:
        """Each seat's ability, as the modules in play replace some (``ModuleRules.powerless``);
        called when a seat's part changes."""
        abilities = [ability_of(name) for name in self.setup.characters]
        for powerless in self.turn_rules.powerless:
            for seat, replaced in powerless(self).items():
                if 0 <= seat < len(abilities):  # a state read back names a bad seat later
                    abilities[seat] = replaced
        self._abilities, self._hooks = _abilities_at(tuple(abilities))

    # ----------------------------------------------------------------- the contract

    def legal_actions(self) -> list[Action]:
        """Every action the pending decision allows (none once the game is over)."""
        d = self.pending
        if d is None:
            return []
        return DECISIONS[d.kind].legal(self, d)

    def window_actions(self) -> list[WindowAction]:
        """Actions open now to seats beside the pending decision (reveals into open moments);
        the pending seat's next action closes them."""
        return moments.window_actions(self)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused, in rule order.

        An illegal action raises IllegalAction and changes nothing.
        """
        d = self.pending
        if d is None:
            raise IllegalAction("The game is over: start a new game.")
        if isinstance(action, WindowAction):
            if action.offered() not in self.window_actions():
                raise IllegalAction(moments.why_closed(self, action))
            wrong = moments.why_record_wrong(self, action)
            if wrong is not None:
                raise IllegalAction(wrong)
            self._events = []
            self.pending = None
            moments.seize(self, action)
            self._run()
            self._record(action, None)
            return self._events
        if isinstance(action, Roll):
            action = _sorted_roll(action)
            if action.faces is not None:
                self._check_faces(action)
        rule = DECISIONS[d.kind]
        if rule.accepts is not None:
            legal = rule.accepts(self, d, action)
        else:
            legal = action in rule.legal(self, d)
        if not legal:
            raise IllegalAction(why_illegal(self, d, action))
        drawing = self._drawing(action)
        self._events = []
        self.pending = None
        if self.open_moments and not _NO_MOVE[d.kind]:
            moments.close(self)
        rule.decide(self, d, action)
        self._run()
        self._record(action, drawing)
        return self._events

    def _drawing(self, action: Action) -> _Drawing | None:
        """While a roll with no faces given is applied in a game with a play, the dice
        source that keeps the faces it gives, for the play. (A reveal that re-rolls keeps
        the faces it is given in its step, so it goes into the play as it was made.)"""
        if self._play is None or not isinstance(action, Roll) or action.faces is not None:
            return None
        drawing = self.dice_source = _Drawing(self.dice_source)
        return drawing

    def _record(self, action: Action, drawing: _Drawing | None) -> None:
        if drawing is not None:
            self.dice_source = drawing.source
            action = drawing.recorded(action)
        if self._play is not None:
            self._play = (self._play, action)

    def played(self) -> list[Action] | None:
        """The actions applied since the set-up, in order; None for a position made by hand
        (``from_position``), which has no play behind it."""
        if self._play is None:
            return None
        actions: list[Action] = []
        link = self._play
        while link:
            link, action = link
            actions.append(action)
        return actions[::-1]

    def copy(self) -> Game:
        """An independent copy sharing the set-up and the dice source."""
        clone = copy_state(self)
        clone.setup = self.setup
        clone.dice_source = self.dice_source
        clone.turn_rules = self.turn_rules
        clone._extra = self._extra
        clone._held = self._held
        clone.watched_moments = self.watched_moments
        clone._abilities = self._abilities
        clone._hooks = self._hooks
        clone._events = []
        clone.opening_events = self.opening_events
        clone._play = self._play
        return clone

    # ------------------------------------------------------------------ questions

    def ability(self, seat: int) -> Ability:
        """What the seat's character can do (the rules ask this, never the character's name)."""
        return self._abilities[seat]

    @property
    def max_rolls(self) -> int:
        return 1 + REROLLS + self._abilities[self.turn].extra_rolls

    @property
    def rolls_left(self) -> int:
        """Re-rolls still allowed this turn (0 once the dice resolve)."""
        if self.pending is None or not _TURN_DICE[self.pending.kind]:
            return 0
        return self.max_rolls - self.rolls - (1 if self.rolls == 0 else 0)

    @property
    def rerolls_shown(self) -> int:
        """The re-rolls the table shows: ``rolls_left``, and during a question asked before the
        first roll or between two rolls (an ability's) the re-rolls still to come after it."""
        between = self.pending is not None and not _TURN_DICE[self.pending.kind]
        rolling = after_roll() in self.stack or roll_decision() in self.stack
        if between and rolling and self.symbol_count("dynamite") < DYNAMITE_LIMIT:
            return max(0, self.max_rolls - self.rolls - (1 if self.rolls == 0 else 0))
        return self.rolls_left

    @property
    def tokens_in_pile(self) -> int:
        """Arrow tokens in the pile, the modules' tokens included."""
        return self.pile + sum(token.in_pile(self) for token in self.turn_rules.tokens.values())

    def locked(self, die: int) -> bool:
        """A die that cannot be re-rolled now (Dynamite, unless an ability re-rolls it)."""
        face = self.faces[die]
        return (
            face is not None
            and _SYMBOL[face] == "dynamite"
            and not self._abilities[self.turn].rerolls_dynamite
        )

    def living(self) -> list[int]:
        return [p.seat for p in self.players if p.alive]

    def out_but_playing(self, seat: int) -> bool:
        """The seat is eliminated yet takes turns (a module's ``plays_out``)."""
        p = self.players[seat]
        return not p.alive and any(f(p) for f in self.turn_rules.plays_out)

    def result_face(self, die: int) -> str | None:
        """The face of a result: a die's, or past the dice an extra result's symbol."""
        if die < len(self.faces):
            return self.faces[die]
        return self.extra_results()[die - len(self.faces)]

    def extra_results(self) -> list[str]:
        """Symbols the modules in play add to this turn's results, numbered past the dice."""
        return self._extra(self) if self._extra is not None else []

    def held_results(self) -> list[str]:
        """Symbols the active player's pieces hold (``ModuleRules.held_results``)."""
        return list(self._held(self.players[self.turn])) if self._held is not None else []

    def targets(self, die: int) -> tuple[int, ...]:
        """Seats a Bull's Eye result on ``die`` may hit, for the player whose turn it is."""
        face = self.faces[die] if die < len(self.faces) else self.result_face(die)
        if face is None:
            return ()
        living = tuple([p.seat for p in self.players if p.alive])
        ability = self._abilities[self.turn]
        up_to_two = _UP_TO_TWO in self.setup.house_rules
        key = (self.turn, living, _SYMBOL[face], ability.name, up_to_two)
        found = _REACH.get(key)
        if found is None:
            reach = {"bullseye1": {1}, "bullseye2": {1, 2} if up_to_two else {2}}
            if len(living) <= 3:
                reach["bullseye2"] = {1}
            allowed = ability.reach(_SYMBOL[face], reach)
            found = tuple(s for s, k in distances(self.turn, living).items() if k in allowed)
            if len(_REACH) >= _REACH_LIMIT:
                _REACH.clear()
            _REACH[key] = found
        return found

    def symbol_count(self, symbol: Symbol | str, dice: Sequence[int] | None = None) -> int:
        """Results of ``symbol`` among the dice (a double face counts two); of the whole turn
        with what the player's pieces cancel or add (``held_results``) and the extra results,
        or of the ``dice`` given alone."""
        results = _RESULTS[symbol].__getitem__
        if dice is None:
            count = sum(map(results, self.faces))
            held = self._held is not None and self._held(self.players[self.turn])
            if held or (self._extra is not None and self._extra(self)):
                return adjusted_count(self, str(symbol), count)
            return count
        return sum(map(results, map(self.faces.__getitem__, dice)))

    def unrevealed_roles(self) -> list[Role]:
        """The roles a seat with a hidden card may still hold."""
        return sorted(victory.unrevealed_pool(self.setup.role_mix, self.players))

    # ----------------------------------------------- the stack (for rules and abilities)

    def _run(self) -> None:
        stack = self.stack
        steps = STEPS
        # The game's end (``finish``) empties the stack: an ended game stops here too.
        while stack and self.pending is None:
            todo = stack.pop()
            steps[todo[0]](self, *todo[1:])
            stack = self.stack

    def front(self, steps: list[Step]) -> None:
        """Resolve these steps next, in this order."""
        self.stack.extend(reversed(steps))

    def emit(self, event: Event) -> None:
        self._events.append(event)

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
    ) -> None:
        """Wait for ``seat``'s decision (``Decision`` says what each of its fields is about),
        when some answer fits it (``strict_decisions`` says what happens when none does)."""
        if remaining is None and target is None and not options and cause is None:
            d = _PLAIN.get((kind, seat, die)) or _plain(kind, seat, die)
        else:
            d = Decision(kind, seat, die, remaining, target, options, cause)
        if _ALWAYS_ANSWERED[kind] or DECISIONS[kind].legal(self, d):
            self.pending = d
        elif self.strict_decisions:
            raise StateError(
                f"a rule asked seat {seat + 1} {kind} ({d.spec.question}), which no answer fits"
            )
        else:
            self.emit(NoLegalAnswer(seat, str(kind)))

    def clockwise(self, seats: list[int]) -> list[int]:
        """Seats in clockwise order starting from the player whose turn it is."""
        n = len(self.players)
        return sorted(seats, key=lambda s: (s - self.turn) % n)

    def hooking(self, hook: str) -> list[int]:
        """The living seats whose ability acts at ``hook`` (the others need not be asked)."""
        seats = self._hooks[hook]
        if not seats:
            return []
        players = self.players
        return [seat for seat in seats if players[seat].alive]

    def own_steps(self, phase: Phase) -> list[Step]:
        """Steps the active player's ability adds to their own turn at ``phase``: asked at
        every roll and phase, so only of the abilities that add any."""
        if self.turn not in self._hooks["turn_steps"]:
            return []
        return self._abilities[self.turn].turn_steps(self, phase)

    # ------------------------------------------------------------ arrows and life

    def set_dice(self, kinds: Sequence[str]) -> None:
        """The turn's dice are these, as the modules in play make them, none rolled yet."""
        dice = list(kinds)
        for module_dice in self.turn_rules.dice:
            dice = module_dice(self, dice)
        self.dice_kinds = dice
        self.faces = [None] * len(dice)
        for dice_set in self.turn_rules.dice_set:
            dice_set(self, False)

    def take(self, seat: int, token: str, cause: str) -> None:
        """``seat`` takes a token from the pile; the last of them starts the Indian attack."""
        player = self.players[seat]
        tokens = self.turn_rules.tokens
        if token == _ARROW:
            self.pile -= 1
            player.arrows += 1
            self.emit(ArrowTaken(seat, self.pile, cause))
        else:
            tokens[token].take(self, seat, cause)
        if self.pile == 0 and not any(t.in_pile(self) for t in tokens.values()):
            self.front([indians(seat)])

    def discard(self, player: PlayerState, count: int, cause: str) -> None:
        """Regular arrows back to the pile."""
        player.arrows -= count
        self.pile += count
        self.emit(ArrowsDiscarded(player.seat, count, self.pile, cause))

    def discard_token(self, player: PlayerState, token: str, cause: str) -> None:
        """One token back to the pile: a regular arrow or a module's token."""
        if token == _ARROW:
            self.discard(player, 1, cause)
        else:
            self.turn_rules.tokens[token].discard(self, player, cause)

    def tokens_held(self, player: PlayerState) -> list[str]:
        """The modules' tokens ``player`` holds beside the regular arrows."""
        return [name for name, t in self.turn_rules.tokens.items() if t.held(player)]

    def swap_tokens(self, a: PlayerState, b: PlayerState) -> None:
        """The modules' tokens two players hold change hands (with their arrows)."""
        for token in self.turn_rules.tokens.values():
            token.swap(a, b)

    def discard_all(self, player: PlayerState, cause: str) -> None:
        if player.arrows:
            self.discard(player, player.arrows, cause)
        for token in self.turn_rules.tokens.values():
            if token.held(player):
                token.discard(self, player, cause)

    def gain(self, seat: int, amount: int, cause: str) -> None:
        player = self.players[seat]
        hooks = self.turn_rules.gains_none  # a player a module lets gain no life
        if not player.alive or (hooks and any(gains_none(player) for gains_none in hooks)):
            return
        gained = min(amount, player.max_life - player.life)
        if gained > 0:
            player.life += gained
            self.emit(LifeGained(seat, gained, player.life, cause))

    def lose(self, losses: list[list[int]], cause: str, by: int | None) -> tuple[list[Step], bool]:
        """Life lost at the same time by several players; deaths among them are simultaneous.

        ``losses`` are ``[seat, amount, results]``, ``results`` counting the results of
        ``by`` that hit the seat. Returns the steps that follow (reveals, the end check,
        abilities triggered by the loss) and whether the player whose turn it is was eliminated.
        """
        dead: list[int] = []
        lost: dict[int, int] = {}
        results: dict[int, int] = {}
        players = self.players
        n = len(players)
        if len(losses) > 1:
            losses = sorted(losses, key=lambda loss: (loss[0] - self.turn) % n)
        lost_this_turn = self.scratch.lost
        for seat, amount, hit_by in losses:
            player = players[seat]
            amount = min(amount, player.life)
            if not player.alive or amount <= 0:
                continue
            player.life -= amount
            lost[seat] = amount
            results[seat] = hit_by
            self.emit(LifeLost(seat, amount, player.life, cause, by))
            lost_this_turn[seat] += amount
            if player.life == 0:
                dead.append(seat)
        follow: list[Step] = []
        if dead:
            turn = self.turn_rules
            hand = by if cause in turn.hand_causes else None
            for seat in dead:
                player = players[seat]
                player.alive = False
                victory.keep_hand(player, hand)
                self.eliminated_now.append(seat)
                self.emit(PlayerEliminated(seat, cause, hand))
                self.discard_all(player, "eliminated")
                for gives_back in turn.gives_back:
                    gives_back(self, player)
            for on_eliminated in turn.on_eliminated:
                on_eliminated(self, dead)
            follow = [reveal(seat) for seat in dead]
            follow.append(check_end([[seat, hand] for seat in dead]))
            for seat in self.hooking("on_deaths"):
                follow += self.ability(seat).on_deaths(self, seat, dead)
        if lost:  # the abilities that act on a loss
            for seat in self.hooking("on_life_lost"):
                if seat in lost:
                    follow += self.ability(seat).on_life_lost(self, seat, lost[seat], cause)
            if by is not None:
                for seat in self._hooks["shooter_arrows"]:
                    if seat in lost:
                        arrows = self.ability(seat).shooter_arrows(results[seat], lost[seat])
                        follow += [take_arrow(by, self.ability(seat).name)] * arrows
            if self.turn in self._hooks["own_turn_losses"]:
                follow += self.ability(self.turn).own_turn_losses(self, lost)
        return follow, self.turn in dead

    def finish(self, side: str, winners: tuple[int, ...]) -> None:
        """The game is over: ``side`` has won. The table turns every role card up to see who
        won: each role the engine knows (dealt, or shown) is revealed, the living's too; with
        physical cards the table asks the living theirs (``table/end_roles.py``)."""
        for p in self.players:
            if p.role is not None and not p.revealed:
                p.revealed = True
                self.emit(RoleRevealed(p.seat, str(p.role)))
        self.over = True
        self.side = side
        self.winners = winners
        self.stack = []
        self.open_moments = []
        self.emit(GameOver(side, winners))

    def resume(self, follow: list[Step], active_died: bool) -> None:
        """An active player eliminated in their turn ends it; nothing else of theirs resolves."""
        if active_died:
            self.stack = []
            self.front([*follow, end_turn()])
        else:
            self.front(follow)

    # ------------------------------------------------------------ error messages

    def _check_faces(self, action: Roll) -> None:
        assert action.faces is not None
        if len(action.faces) != len(action.dice):
            raise IllegalAction(
                f"{len(action.dice)} dice rolled but {len(action.faces)} faces recorded"
            )
        for die, face in zip(action.dice, action.faces, strict=True):
            if not 0 <= die < len(self.dice_kinds):
                raise IllegalAction(
                    f"There is no die {die + 1}: dice are 1 to {len(self.dice_kinds)}."
                )
            if face not in DICE[self.dice_kinds[die]]:
                raise IllegalAction(
                    f"die {die + 1} has no face {face!r}; its faces are "
                    + ", ".join(DICE[self.dice_kinds[die]])
                )

    # ----------------------------------------------------------------- JSON

    def to_json(self, seat: int | None = None) -> dict[str, Any]:
        """The game as JSON; for ``seat``, as that seat may see it (``hidden.py``): a game
        of its own, the secrets it cannot know blank. The whole game carries its play
        (``played``: null for a position made by hand); a seat's view does not."""
        data = encode(self, seat)
        data["queue"] = data["queue"][::-1]  # in the order the steps will run
        if seat is None:
            played = self.played()
            data["played"] = None if played is None else [a.to_json() for a in played]
        return {"version": STATE_VERSION, "setup": self.setup.to_json(seat), **data}

    @classmethod
    def from_json(cls, data: dict[str, Any], dice: DiceSource | None = None) -> Game:
        """Read a saved game back exactly as it was written, refusing a game the rules cannot
        reach: its play (``played``) is replayed from its set-up, with ``dice`` (the set-up's
        seed unless given), and must give every field as written.

        The rules' own checks run first, so a field they bound is refused with the rule named.
        """
        game = cls.from_position(data, dice)
        played = data.get("played")
        if not isinstance(played, list):
            raise StateError(
                f"state.played: {played!r}; a saved game carries the list of actions played "
                "since its set-up (a position made by hand is read with Game.from_position)"
            )
        replayed = cls(game.setup, dice)
        for n, entry in enumerate(played):
            try:
                action = action_from_json(entry)
            except (StateError, ValueError) as exc:
                raise StateError(f"state.played[{n}]: {exc}") from exc
            try:
                replayed.apply(action)
            except IllegalAction as exc:
                raise StateError(
                    f"state.played[{n}]: {entry!r} cannot be played there: {exc}"
                ) from exc
        reached = replayed.to_json()
        written = game.to_json()
        written["played"] = played
        found = first_difference(written, reached)
        if found is not None:
            where, value, play_gives = found
            raise StateError(
                f"state.{where}: {value!r}, but the actions in 'played' give {play_gives!r}"
            )
        replayed.opening_events = []
        replayed._events = []
        return replayed

    @classmethod
    def from_position(cls, data: dict[str, Any], dice: DiceSource | None = None) -> Game:
        """A position of a test's, a tool's or a bot's making (a seat's view with its guesses),
        refused where the rules' checks refuse it; it has no play behind it (``played``
        ignored), so whatever those checks allow is taken as given."""
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
            raise StateError(
                f"not a game state of version {STATE_VERSION}: "
                f"version {data.get('version') if isinstance(data, dict) else None!r}"
            )
        if "setup" not in data:
            raise StateError("game state is incomplete: 'setup' is missing")
        try:
            setup = GameSetup.from_json(data["setup"])
        except SetupError as exc:
            raise SetupError(f"setup: {exc}") from exc
        body = {k: v for k, v in data.items() if k not in ("setup", "windows", "played")}
        game = cls.__new__(cls)
        game.__dict__.update(vars(decode(GameState, body, "state")))
        game.open_moments = moments.read(data.get("windows", []), "state.windows")
        game.stack = game.stack[::-1]
        game._attach(setup, dice)
        game._play = None
        game.refresh_abilities()
        game.opening_events = []
        check_state(game)
        return game


class _Drawing:
    """A dice source that keeps the faces it gives: a roll goes into the play with them, so
    that a saved game replays whatever dice source it was played with."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.faces: list[str] = []

    def roll(self, roll_number: int, dice: Sequence[tuple[int, str]]) -> list[str]:
        faces = self.source.roll(roll_number, dice)
        self.faces += faces
        return faces

    def recorded(self, action: Action) -> Action:
        """``action`` with the faces it rolled, where it rolled its dice once."""
        if isinstance(action, Roll) and len(self.faces) == len(action.dice):
            return Roll(action.dice, tuple(self.faces))
        return action


# A game's play, newest action first: () at the set-up, else (the play before, the action).
# Copies share it, as a chain, so a copy costs nothing for it however long the game.
_Play = tuple[Any, ...]


def _abilities_at(seats: tuple[Ability, ...]) -> tuple[list[Ability], dict[str, list[int]]]:
    """Each seat's ability, and for each hook the seats whose ability acts there."""
    hooks: dict[str, list[int]] = {hook: [] for hook in HOOKS}
    for seat, ability in enumerate(seats):
        kind = type(ability)
        acts = _OVERRIDDEN.get(kind)
        if acts is None:
            acts = _OVERRIDDEN[kind] = tuple(
                hook for hook in HOOKS if getattr(kind, hook) is not getattr(Ability, hook)
            )
        for hook in acts:
            hooks[hook].append(seat)
    return list(seats), hooks


# The hooks each kind of ability acts at, learnt once per kind (the seats' abilities change
# from game to game).
_OVERRIDDEN: dict[type[Ability], tuple[str, ...]] = {}


def _plain(kind: DecisionKind, seat: int, die: int | None = None) -> Decision:
    """The decision about nothing but (a die): one shared value each."""
    found = _PLAIN.get((kind, seat, die))
    if found is None:
        found = _PLAIN[kind, seat, die] = Decision(kind, seat, die)
    return found


def _sorted_roll(action: Roll) -> Roll:
    """The same roll with its dice (and their recorded faces) in die order."""
    if action.faces is None and action.dice in _IN_ORDER:
        return action
    if action.faces is None or len(action.faces) != len(action.dice):
        return Roll(tuple(sorted(action.dice)), action.faces)
    pairs = sorted(zip(action.dice, action.faces, strict=True))
    return Roll(tuple(d for d, _ in pairs), tuple(f for _, f in pairs))


# =========================================================================== turn steps


@step("start_turn")
def _start_turn(game: Game) -> None:
    turn = game.turn_rules
    kinds = list(turn.starting_dice)
    for module_dice in turn.dice:
        kinds = module_dice(game, kinds)
    game.dice_kinds = kinds
    game.eliminated_now = []
    game.faces = [None] * len(game.dice_kinds)
    game.rolls = 0
    game.scratch = TurnScratch.fresh(len(game.players))
    game.emit(TurnStarted(game.turn, game.turn_number))
    for own_turn in turn.own_turn:
        own = own_turn(game)
        if own is not None:
            game.front(own)
            return
    for dice_set in turn.dice_set:
        dice_set(game, True)
    steps: list[Step] = moments.moment_steps(game, "turn_start", game.turn)
    for die_choice in turn.die_choice:
        steps += die_choice(game)
    steps += game.own_steps(_START)
    steps += [named(name) for name in turn.start]
    if steps:
        game.front([*steps, roll_decision()])
    else:
        _roll_decision(game)


def _roll_decision(game: Game) -> None:
    game.ask(DecisionKind.ROLL if game.rolls == 0 else DecisionKind.REROLL, game.turn)


roll_decision = step(_roll_decision)


_ROLL_ALL = {n: Roll(tuple(range(n))) for n in range(1, _MOST_DICE + 1)}
# Every set of dice that can be rolled, in die order (a roll listing them otherwise is sorted).
_IN_ORDER = frozenset(
    c for k in range(1, _MOST_DICE + 1) for c in combinations(range(_MOST_DICE), k)
)
# The re-rolls open for each pattern of Dynamite results on the dice (0: the die may be
# re-rolled): the actions in order, and the dice tuples they roll. Built once per pattern,
# shared by every game.
_REROLLS: dict[tuple[int, ...], tuple[tuple[Action, ...], frozenset[tuple[int, ...]]]] = {}
_DYNAMITE = _RESULTS["dynamite"]  # a face's Dynamite results: none (0) leaves it free


def _rerolls(game: Game) -> tuple[tuple[Action, ...], frozenset[tuple[int, ...]]]:
    """The re-rolls open now (Dynamite stays, unless an ability re-rolls it)."""
    if game._abilities[game.turn].rerolls_dynamite:
        pattern = (0,) * len(game.faces)
    else:
        pattern = tuple(map(_DYNAMITE.__getitem__, game.faces))
    found = _REROLLS.get(pattern)
    if found is None:
        free = [i for i, locked in enumerate(pattern) if not locked]
        rolls = [c for size in range(1, len(free) + 1) for c in combinations(free, size)]
        found = _REROLLS[pattern] = ((Stop(), *(Roll(c) for c in rolls)), frozenset(rolls))
    return found


def _first_roll(game: Game) -> Roll:
    """The first roll rolls every die but those a module set before it (``GameState.preset``)."""
    if game.preset:
        return Roll(tuple(i for i in range(len(game.faces)) if i not in game.preset))
    return _ROLL_ALL[len(game.faces)]


def _legal_roll(game: Game, d: Decision) -> list[Action]:
    if d.kind is DecisionKind.ROLL:
        return [_first_roll(game)]
    return list(_rerolls(game)[0])


def _accepts_roll(game: Game, d: Decision, action: Action) -> bool:
    if not isinstance(action, Roll):
        return isinstance(action, Stop) and d.kind is DecisionKind.REROLL
    if d.kind is DecisionKind.ROLL:
        return action.dice == _first_roll(game).dice
    return action.dice in _rerolls(game)[1]


@decision(DecisionKind.ROLL, DecisionKind.REROLL, legal=_legal_roll, accepts=_accepts_roll)
def _decide_roll(game: Game, d: Decision, action: Action) -> None:
    if isinstance(action, Stop):
        _last_roll(game, exploded=False)
        return
    assert isinstance(action, Roll)
    dice = action.dice
    faces = (
        list(action.faces)
        if action.faces is not None
        else game.dice_source.roll(game.roll_count, [(i, game.dice_kinds[i]) for i in dice])
    )
    for i, face in zip(dice, faces, strict=True):
        game.faces[i] = face
    game.rolls += 1
    game.roll_count += 1
    game.emit(
        DiceRolled(
            game.turn,
            game.rolls,
            dice,
            tuple(faces),
            tuple(filter(None, game.faces)),
        )
    )
    if game.preset:
        dice = (*dice, *game.preset)  # set by the Ghost's token: resolved as if rolled
        game.preset = []
    moment = moments.moment_steps(game, "roll", game.turn)
    if moment:
        game.front([*moment, roll_effects(list(dice)), after_roll()])
    else:
        steps = _roll_effects(game, dice)
        if steps:
            game.front([*steps, after_roll()])
        else:
            _after_roll(game)


@step("roll_effects")
def _roll_effects_step(game: Game, dice: Sequence[int]) -> None:
    game.front(_roll_effects(game, dice))


def _roll_effects(game: Game, dice: Sequence[int]) -> list[Step]:
    steps: list[Step] = []
    for phase in game.turn_rules.per_roll:
        steps += phase(game, dice)
    steps += game.own_steps(_ROLLED)
    return steps


def _after_roll(game: Game) -> None:
    if game.symbol_count("dynamite") >= DYNAMITE_LIMIT:
        game.emit(DynamiteExploded(game.turn))
        _last_roll(game, exploded=True)
    elif game.rolls >= game.max_rolls:
        _last_roll(game, exploded=False)
    else:
        game.pending = _plain(DecisionKind.REROLL, game.turn)


after_roll = step(_after_roll)


def _last_roll(game: Game, exploded: bool) -> None:
    """Rolling is over: the moment after the last roll, then the dice resolve."""
    moment = moments.moment_steps(game, "last_roll", game.turn)
    if moment:
        game.front([*moment, resolve(exploded)])
    else:
        game.front(_resolution(game, exploded))


@step("resolve")
def _resolve(game: Game, exploded: bool) -> None:
    game.front(_resolution(game, exploded))


def _resolution(game: Game, exploded: bool) -> list[Step]:
    """The dice resolve in the order of the modules in play once rolling is over."""
    cancel = exploded and HouseRule.DYNAMITE_CANCELS_ACTIONS in game.setup.house_rules
    steps: list[Step] = []
    for name, phase in game.turn_rules.resolution:
        if not (cancel and name in CANCELLED_BY_DYNAMITE):
            steps += phase(game, exploded)
    return [*steps, end_turn()]


# ------------------------------------------- the steps of the base game's phases (``base_game.py``)


@step("collect")
def _collect(game: Game, *symbols: str) -> None:
    """List the results of these symbols, die by die, for their targets to be chosen."""
    if game.held_results() or game.extra_results() or game.ability(game.turn).beer_uses != 1:
        game.scratch.to_assign = collect_results(
            game, symbols
        )  # tokens, extra results, Greg Digger
        return
    results = []
    for die, face in enumerate(game.faces):
        if face is not None and _SYMBOL[face] in symbols:
            results += [[die, _SYMBOL[face]]] * _COUNT[face]
    game.scratch.to_assign = results


@step("assign_bullseye")
def _assign_bullseye(game: Game) -> None:
    to_assign = game.scratch.to_assign
    while to_assign:
        die = to_assign[0][0]
        if game.targets(die):
            game.ask(DecisionKind.BULLSEYE_TARGET, game.turn, die=die)
            return
        to_assign.pop(0)


def _legal_targets(game: Game, d: Decision) -> list[Action]:
    assert d.die is not None
    return list(map(SEATS.__getitem__, game.targets(d.die)))


def _accepts_target(game: Game, d: Decision, action: Action) -> bool:
    assert d.die is not None
    return isinstance(action, ChooseSeat) and action.seat in game.targets(d.die)


@decision(DecisionKind.BULLSEYE_TARGET, legal=_legal_targets, accepts=_accepts_target)
def _decide_bullseye(game: Game, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat) and d.die is not None
    _die, symbol = game.scratch.to_assign.pop(0)
    game.scratch.assigned.append([d.die, symbol, action.seat])
    game.emit(ResultAssigned(game.turn, d.die, symbol, action.seat))
    game.front([assign_bullseye()])


@step("resolve_bullseyes")
def _resolve_bullseyes(game: Game) -> None:
    scratch = game.scratch
    if not scratch.assigned:
        return  # nobody hit: nothing to take the hits or lose life
    doubled = scratch.doubled
    for die, _symbol, target in scratch.assigned:
        amount = 2 if die == doubled else 1
        if die == doubled:
            doubled = None  # one result only, even on a double face
        scratch.hits[target] += amount
        scratch.hit_results[target] += 1
    game.front([before_hits("bullseye"), apply_hits("bullseye")])


@step("assign_beer")
def _assign_beer(game: Game) -> None:
    scratch = game.scratch
    if scratch.doubled is not None and scratch.to_assign:
        scratch.to_assign.pop(0)  # the Beer Slab the Killer spent
        scratch.doubled = None
    if scratch.to_assign:
        game.ask(DecisionKind.BEER_TARGET, game.turn, die=scratch.to_assign[0][0])


@decision(DecisionKind.BEER_TARGET, legal=any_living_seat)
def _decide_beer(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat) and d.die is not None
    game.scratch.to_assign.pop(0)
    game.scratch.beers.append([d.die, action.seat])
    game.emit(ResultAssigned(game.turn, d.die, Symbol.BEER.value, action.seat))
    game.front([assign_beer()])


@step("resolve_beers")
def _resolve_beers(game: Game) -> None:
    counts: dict[int, int] = {}
    for _die, target in game.scratch.beers:
        counts[target] = counts.get(target, 0) + 1
    steps: list[Step] = []
    for target in game.clockwise(list(counts)):
        amount = game._abilities[target].beer_gain(game, target, counts[target])
        steps.append(gain(target, amount, "beer"))
    game.front(steps)


@step("gatling")
def _gatling(game: Game) -> None:
    if game.symbol_count("gatling") < game._abilities[game.turn].gatling_needed:
        return
    shooter = game.players[game.turn]
    game.emit(GatlingFired(game.turn))
    game.discard_all(shooter, "gatling")
    scratch = game.scratch
    for p in game.players:
        if p.alive and p.seat != game.turn and not game._abilities[p.seat].gatling_immune:
            scratch.hits[p.seat] += 1
            scratch.hit_results[p.seat] += 1
    game.front([before_hits("gatling"), apply_hits("gatling")])


@step("end_turn")
def _end_turn(game: Game, moment: bool = True, again: bool = False) -> None:
    turn = game.turn_rules
    if turn.end and not game.scratch.closed:
        game.scratch.closed = True  # the modules' end of turn, even for an eliminated player
        game.front([*(named(name) for name in turn.end), end_turn(moment, again)])
        return
    if moment:
        steps = moments.moment_steps(game, "turn_end", game.turn)
        if steps:
            game.front([*steps, end_turn(False)])
            return
    if turn.hand_over is not None:
        game.stack = [named(turn.hand_over, again)]  # a module passes the turn
        return
    game.emit(TurnEnded(game.turn))
    for turn_over in turn.turn_over:
        turn_over(game)
    plays_out = turn.plays_out
    if plays_out:
        playing = [p.alive or any(f(p) for f in plays_out) for p in game.players]
    else:
        playing = [p.alive for p in game.players]
    following = next_living(game.turn, playing)
    if again:  # Old Saloon 3, The Right Hand of the Devil: another turn at once
        game.emit(ExtraTurn(game.turn))
        following = game.turn
    if following is None:
        return
    game.turn = following
    game.turn_number += 1
    game.stack = [start_turn()]


# ====================================================================== arrows and life


@step("take_arrow")
def _take_arrow(game: Game, seat: int, cause: str) -> None:
    if not game.players[seat].alive:
        return
    for token in game.turn_rules.tokens.values():
        if token.take_arrow(game, seat, cause):
            return
    game.take(seat, _ARROW, cause)


@step("which_arrow")
def _which_arrow(game: Game, seat: int, holder: int, cause: str) -> None:
    """Discard one token of ``holder``'s; ``seat`` chooses when there is a choice."""
    player = game.players[holder]
    held = game.tokens_held(player)
    if player.arrows and held:
        options = (_ARROW, *held)
        game.ask(DecisionKind.WHICH_ARROW, seat, target=holder, options=options, cause=cause)
    elif player.arrows or held:
        game.discard_token(player, _ARROW if player.arrows else held[0], cause)


@decision(DecisionKind.WHICH_ARROW, legal=one_of_options)
def _decide_which_arrow(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose) and d.target is not None and d.cause is not None
    game.discard_token(game.players[d.target], action.option, d.cause)


@step
def indians(game: Game, seat: int, /) -> None:
    """Each loses a life per arrow (a module's token worth its weight); a token's holder with
    strictly the most arrows loses nothing."""
    game.emit(IndiansAttacked(seat))
    tokens = game.turn_rules.tokens.values()
    holding = {
        p.seat: [t for t in tokens if t.held(p)]
        for p in game.players
        if p.alive and (p.arrows or any(t.held(p) for t in tokens))
    }
    worth = {s: game.players[s].arrows + sum(t.weight for t in held) for s, held in holding.items()}
    losses = []
    for s, w in worth.items():
        if holding[s] and all(w > other for o, other in worth.items() if o != s):
            continue  # a token, and strictly the most arrows: no loss at all
        losses.append([s, game._abilities[s].indian_loss(w), 0])
    game.front([lose(losses, "indians", None, [discard_all("indians")])])


@step
def discard_all(game: Game, cause: str, /) -> None:
    for p in game.players:
        game.discard_all(p, cause)


@step
def before_hits(game: Game, cause: str, /) -> None:
    steps: list[Step] = []
    for seat in game.hooking("before_hits"):
        steps += game._abilities[seat].before_hits(game, seat, cause)
    game.front(steps)


@step
def apply_hits(game: Game, cause: str, /) -> None:
    scratch = game.scratch
    hits, results = scratch.hits, scratch.hit_results
    losses = []
    for seat, amount in enumerate(hits):
        if amount:
            if cause == "bullseye":
                amount = game._abilities[seat].bullseye_loss(amount)
            losses.append([seat, amount, results[seat]])
    scratch.hits = [0] * len(hits)
    scratch.hit_results = [0] * len(hits)
    game.front([lose(losses, cause, game.turn, [])])


@step("lose")
def _lose(
    game: Game,
    losses: list[list[int]],
    cause: str,
    by: int | None,
    then: list[Step],
    offered: bool = False,
    moment: bool = True,
) -> None:
    """Players lose life together; abilities may first take the loss (one that loses life in
    another's place); those about to be eliminated make a moment (``moments.py``)."""
    if not offered:
        for seat in game.hooking("offer_for_losses"):
            offer = game._abilities[seat].offer_for_losses(game, seat, losses, cause, by, then)
            if offer:
                game.front(offer)
                return
    if moment:
        players = game.players
        dying = [s for s, a, _r in losses if players[s].alive and 0 < players[s].life <= a]
        steps = moments.moment_steps(game, "eliminate", dying) if dying else []
        if steps:
            game.front([*steps, lose(losses, cause, by, then, True, False)])
            return
    follow, active_died = game.lose(losses, cause, by)
    game.resume([*then, *follow], active_died)


@step("gain")
def _gain(game: Game, seat: int, amount: int, cause: str, moment: bool = True) -> None:
    """A gain is a moment of its own first (\"about to gain life\", ``moments.py``); a player
    a module lets gain no life is never about to gain, so makes none."""
    p = game.players[seat]
    hooks = game.turn_rules.gains_none
    gains = not (hooks and any(gains_none(p) for gains_none in hooks))
    if moment and p.alive and gains and min(amount, p.max_life - p.life) > 0:
        steps = moments.moment_steps(game, "gain", seat, amount, cause)
        if steps:
            game.front([*steps, gain(seat, amount, cause, False)])
            return
    game.gain(seat, amount, cause)


# ===================================================================== roles and the end


@step
def reveal(game: Game, seat: int, /) -> None:
    player = game.players[seat]
    for at_reveal in game.turn_rules.at_reveal:
        game.front(at_reveal(game, seat))
    if player.revealed:
        return
    if player.role is not None:
        player.revealed = True
        game.emit(RoleRevealed(seat, str(player.role)))
    else:
        game.ask(DecisionKind.REVEAL_ROLE, seat)


def _legal_reveal(game: Game, d: Decision) -> list[Action]:
    return [Reveal(r) for r in sorted(set(game.unrevealed_roles()))]


@decision(DecisionKind.REVEAL_ROLE, legal=_legal_reveal)
def _decide_reveal(game: Game, d: Decision, action: Action) -> None:
    assert isinstance(action, Reveal)
    player = game.players[d.seat]
    player.role = action.role
    player.revealed = True
    game.emit(RoleRevealed(d.seat, str(action.role)))


@step
def check_end(game: Game, deaths: list[list[Any]], /) -> None:
    turn = game.turn_rules
    module_outcome = next((o for d, o in turn.outcomes if d(game)), None)
    if module_outcome is not None:
        outcome = module_outcome(game)
    else:
        result = turn.ends(game, deaths)  # the base game's end, or a module's in its place
        if isinstance(result, victory.NeedReveal):
            game.front([reveal(result.seat), check_end(deaths)])
            return
        outcome = result
    if outcome is not None and game.open_moments:
        # Old Saloon 3: a reveal into an open moment may still avert it (docs/rules.md).
        game.waiting_win = [outcome.side, list(outcome.winners)]
        game.stack = []
        game.emit(GameEndWaiting(outcome.side))
        game.ask(DecisionKind.GAME_END, game.turn)
    elif outcome is not None:
        game.finish(outcome.side, outcome.winners)
