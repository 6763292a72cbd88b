"""The rules of BANG! The Dice Game as a state machine.

The game is a queue of steps still to resolve, in rule order. Steps run until one needs a
player's decision; the action that answers it continues the queue. Everything is plain data,
so the whole game writes to JSON and reads back identically, even in the middle of a
resolution.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from itertools import combinations
from typing import Any

from . import victory
from .actions import Accept, Action, ChooseDie, ChooseSeat, Decline, Reveal, Roll, Stop
from .components import (
    ARROW_WEIGHT,
    ARROWS_IN_PILE,
    BASE_DICE,
    CHARACTERS,
    DICE,
    DYNAMITE_LIMIT,
    FACES,
    GATLING_NEEDED,
    REROLLS,
    SHERIFF_BONUS,
    THREE_PLAYER_FIRST,
    HouseRule,
    Role,
    Symbol,
)
from .decisions import Decision, DecisionKind
from .dice import DiceSource, SeededDice
from .errors import IllegalAction, StateError
from .events import (
    ArrowsDiscarded,
    ArrowTaken,
    BullseyeDoubled,
    DiceRolled,
    DynamiteExploded,
    Event,
    GameOver,
    GameStarted,
    GatlingFired,
    IndiansAttacked,
    LastOneStanding,
    LifeGained,
    LifeLost,
    PlayerEliminated,
    ResultAssigned,
    RoleRevealed,
    TurnEnded,
    TurnStarted,
)
from .explain import why_illegal
from .ranges import distances, next_living
from .setup import GameSetup
from .state import PlayerState

STATE_VERSION = 1

# Causes of life loss that are some player's own result ("by their hand").
HAND_CAUSES = ("bullseye", "gatling")

Step = list[Any]


def _fresh_scratch(players: int) -> dict[str, Any]:
    """What one turn's resolution keeps between steps."""
    return {
        "to_assign": [],  # [die, symbol] results still to give a target
        "assigned": [],  # [die, symbol, target] Bull's Eye results
        "beers": [],  # [die, target] Beer results
        "doubled": None,  # the die Slab the Killer doubled with a Beer
        "hits": [0] * players,  # life each seat is about to lose
        "hit_results": [0] * players,  # results that hit each seat (El Gringo)
    }


class Game:
    """A game in progress: ask ``pending`` and ``legal_actions()``, then ``apply()`` one."""

    def __init__(self, setup: GameSetup, dice: DiceSource | None = None) -> None:
        self.setup = setup
        self.dice_source: DiceSource = dice if dice is not None else SeededDice(setup.seed)
        sheriff = setup.sheriff_seat()
        self.players: list[PlayerState] = []
        for seat, name in enumerate(setup.characters):
            life = CHARACTERS[name].life + (SHERIFF_BONUS if seat == sheriff else 0)
            role = setup.roles[seat] if setup.roles is not None else None
            if seat == sheriff:
                role = Role.SHERIFF
            self.players.append(
                PlayerState(
                    seat=seat,
                    character=name,
                    max_life=life,
                    life=life,
                    role=role,
                    revealed=seat == sheriff or setup.three_player,
                )
            )
        self.pile = ARROWS_IN_PILE
        self.dice_kinds: list[str] = list(BASE_DICE)
        self.faces: list[str | None] = [None] * len(self.dice_kinds)
        self.rolls = 0
        self.roll_count = 0
        self.turn_number = 1
        if setup.three_player:
            assert setup.roles is not None
            self.turn = setup.roles.index(THREE_PLAYER_FIRST)
        else:
            assert sheriff is not None
            self.turn = sheriff
        self.queue: list[Step] = [["start_turn"]]
        self.pending: Decision | None = None
        self.over = False
        self.side: str | None = None
        self.winners: tuple[int, ...] = ()
        self.last_standing = False
        self.scratch = _fresh_scratch(setup.players)
        self._events: list[Event] = [
            GameStarted(
                tuple(p.character for p in self.players),
                tuple(p.life for p in self.players),
                sheriff,
            )
        ]
        self._run()
        self.opening_events: list[Event] = self._events

    # ----------------------------------------------------------------- the contract

    def legal_actions(self) -> list[Action]:
        """Every action the pending decision allows (none once the game is over)."""
        d = self.pending
        if d is None:
            return []
        return self._LEGAL[d.kind](self, d)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused, in rule order.

        An illegal action raises IllegalAction and changes nothing.
        """
        d = self.pending
        if d is None:
            raise IllegalAction("The game is over: start a new game.")
        if isinstance(action, Roll):
            action = _sorted_roll(action)
            if action.faces is not None:
                self._check_faces(action)
        probe = action.without_faces() if isinstance(action, Roll) else action
        if probe not in self.legal_actions():
            raise IllegalAction(why_illegal(self, d, action))
        self._events = []
        self.pending = None
        self._DECIDE[d.kind](self, d, action)
        self._run()
        return self._events

    def copy(self) -> Game:
        """An independent copy sharing the dice source."""
        clone = copy.copy(self)
        clone.players = [copy.copy(p) for p in self.players]
        clone.faces = list(self.faces)
        clone.dice_kinds = list(self.dice_kinds)
        clone.queue = copy.deepcopy(self.queue)
        clone.scratch = copy.deepcopy(self.scratch)
        clone._events = []
        return clone

    # ------------------------------------------------------------------ questions

    @property
    def max_rolls(self) -> int:
        return 1 + REROLLS + (1 if self._is(self.turn, "lucky_duke") else 0)

    @property
    def rolls_left(self) -> int:
        """Re-rolls still allowed this turn (0 once the dice resolve)."""
        if self.pending is None or self.pending.kind not in (
            DecisionKind.ROLL,
            DecisionKind.REROLL,
        ):
            return 0
        return self.max_rolls - self.rolls - (1 if self.rolls == 0 else 0)

    def locked(self, die: int) -> bool:
        """A die that cannot be re-rolled now (Dynamite; Black Jack excepted)."""
        face = self.faces[die]
        return (
            face is not None
            and FACES[face].symbol is Symbol.DYNAMITE
            and not self._is(self.turn, "black_jack")
        )

    def living(self) -> list[int]:
        return [p.seat for p in self.players if p.alive]

    def targets(self, die: int) -> list[int]:
        """Seats a Bull's Eye result on ``die`` may hit, for the player whose turn it is."""
        face = self.faces[die]
        if face is None:
            return []
        symbol = FACES[face].symbol
        alive = len(self.living())
        reach = {Symbol.BULLSEYE1: {1}, Symbol.BULLSEYE2: {2}}
        if HouseRule.BULLSEYE2_UP_TO_TWO in self.setup.house_rules:
            reach[Symbol.BULLSEYE2] = {1, 2}
        if alive <= 3:
            reach[Symbol.BULLSEYE2] = {1}
        allowed = set(reach[symbol])
        if self._is(self.turn, "calamity_janet"):
            allowed = reach[Symbol.BULLSEYE1] | reach[Symbol.BULLSEYE2]
        if self._is(self.turn, "rose_doolan"):
            allowed |= {d + 1 for d in allowed}
        return [s for s, k in distances(self.turn, self.living()).items() if k in allowed]

    def symbol_count(self, symbol: Symbol, dice: list[int] | None = None) -> int:
        """Results of ``symbol`` among the dice (a double face counts two)."""
        total = 0
        for i in range(len(self.faces)) if dice is None else dice:
            face = self.faces[i]
            if face is not None and FACES[face].symbol is symbol:
                total += FACES[face].count
        return total

    def unrevealed_roles(self) -> list[Role]:
        """The roles a seat with a hidden card may still hold."""
        return sorted(victory.unrevealed_pool(self.setup.role_mix, self.players))

    # ------------------------------------------------------------------ the queue

    def _run(self) -> None:
        while self.pending is None and not self.over and self.queue:
            step = self.queue.pop(0)
            self._STEPS[step[0]](self, *step[1:])

    def _front(self, steps: list[Step]) -> None:
        self.queue[:0] = steps

    def _emit(self, event: Event) -> None:
        self._events.append(event)

    def _ask(
        self, kind: DecisionKind, seat: int, die: int | None = None, remaining: int | None = None
    ) -> None:
        self.pending = Decision(kind, seat, die, remaining)

    def _is(self, seat: int, character: str) -> bool:
        return self.players[seat].character == character

    def _seat_with(self, character: str) -> PlayerState | None:
        return next((p for p in self.players if p.character == character and p.alive), None)

    def _clockwise(self, seats: list[int]) -> list[int]:
        """Seats in clockwise order starting from the player whose turn it is."""
        n = len(self.players)
        return sorted(seats, key=lambda s: (s - self.turn) % n)

    # ------------------------------------------------------------------ turn steps

    def _step_start_turn(self) -> None:
        self.faces = [None] * len(self.dice_kinds)
        self.rolls = 0
        self.scratch = _fresh_scratch(len(self.players))
        self._emit(TurnStarted(self.turn, self.turn_number))
        steps: list[Step] = [["roll_decision"]]
        if self._is(self.turn, "sid_ketchum"):
            steps.insert(0, ["sid_gift"])
        self._front(steps)

    def _step_sid_gift(self) -> None:
        self._ask(DecisionKind.GIFT_LIFE, self.turn)

    def _step_roll_decision(self) -> None:
        self._ask(DecisionKind.ROLL if self.rolls == 0 else DecisionKind.REROLL, self.turn)

    def _step_after_roll(self) -> None:
        if self.symbol_count(Symbol.DYNAMITE) >= DYNAMITE_LIMIT:
            self._emit(DynamiteExploded(self.turn))
            self._front(self._resolution(exploded=True))
        elif self.rolls >= self.max_rolls:
            self._front(self._resolution(exploded=False))
        else:
            self._ask(DecisionKind.REROLL, self.turn)

    def _resolution(self, exploded: bool) -> list[Step]:
        """The dice resolve in the rulebook's order once rolling is over."""
        steps: list[Step] = []
        if exploded:
            steps.append(["dynamite"])
            if HouseRule.DYNAMITE_CANCELS_ACTIONS in self.setup.house_rules:
                return [*steps, ["suzy"], ["end_turn"]]
        return [
            *steps,
            ["collect", Symbol.BULLSEYE1.value, Symbol.BULLSEYE2.value],
            ["assign_bullseye"],
            ["slab"],
            ["resolve_bullseyes"],
            ["collect", Symbol.BEER.value],
            ["assign_beer"],
            ["resolve_beers"],
            ["gatling"],
            ["kit", self.symbol_count(Symbol.GATLING)],
            ["suzy"],
            ["end_turn"],
        ]

    def _step_dynamite(self) -> None:
        self._damage([(self.turn, 1)], "dynamite", None)

    def _step_collect(self, *symbols: str) -> None:
        """List the results of these symbols, die by die, for their targets to be chosen."""
        results = []
        for die, face in enumerate(self.faces):
            if face is not None and FACES[face].symbol.value in symbols:
                results += [[die, FACES[face].symbol.value]] * FACES[face].count
        self.scratch["to_assign"] = results

    def _step_assign_bullseye(self) -> None:
        while self.scratch["to_assign"]:
            die = self.scratch["to_assign"][0][0]
            if self.targets(die):
                self._ask(DecisionKind.BULLSEYE_TARGET, self.turn, die=die)
                return
            self.scratch["to_assign"].pop(0)

    def _step_slab(self) -> None:
        if (
            self._is(self.turn, "slab_the_killer")
            and self.scratch["assigned"]
            and self.symbol_count(Symbol.BEER) > 0
        ):
            self._ask(DecisionKind.SLAB_DOUBLE, self.turn)

    def _step_resolve_bullseyes(self) -> None:
        doubled = self.scratch["doubled"]
        for die, _symbol, target in self.scratch["assigned"]:
            amount = 2 if die == doubled else 1
            if die == doubled:
                doubled = None  # one result only, even on a double face
            self.scratch["hits"][target] += amount
            self.scratch["hit_results"][target] += 1
        self._front([["bart", "bullseye"], ["apply_hits", "bullseye"]])

    def _step_assign_beer(self) -> None:
        if self.scratch["doubled"] is not None and self.scratch["to_assign"]:
            self.scratch["to_assign"].pop(0)  # the Beer Slab the Killer spent
            self.scratch["doubled"] = None
        if self.scratch["to_assign"]:
            self._ask(DecisionKind.BEER_TARGET, self.turn, die=self.scratch["to_assign"][0][0])

    def _step_resolve_beers(self) -> None:
        counts: dict[int, int] = {}
        for _die, target in self.scratch["beers"]:
            counts[target] = counts.get(target, 0) + 1
        for target in self._clockwise(list(counts)):
            player = self.players[target]
            amount = counts[target]
            if target == self.turn and self._is(target, "jesse_jones") and player.life <= 4:
                amount *= 2
            self._gain(target, amount, "beer")

    def _step_gatling(self) -> None:
        needed = 2 if self._is(self.turn, "willy_the_kid") else GATLING_NEEDED
        if self.symbol_count(Symbol.GATLING) < needed:
            return
        shooter = self.players[self.turn]
        self._emit(GatlingFired(self.turn))
        if shooter.arrows:
            self._discard(shooter, shooter.arrows, "gatling")
        for p in self.players:
            if p.alive and p.seat != self.turn and p.character != "paul_regret":
                self.scratch["hits"][p.seat] += 1
                self.scratch["hit_results"][p.seat] += 1
        self._front([["bart", "gatling"], ["apply_hits", "gatling"]])

    def _step_kit(self, gatlings: int) -> None:
        if gatlings and self._is(self.turn, "kit_carlson") and self._anyone_with_arrows():
            self._ask(DecisionKind.KIT_DISCARD, self.turn, remaining=gatlings)

    def _step_suzy(self) -> None:
        if self._is(self.turn, "suzy_lafayette") and not (
            self.symbol_count(Symbol.BULLSEYE1) or self.symbol_count(Symbol.BULLSEYE2)
        ):
            self._gain(self.turn, 2, "suzy_lafayette")

    def _step_end_turn(self) -> None:
        self._emit(TurnEnded(self.turn))
        following = next_living(self.turn, [p.alive for p in self.players])
        if following is None:
            return
        self.turn = following
        self.turn_number += 1
        self.queue = [["start_turn"]]

    # ------------------------------------------------------------ arrows and life

    def _step_take_arrow(self, seat: int, cause: str) -> None:
        player = self.players[seat]
        if not player.alive:
            return
        self.pile -= 1
        player.arrows += 1
        self._emit(ArrowTaken(seat, self.pile, cause))
        if self.pile == 0:
            self._front([["indians", seat]])

    def _step_indians(self, seat: int) -> None:
        self._emit(IndiansAttacked(seat))
        losses = []
        for p in self.players:
            if p.alive and p.arrows:
                worth = p.arrows * ARROW_WEIGHT
                losses.append((p.seat, 1 if p.character == "jourdonnais" else worth))
        follow, active_died = self._lose(losses, "indians", None)
        for p in self.players:
            if p.arrows:
                self._discard(p, p.arrows, "indians")
        self._continue(follow, active_died)

    def _step_bart(self, cause: str) -> None:
        bart = self._seat_with("bart_cassidy")
        if bart is not None and self.scratch["hits"][bart.seat] and self.pile > 1:
            self._ask(
                DecisionKind.ARROW_INSTEAD, bart.seat, remaining=self.scratch["hits"][bart.seat]
            )

    def _step_apply_hits(self, cause: str) -> None:
        hits, results = self.scratch["hits"], self.scratch["hit_results"]
        losses = [(seat, hits[seat]) for seat in range(len(hits)) if hits[seat]]
        gringo = self._seat_with("el_gringo")
        gringo_life = gringo.life if gringo is not None else 0
        gringo_results = results[gringo.seat] if gringo is not None and hits[gringo.seat] else 0
        self.scratch["hits"] = [0] * len(hits)
        self.scratch["hit_results"] = [0] * len(hits)
        follow, active_died = self._lose(losses, cause, self.turn)
        # Ruling 5: one arrow per result that makes him lose life; a result past his last
        # life point takes none.
        lost = gringo_life - gringo.life if gringo is not None else 0
        follow += [["take_arrow", self.turn, "el_gringo"]] * min(gringo_results, lost)
        self._continue(follow, active_died)

    def _damage(self, losses: list[tuple[int, int]], cause: str, by: int | None) -> None:
        follow, active_died = self._lose(losses, cause, by)
        self._continue(follow, active_died)

    def _lose(
        self, losses: list[tuple[int, int]], cause: str, by: int | None
    ) -> tuple[list[Step], bool]:
        """Life lost at the same time by several players; deaths among them are simultaneous.

        Returns the steps that follow (reveals, the end check, abilities triggered by the loss)
        and whether the player whose turn it is was eliminated.
        """
        dead: list[int] = []
        lost: dict[int, int] = {}
        for seat, amount in sorted(losses, key=lambda sa: (sa[0] - self.turn) % len(self.players)):
            player = self.players[seat]
            amount = min(amount, player.life)
            if not player.alive or amount <= 0:
                continue
            player.life -= amount
            lost[seat] = amount
            self._emit(LifeLost(seat, amount, player.life, cause, by))
            if player.life == 0:
                dead.append(seat)
        hand = by if cause in HAND_CAUSES else None
        for seat in dead:
            player = self.players[seat]
            player.alive = False
            self._emit(PlayerEliminated(seat, cause, hand))
            if player.arrows:
                self._discard(player, player.arrows, "eliminated")
        follow: list[Step] = [["reveal", seat] for seat in dead]
        if dead:
            follow.append(["check_end", [[seat, hand] for seat in dead]])
            vulture = self._seat_with("vulture_sam")
            if vulture is not None:
                follow.append(["gain", vulture.seat, 2 * len(dead), "vulture_sam"])
        pedro = self._seat_with("pedro_ramirez")
        if pedro is not None and pedro.seat in lost and cause != "indians":
            follow.append(["pedro", pedro.seat, lost[pedro.seat]])
        return follow, self.turn in dead

    def _continue(self, follow: list[Step], active_died: bool) -> None:
        """An active player eliminated in their turn ends it; nothing else of theirs resolves."""
        if active_died:
            self.queue = [*follow, ["end_turn"]]
        else:
            self._front(follow)

    def _step_gain(self, seat: int, amount: int, cause: str) -> None:
        self._gain(seat, amount, cause)

    def _gain(self, seat: int, amount: int, cause: str) -> None:
        player = self.players[seat]
        if not player.alive:
            return
        gained = min(amount, player.max_life - player.life)
        if gained > 0:
            player.life += gained
            self._emit(LifeGained(seat, gained, player.life, cause))

    def _step_pedro(self, seat: int, lost: int) -> None:
        player = self.players[seat]
        if player.alive and player.arrows:
            self._ask(DecisionKind.DISCARD_ARROW, seat, remaining=min(lost, player.arrows))

    def _discard(self, player: PlayerState, count: int, cause: str) -> None:
        player.arrows -= count
        self.pile += count
        self._emit(ArrowsDiscarded(player.seat, count, self.pile, cause))

    def _anyone_with_arrows(self) -> bool:
        return any(p.alive and p.arrows for p in self.players)

    # ------------------------------------------------------------ roles and the end

    def _step_reveal(self, seat: int) -> None:
        player = self.players[seat]
        if player.revealed:
            return
        if player.role is not None:
            player.revealed = True
            self._emit(RoleRevealed(seat, str(player.role)))
        else:
            self._ask(DecisionKind.REVEAL_ROLE, seat)

    def _step_check_end(self, deaths: list[list[Any]]) -> None:
        if self.setup.three_player:
            was_open = not self.last_standing
            outcome, self.last_standing = victory.three_player_outcome(
                self.players, [(d, by) for d, by in deaths], self.last_standing
            )
            if self.last_standing and was_open and outcome is None:
                self._emit(LastOneStanding())
        else:
            result = victory.base_outcome(self.setup.role_mix, self.players)
            if isinstance(result, victory.NeedReveal):
                self._front([["reveal", result.seat], ["check_end", deaths]])
                return
            outcome = result
        if outcome is not None:
            self.over = True
            self.side = outcome.side
            self.winners = outcome.winners
            self.queue = []
            self._emit(GameOver(outcome.side, outcome.winners))

    # ------------------------------------------------------------------ decisions

    def _decide_gift(self, d: Decision, action: Action) -> None:
        assert isinstance(action, ChooseSeat)
        self._gain(action.seat, 1, "sid_ketchum")

    def _decide_roll(self, d: Decision, action: Action) -> None:
        if isinstance(action, Stop):
            self._front(self._resolution(exploded=False))
            return
        assert isinstance(action, Roll)
        dice = list(action.dice)
        faces = (
            list(action.faces)
            if action.faces is not None
            else self.dice_source.roll(self.roll_count, [(i, self.dice_kinds[i]) for i in dice])
        )
        for i, face in zip(dice, faces, strict=True):
            self.faces[i] = face
        self.rolls += 1
        self.roll_count += 1
        self._emit(
            DiceRolled(
                self.turn,
                self.rolls,
                tuple(dice),
                tuple(faces),
                tuple(f for f in self.faces if f is not None),
            )
        )
        arrows = self.symbol_count(Symbol.ARROW, dice)
        self._front([*[["take_arrow", self.turn, "dice"]] * arrows, ["after_roll"]])

    def _decide_bullseye(self, d: Decision, action: Action) -> None:
        assert isinstance(action, ChooseSeat) and d.die is not None
        _die, symbol = self.scratch["to_assign"].pop(0)
        self.scratch["assigned"].append([d.die, symbol, action.seat])
        self._emit(ResultAssigned(self.turn, d.die, symbol, action.seat))
        self._front([["assign_bullseye"]])

    def _decide_slab(self, d: Decision, action: Action) -> None:
        if isinstance(action, ChooseDie):
            self.scratch["doubled"] = action.die
            self._emit(BullseyeDoubled(self.turn, action.die))

    def _decide_beer(self, d: Decision, action: Action) -> None:
        assert isinstance(action, ChooseSeat) and d.die is not None
        self.scratch["to_assign"].pop(0)
        self.scratch["beers"].append([d.die, action.seat])
        self._emit(ResultAssigned(self.turn, d.die, Symbol.BEER.value, action.seat))
        self._front([["assign_beer"]])

    def _decide_bart(self, d: Decision, action: Action) -> None:
        if isinstance(action, Decline):
            return
        self.scratch["hits"][d.seat] -= 1
        self.pile -= 1
        self.players[d.seat].arrows += 1
        self._emit(ArrowTaken(d.seat, self.pile, "bart_cassidy"))
        if self.scratch["hits"][d.seat] and self.pile > 1:
            self._ask(DecisionKind.ARROW_INSTEAD, d.seat, remaining=self.scratch["hits"][d.seat])

    def _decide_pedro(self, d: Decision, action: Action) -> None:
        if isinstance(action, Decline):
            return
        player = self.players[d.seat]
        self._discard(player, 1, "pedro_ramirez")
        assert d.remaining is not None
        if d.remaining > 1 and player.arrows:
            self._ask(DecisionKind.DISCARD_ARROW, d.seat, remaining=d.remaining - 1)

    def _decide_kit(self, d: Decision, action: Action) -> None:
        if isinstance(action, Decline):
            return
        assert isinstance(action, ChooseSeat) and d.remaining is not None
        self._discard(self.players[action.seat], 1, "kit_carlson")
        if d.remaining > 1 and self._anyone_with_arrows():
            self._ask(DecisionKind.KIT_DISCARD, d.seat, remaining=d.remaining - 1)

    def _decide_reveal(self, d: Decision, action: Action) -> None:
        assert isinstance(action, Reveal)
        player = self.players[d.seat]
        player.role = action.role
        player.revealed = True
        self._emit(RoleRevealed(d.seat, str(action.role)))

    # ------------------------------------------------------------- legal actions

    def _legal_seats(self, d: Decision) -> list[Action]:
        if d.kind is DecisionKind.BULLSEYE_TARGET:
            assert d.die is not None
            return [ChooseSeat(s) for s in self.targets(d.die)]
        if d.kind is DecisionKind.KIT_DISCARD:
            seats = [p.seat for p in self.players if p.alive and p.arrows]
            return [*(ChooseSeat(s) for s in seats), Decline()]
        return [ChooseSeat(s) for s in self.living()]

    def _legal_roll(self, d: Decision) -> list[Action]:
        if d.kind is DecisionKind.ROLL:
            return [Roll(tuple(range(len(self.faces))))]
        free = [i for i in range(len(self.faces)) if not self.locked(i)]
        actions: list[Action] = [Stop()]
        for size in range(1, len(free) + 1):
            actions += [Roll(c) for c in combinations(free, size)]
        return actions

    def _legal_slab(self, d: Decision) -> list[Action]:
        dice = sorted({die for die, _symbol, _target in self.scratch["assigned"]})
        return [*(ChooseDie(die) for die in dice), Decline()]

    def _legal_optional(self, d: Decision) -> list[Action]:
        return [Accept(), Decline()]

    def _legal_reveal(self, d: Decision) -> list[Action]:
        return [Reveal(r) for r in sorted(set(self.unrevealed_roles()))]

    _LEGAL: dict[DecisionKind, Callable[[Game, Decision], list[Action]]] = {
        DecisionKind.GIFT_LIFE: _legal_seats,
        DecisionKind.ROLL: _legal_roll,
        DecisionKind.REROLL: _legal_roll,
        DecisionKind.BULLSEYE_TARGET: _legal_seats,
        DecisionKind.SLAB_DOUBLE: _legal_slab,
        DecisionKind.BEER_TARGET: _legal_seats,
        DecisionKind.ARROW_INSTEAD: _legal_optional,
        DecisionKind.DISCARD_ARROW: _legal_optional,
        DecisionKind.KIT_DISCARD: _legal_seats,
        DecisionKind.REVEAL_ROLE: _legal_reveal,
    }

    _DECIDE: dict[DecisionKind, Callable[[Game, Decision, Action], None]] = {
        DecisionKind.GIFT_LIFE: _decide_gift,
        DecisionKind.ROLL: _decide_roll,
        DecisionKind.REROLL: _decide_roll,
        DecisionKind.BULLSEYE_TARGET: _decide_bullseye,
        DecisionKind.SLAB_DOUBLE: _decide_slab,
        DecisionKind.BEER_TARGET: _decide_beer,
        DecisionKind.ARROW_INSTEAD: _decide_bart,
        DecisionKind.DISCARD_ARROW: _decide_pedro,
        DecisionKind.KIT_DISCARD: _decide_kit,
        DecisionKind.REVEAL_ROLE: _decide_reveal,
    }

    _STEPS: dict[str, Callable[..., None]] = {
        "start_turn": _step_start_turn,
        "sid_gift": _step_sid_gift,
        "roll_decision": _step_roll_decision,
        "after_roll": _step_after_roll,
        "dynamite": _step_dynamite,
        "collect": _step_collect,
        "assign_bullseye": _step_assign_bullseye,
        "slab": _step_slab,
        "resolve_bullseyes": _step_resolve_bullseyes,
        "assign_beer": _step_assign_beer,
        "resolve_beers": _step_resolve_beers,
        "gatling": _step_gatling,
        "kit": _step_kit,
        "suzy": _step_suzy,
        "end_turn": _step_end_turn,
        "take_arrow": _step_take_arrow,
        "indians": _step_indians,
        "bart": _step_bart,
        "apply_hits": _step_apply_hits,
        "gain": _step_gain,
        "pedro": _step_pedro,
        "reveal": _step_reveal,
        "check_end": _step_check_end,
    }

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

    def to_json(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "setup": self.setup.to_json(),
            "players": [p.to_json() for p in self.players],
            "pile": self.pile,
            "dice_kinds": list(self.dice_kinds),
            "faces": list(self.faces),
            "rolls": self.rolls,
            "roll_count": self.roll_count,
            "turn": self.turn,
            "turn_number": self.turn_number,
            "queue": copy.deepcopy(self.queue),
            "pending": None if self.pending is None else self.pending.to_json(),
            "over": self.over,
            "side": self.side,
            "winners": list(self.winners),
            "last_standing": self.last_standing,
            "scratch": copy.deepcopy(self.scratch),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], dice: DiceSource | None = None) -> Game:
        """Read a game back exactly as it was written."""
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
            raise StateError(
                f"not a game state of version {STATE_VERSION}: "
                f"version {data.get('version') if isinstance(data, dict) else None!r}"
            )
        try:
            setup = GameSetup.from_json(data["setup"])
            game = cls.__new__(cls)
            game.setup = setup
            game.dice_source = dice if dice is not None else SeededDice(setup.seed)
            game.players = [PlayerState.from_json(p) for p in data["players"]]
            game.pile = int(data["pile"])
            game.dice_kinds = list(data["dice_kinds"])
            game.faces = list(data["faces"])
            game.rolls = int(data["rolls"])
            game.roll_count = int(data["roll_count"])
            game.turn = int(data["turn"])
            game.turn_number = int(data["turn_number"])
            game.queue = copy.deepcopy(data["queue"])
            pending = data["pending"]
            game.pending = None if pending is None else Decision.from_json(pending)
            game.over = bool(data["over"])
            game.side = data["side"]
            game.winners = tuple(data["winners"])
            game.last_standing = bool(data["last_standing"])
            game.scratch = copy.deepcopy(data["scratch"])
        except (KeyError, TypeError, ValueError) as exc:
            raise StateError(f"game state is incomplete or malformed: {exc!r}") from exc
        if len(game.players) != setup.players:
            raise StateError(f"{len(game.players)} players in a game set up for {setup.players}")
        game._events = []
        game.opening_events = []
        return game


def _sorted_roll(action: Roll) -> Roll:
    """The same roll with its dice (and their recorded faces) in die order."""
    if action.faces is None or len(action.faces) != len(action.dice):
        return Roll(tuple(sorted(action.dice)), action.faces)
    pairs = sorted(zip(action.dice, action.faces, strict=True))
    return Roll(tuple(d for d, _ in pairs), tuple(f for _, f in pairs))
