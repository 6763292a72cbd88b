"""What a state read back must satisfy: a game the rules can reach, or a clear StateError.

A saved game, a journal's position or a bot's snapshot is never trusted: whatever a power cut,
a bad SD card or a hand edit leaves there must be a game the rules can reach, or be refused
here, never crash later in play. Each message names the field as the state's JSON spells it
(a player's as ``seat N: field``) and what was expected. A redacted snapshot (what one seat may
know) is such a game too: the roles and special cards the seat cannot know are None, or guesses
that fit the role mix.

Here the table: players, life, roles, arrows, dice, the open moments and the end. Each module's
own invariants are in its package (its ``ModuleRules.check``); the queue and the turn's scratch
in ``queue_checks``; the pending decision in ``pending_checks``.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from . import (
    moments,
    pending_checks,
    queue_checks,
)
from .abilities import ability_of
from .actions import RevealSpecial, action_from_json
from .components import (
    ARROWS_IN_PILE,
    CHARACTERS,
    DICE,
    REROLLS,
    ROLE_MIX,
    SHERIFF_BONUS,
    SPECIAL_ROLES,
    THREE_PLAYER_FIRST,
    Role,
    changed_step,
)
from .decisions import DecisionKind
from .errors import EngineError, StateError
from .module_catalog import Module, cards_dealt
from .modules import entries, in_play, sides, starting_dice
from .player_marks import returned
from .state import GameState, PlayerState, encode
from .victory import THREE_PLAYER_NOBODY, Outcome, base_outcome

if TYPE_CHECKING:
    from .module_rules import ModuleRules
    from .rules_api import Ability
    from .rules_api import RuleGame as Game  # the game as its rules see it, below game.py


def check_state(game: Game, snapshot: bool = False) -> None:
    """Raise StateError naming the first thing in ``game`` the rules do not allow.

    ``snapshot``: the state kept at an open moment, taken between two steps (no decision
    pending, no moment of its own open).
    """
    _check_players(game)
    _check_roles(game)
    _check_arrows(game)
    _check_dice(game)
    _check_modules(game)  # after the dice: the Ghost's preset dice are read against them
    queue_checks.check(game)
    _check_last_standing(game)
    if snapshot:
        if (
            game.pending is not None
            or game.over
            or game.open_moments
            or game.waiting_win is not None
            or game.side is not None
            or game.winners
        ):
            raise StateError(
                "a moment's state is taken between two steps: no pending decision, not over, "
                "no windows, ending, side or winners of its own; got pending "
                f"{game.pending}, over {game.over}, side {game.side!r}, winners {game.winners}"
            )
        return
    _check_windows(game)
    _check_end(game)
    pending_checks.check(game)
    d = game.pending
    if d is None:
        return
    try:
        legal = game.legal_actions()
    except (EngineError, LookupError, TypeError, ValueError, AssertionError) as exc:
        raise StateError(f"the pending {d.kind} decision does not fit the game: {exc!r}") from exc
    if not legal:
        raise StateError(f"the pending {d.kind} decision has no legal answer")


# ===================================================================== players and roles


def _check_players(game: Game) -> None:
    setup = game.setup
    n = setup.players
    if len(game.players) != n:
        raise StateError(f"{len(game.players)} players in a game set up for {setup.players}")
    for seat, p in enumerate(game.players):
        if p.seat != seat or p.character != setup.characters[seat]:
            raise StateError(
                f"seat {seat + 1}: character {p.character!r} at seat {p.seat + 1}, not the "
                f"set-up's {setup.characters[seat]!r}"
            )
        _check_life(game, seat)
        if not 0 <= p.arrows <= ARROWS_IN_PILE:
            raise StateError(f"seat {seat + 1}: arrows {p.arrows} is outside 0..{ARROWS_IN_PILE}")
        held = game.tokens_held(p)
        if not p.alive and (p.arrows or held):
            raise StateError(
                f"seat {seat + 1}: eliminated but holds "
                + (f"{p.arrows} arrows" if p.arrows else f"the token {held[0]!r}")
            )


def _check_life(game: Game, seat: int) -> None:
    """Maximum life is the character's, with the Sheriff's bonus (or his card's) or the
    Legacy bullet (ruling UA5); for a player back in play, the module's that brought him back
    (its ``check`` bounds it)."""
    setup, p = game.setup, game.players[seat]
    if returned(p):
        ceiling = p.max_life
    else:
        allowed = _maxima(game, seat)
        if p.max_life not in allowed:
            raise StateError(
                f"seat {seat + 1}: max_life {p.max_life}, but {CHARACTERS[p.character].title} "
                "plays with "
                + " or ".join(str(m) for m in sorted(allowed))
                + f" (role {p.role}"
                + _parts_said(game, p)
                + setup.life_said(seat)
                + ")"
            )
        # A module may let a player keep life above a maximum that moved (``life_kept``).
        kept = (r.life_kept(p) for r in in_play(setup.modules) if r.life_kept)
        ceiling = p.max_life + sum(kept)
    if not 0 <= p.life <= ceiling:
        raise StateError(
            f"seat {seat + 1}: life {p.life} is outside 0..{ceiling} (max_life {p.max_life}"
            f"{_parts_said(game, p)})"
        )
    if p.alive != (p.life > 0):
        raise StateError(
            f"seat {seat + 1}: life {p.life} but {'alive' if p.alive else 'eliminated'} "
            f"(alive {p.alive})"
        )


def _maxima(game: Game, seat: int) -> tuple[int, ...]:
    """The maximum life the seat may have: its character's (with a set-up part's), and as
    the Sheriff with his bonus, or after The Good took the star without it (Old Saloon 3)."""
    setup, p = game.setup, game.players[seat]
    base = CHARACTERS[p.character].life + setup.extra_life(seat)
    if p.role is not Role.SHERIFF:
        return (base,)
    bonuses = (r.sheriff_bonus(p) for r in in_play(setup.modules) if r.sheriff_bonus)
    bonus = next((b for b in bonuses if b is not None), SHERIFF_BONUS)
    return (base, base + bonus) if cards_dealt(setup.modules) else (base + bonus,)


def _check_roles(game: Game) -> None:
    """Known roles fit the role mix and the set-up; secret ones are None or fitting guesses."""
    setup, players = game.setup, game.players
    mix = _MIX[setup.players]
    known: dict[Role, int] = {}
    for p in players:
        if p.role is not None:
            known[p.role] = known.get(p.role, 0) + 1
    for role, count in known.items():
        if count > mix.get(role, 0):
            raise StateError(
                f"role: {count} seats hold {role}, but {setup.players} players have "
                f"{mix.get(role, 0)} (the role mix is " + ", ".join(setup.role_mix) + ")"
            )
    swaps = cards_dealt(setup.modules)  # The Good takes the star
    dealt = setup.roles
    for seat, p in enumerate(players):
        if p.revealed and p.role is None:
            raise StateError(f"seat {seat + 1}: revealed, but its role is None")
        swapped = dealt is not None and {p.role, dealt[seat]} == {Role.SHERIFF, Role.DEPUTY}
        if dealt is not None and p.role is not dealt[seat] and not (swaps and swapped):
            raise StateError(
                f"seat {seat + 1}: role {p.role}, but the set-up dealt it {dealt[seat]}"
            )
        if setup.three_player and not p.revealed:
            raise StateError(f"seat {seat + 1}: with 3 players every role is face up: revealed")
        if dealt is None and p.role is not None and not p.revealed and game.roll_count:
            raise StateError(
                f"seat {seat + 1}: role {p.role} face down (revealed false), but the roles are "
                "secret cards (the set-up's roles None): the box learns a role as it is shown "
                "(a seat's view may guess it, and shows no roll: roll_count 0)"
            )
        if game.over and p.role is not None and not p.revealed:
            raise StateError(
                f"seat {seat + 1}: its role {p.role} face down (revealed false), but the game "
                "is over: the table turns every card up to see who won"
            )
        if not p.alive and not p.revealed and not _reveal_owed(game, seat):
            raise StateError(
                f"seat {seat + 1}: eliminated (alive false), but its role is face down "
                "(revealed false) with no reveal of it to come: an eliminated player shows it"
            )
        if p.alive and p.revealed and not _face_up(game, p):
            turning = [str(r.module) for r in in_play(setup.modules) if r.face_up]
            held = _parts_said(game, p)
            raise StateError(
                f"seat {seat + 1}: living, not the Sheriff, and its role {p.role} face up "
                "(revealed true) while the game goes on: only the end (over), 3 players or "
                + (", ".join(turning) or "a module that turns cards up")
                + " turn it up"
                + (f" ({held[2:]})" if held else "")
            )
    sheriff = setup.sheriff_seat()
    if sheriff is None:
        return
    holders = [p.seat for p in players if p.role is Role.SHERIFF]
    if len(holders) != 1:
        raise StateError(
            f"role: the Sheriff at seats {[s + 1 for s in holders]}; one Sheriff is expected"
        )
    if not players[holders[0]].revealed:
        raise StateError(f"seat {holders[0] + 1}: the Sheriff's card is face up: revealed expected")
    if holders[0] != sheriff and not (swaps and players[sheriff].role is Role.DEPUTY):
        raise StateError(
            f"seat {sheriff + 1}: the set-up's Sheriff holds role {players[sheriff].role}"
        )


def _reveal_owed(game: Game, seat: int) -> bool:
    """An eliminated seat's role is still to be shown: the table is asked it now, or its
    reveal step is queued."""
    d = game.pending
    if d is not None and d.kind is DecisionKind.REVEAL_ROLE and d.seat == seat:
        return True
    return any(step[0] == "reveal" and step[1] == seat for step in game.stack)


def _parts_said(game: Game, p: PlayerState) -> str:
    """The parts of ``p`` the modules in play name when a check refuses its life or its
    face-up role (``ModuleRules.said``), each after a comma."""
    return "".join(", " + r.said(p) for r in in_play(game.setup.modules) if r.said)


def _face_up(game: Game, p: PlayerState) -> bool:
    """A living player's role card may be face up: the Sheriff's, every card with 3 players or
    once the game is over (the table turns them up to see who won), or as a module in play
    turned it up (``ModuleRules.face_up``)."""
    if p.role is Role.SHERIFF or game.setup.three_player or game.over:
        return True
    return any(r.face_up(game, p) for r in in_play(game.setup.modules) if r.face_up)


_MIX: dict[int, Counter[Role]] = {n: Counter(mix) for n, mix in ROLE_MIX.items()}


def _check_arrows(game: Game) -> None:
    held = sum(p.arrows for p in game.players)
    if not 0 <= game.pile <= ARROWS_IN_PILE or game.pile + held != ARROWS_IN_PILE:
        raise StateError(
            f"arrows not conserved: {game.pile} in the pile and {held} held, "
            f"not {ARROWS_IN_PILE} in all"
        )


def _check_modules(game: Game) -> None:
    """Each entry's own invariants (``ModuleRules.check``), the base game's first, each
    installed module's in play or not."""
    for rules in entries():
        if rules.check is not None:
            rules.check(game)


# ============================================================================= the dice


def _check_dice(game: Game) -> None:
    kinds, faces = game.dice_kinds, game.faces
    n = len(game.players)
    if not 0 <= game.turn < n:
        raise StateError(f"turn of seat {game.turn + 1}, which is not at the table")
    if game.turn_number < 1:
        raise StateError(f"turn_number {game.turn_number}: turns are counted from 1")
    if len(faces) != len(kinds):
        raise StateError(f"dice_kinds {kinds} do not fit faces {faces}: one face (or None) per die")
    for die, kind in enumerate(kinds):
        if kind not in DICE:
            raise StateError(
                f"dice_kinds[{die}]: unknown die {kind!r}; expected one of " + ", ".join(DICE)
            )
        face = faces[die]
        if face is not None and face not in DICE[kind]:
            raise StateError(
                f"faces[{die}]: die {die + 1} ({kind}) has no face {face!r} "
                f"(dice_kinds[{die}] {kind!r})"
            )
    _check_turn_order(game)
    allowed = _dice_sets(game)
    if tuple(kinds) not in allowed:
        back = returned(game.players[game.turn])
        raise StateError(
            f"dice_kinds {kinds}: seat {game.turn + 1}'s turn rolls "
            + " or ".join(str(list(a)) for a in sorted(allowed))
            + (f" ({back})" if back else "")
        )
    most = 1 + REROLLS + max(ability_of(c).extra_rolls for c in game.setup.characters)
    if not 0 <= game.rolls <= most:
        raise StateError(f"rolls {game.rolls} is outside 0..{most}")
    if game.players[game.turn].alive and game.rolls > game.max_rolls:
        raise StateError(
            f"rolls {game.rolls}: seat {game.turn + 1}'s turn rolls at most {game.max_rolls} "
            f"times ({game.players[game.turn].character})"
        )
    if game.roll_count < 0:
        raise StateError(f"roll_count {game.roll_count}: the rolls of the game, 0 or more")
    _check_roll_count(game)
    shown = [die for die, face in enumerate(faces) if face is not None]
    if game.rolls and len(shown) != len(faces):
        raise StateError(f"faces {faces}: after a roll (rolls {game.rolls}) every die shows")
    # Before the first roll only the dice the Ghost's token set show (its face, on base dice),
    # still set when a holder fell before rolling (``preset`` then emptied): a living turn's
    # player's dice show only while they are set.
    set_faces = {faces[die] for die in shown}
    if not game.rolls and (
        len(shown) > 2
        or len(set_faces) > 1
        or any(kinds[die] != "base" for die in shown)
        or (game.preset and set(game.preset) != set(shown))
        or (shown and not game.preset and game.players[game.turn].alive)
    ):
        raise StateError(
            f"faces {faces}: before the first roll (rolls 0) only the base dice a token set "
            f"(preset {game.preset}) show a face"
        )


def _check_turn_order(game: Game) -> None:
    """While nobody has been eliminated (every seat alive, none back in play), the turns go
    round the table one a seat from the first player's (the Sheriff's; with 3 players the
    Deputy's), so the turn's seat follows from turn_number; an extra turn comes only from a
    special role card's power (``cards_dealt``)."""
    setup, n = game.setup, len(game.players)
    if cards_dealt(setup.modules) or any(not p.alive or returned(p) for p in game.players):
        return
    if setup.three_player:
        if setup.roles is None or THREE_PLAYER_FIRST not in setup.roles:
            return
        first = setup.roles.index(THREE_PLAYER_FIRST)
    else:
        sheriff = setup.sheriff_seat()
        if sheriff is None:
            return
        first = sheriff
    expected = (first + game.turn_number - 1) % n
    if game.turn != expected:
        raise StateError(
            f"turn of seat {game.turn + 1} at turn_number {game.turn_number}, but with every "
            f"seat alive the turns go round from seat {first + 1}: seat {expected + 1}'s"
        )


def _check_roll_count(game: Game) -> None:
    """roll_count counts the game's rolls, this turn's (rolls) among them; each turn played
    before this one rolled once at least (its first roll is asked of every player taking a
    turn, and a turn of a module's own rolls its dice too). With special cards The Gambler's
    re-roll counts one roll for the turn's rolls it spends (rolls jumps to the most): this
    turn's count as one then. A module handing the turn over itself (``hand_over``) counts
    turns none rolls: no bound then. Above, none: a seat's twin differing in its secrets may
    count more (``roll_count`` is one)."""
    setup, count = game.setup, game.roll_count
    if any(r.hand_over for r in in_play(setup.modules)) or count == 0:
        return  # 0: also what a seat's view of the game shows of it
    this_turn = min(game.rolls, 1) if cards_dealt(setup.modules) else game.rolls
    least = this_turn + game.turn_number - 1
    if count < least:
        raise StateError(
            f"roll_count {count}: the game's rolls, {least} or more after "
            f"{game.turn_number} turns (turn_number, rolls {game.rolls})"
        )


def _dice_sets(game: Game) -> frozenset[tuple[str, ...]]:
    """The dice the turn's player may roll; between turns (a would-be turn, a module's question
    as a turn begins: ``Spec.turn_seat``) or once over, the dice of any seat's turn, which the last
    turn left. A module whose turns have dice of their own kind (``own_dice``) makes them from
    a turn's dice with its ``dice`` (three base dice for a player back in play)."""
    player = game.players[game.turn]
    pending = game.pending
    between = game.over or not player.alive
    between = between or (pending is not None and pending.spec.turn_seat)
    if between:
        return _any_dice(game.setup.modules, game.setup.characters)
    choices = _dice_choices(game.setup.modules, game.ability(game.turn))
    for rules in in_play(game.setup.modules):
        if rules.dice is not None and rules.own_dice:
            choices = frozenset(tuple(rules.dice(game, list(kinds))) for kinds in choices)
    return choices


@cache
def _dice_choices(modules: frozenset[Module], ability: Ability) -> frozenset[tuple[str, ...]]:
    """The dice of a turn: of each choice a player with ``ability`` has, with a module that
    offers a choice (``ModuleRules.dice_choices``), else those a turn starts from (the base
    game's)."""
    offered = [r.dice_choices(ability) for r in in_play(modules) if r.dice_choices]
    kinds = offered[0] if offered else (starting_dice(modules),)
    return frozenset(_turn_dice(modules, k) for k in kinds)


def _turn_dice(modules: frozenset[Module], kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The dice of a turn, as the modules in play make every turn's (``turn_dice``)."""
    dice = list(kinds)
    for rules in in_play(modules):
        if rules.turn_dice is not None:
            dice = rules.turn_dice(dice)
    return tuple(dice)


@cache
def _any_dice(
    modules: frozenset[Module], characters: tuple[str, ...]
) -> frozenset[tuple[str, ...]]:
    found = set().union(*(_dice_choices(modules, ability_of(c)) for c in characters))
    for rules in in_play(modules):
        found.update(rules.own_dice)
    return frozenset(found)


# ============================================================ the open moments and the end


def _check_windows(game: Game) -> None:
    """Each open moment: its kind and arguments, the state kept at it (checked as a game of
    its own) and what it offers."""
    if game.open_moments and not moments.watched(game.setup.modules):
        raise StateError(f"windows: {len(game.open_moments)} open, but no module in play opens any")
    for i, window in enumerate(game.open_moments):
        where = f"windows[{i}]"
        if not isinstance(window, list) or len(window) != 4:
            raise StateError(f"{where}: expected [moment, arguments, state, offers]")
        moment, args, state, offers = window
        if not isinstance(state, GameState):
            raise StateError(f"{where}[2]: expected the state at the moment, got {state!r}")
        kept = _check_snapshot(game, state, f"{where}[2]")
        queue_checks.check_moment(kept, moment, args, where)
        if not isinstance(offers, list):
            raise StateError(f"{where}[3]: expected the reveals offered there, got {offers!r}")
        for j, data in enumerate(offers):
            _check_offer(kept, moment, args, data, f"{where}[3][{j}]")
        queue_checks.check_kept(kept, moment, args, where)
    _check_windows_once(game)


def _check_windows_once(game: Game) -> None:
    """The moments open now were kept along one run of steps, from the last action to the
    decision pending (the next action closes them all; one taken into a window goes back to
    its state and runs on from there with the reveal made): the run's states never repeat, or
    it would never come to a decision, so no moment is kept twice at the same state."""
    seen: dict[str, int] = {}
    for i, window in enumerate(game.open_moments):
        key = json.dumps(encode(window), sort_keys=True)
        if key in seen:
            raise StateError(
                f"windows[{i}]: the moment of windows[{seen[key]}] kept again at the same "
                "state, but the moments open now are kept along one run of steps, whose "
                "states never repeat"
            )
        seen[key] = i


def _check_snapshot(game: Game, state: GameState, where: str) -> Game:
    """The state at a moment, checked as a game of its own; that game."""
    kept = type(game).__new__(type(game))
    kept.__dict__.update(vars(state))
    kept._attach(game.setup, game.dice_source)
    kept.refresh_abilities()
    try:
        check_state(kept, snapshot=True)
    except StateError as exc:
        raise StateError(f"{where}: {exc}") from exc
    return kept


def _check_offer(kept: Game, moment: str, args: list[Any], data: Any, where: str) -> None:
    """A reveal offered at a moment, whose power finds there the step it changes."""
    try:
        action = action_from_json(data)
    except StateError as exc:
        raise StateError(f"{where}: {exc}") from exc
    n = len(kept.players)
    card = SPECIAL_ROLES.get(action.card) if isinstance(action, RevealSpecial) else None
    if (
        not isinstance(action, RevealSpecial)
        or action.window != 0
        or action.faces is not None
        or not 0 <= action.seat < n
        or card is None
        or card.moment != moment
    ):
        raise StateError(
            f"{where}: {data!r} is no reveal offered at a {moment!r} moment: expected a "
            "reveal_special of a seat at the table, window 0, with a card revealed then"
        )
    changes = changed_step(card, args)
    after = kept.stack[-1][0] if kept.stack else None
    if changes is not None and after != changes:
        raise StateError(
            f"{where}: {card.title}'s power changes the {changes!r} step, but the state kept "
            f"at the moment goes on with {after!r} (queue)"
        )


def _check_last_standing(game: Game) -> None:
    """A 3-player game becomes last one standing at its first elimination that ends nothing
    (``victory.three_player_outcome``): never without a seat eliminated, and once one fell in
    an earlier turn (not among eliminated_now, whose end may still be to come) while the game
    goes on, always."""
    if not game.last_standing and game.over:
        return
    if game.last_standing and not game.setup.three_player:
        raise StateError("last_standing: only a 3-player game becomes last one standing")
    dead = [p.seat for p in game.players if not p.alive]
    earlier = [seat for seat in dead if seat not in game.eliminated_now]
    if game.last_standing and not dead:
        raise StateError(
            "last_standing true, but no seat is eliminated: a 3-player game becomes last one "
            "standing at its first elimination"
        )
    if game.setup.three_player and not game.last_standing and earlier and not game.over:
        raise StateError(
            f"last_standing false, but seat {earlier[0] + 1} fell in an earlier turn and the "
            "game goes on: its elimination made it last one standing"
        )


def _check_end(game: Game) -> None:
    n = len(game.players)
    if game.over:
        if game.pending is not None:
            raise StateError("the game is over but a decision is pending")
        if game.stack or game.open_moments or game.waiting_win is not None:
            raise StateError("the game is over: queue, windows and ending are empty")
        if game.scratch.closed:
            raise StateError(
                "scratch.closed true, but the game is over: the modules' end-of-turn steps "
                "eliminate no one, so a game ends before its turn's end begins"
            )
        if game.side not in sides():
            raise StateError(f"side {game.side!r}: expected one of " + ", ".join(sides()))
        if len(set(game.winners)) != len(game.winners) or any(not 0 <= s < n for s in game.winners):
            raise StateError(f"winners {list(game.winners)}: seats 0 to {n - 1}, once each")
        _check_base_winners(game)
        _check_three_player_end(game)
        return
    if game.side is not None or game.winners:
        raise StateError(
            f"the game goes on (over false), but side {game.side!r}, winners {game.winners}"
        )
    if game.pending is None:
        raise StateError("the game goes on but no decision is pending")
    ending = game.waiting_win
    waiting = game.pending.kind is DecisionKind.GAME_END
    if ending is None:
        if waiting:
            raise StateError("pending: game_end, but no ending waits for the open moments")
        return
    if not waiting or not game.open_moments:
        raise StateError(
            f"ending {ending}: a win waits only while moments are open, the pending "
            "decision game_end"
        )
    if (
        len(ending) != 2
        or ending[0] not in sides()
        or not isinstance(ending[1], list)
        or any(type(s) is not int or not 0 <= s < n for s in ending[1])
    ):
        raise StateError(
            f"ending {ending}: expected [side, winners], a side of " + ", ".join(sides())
        )


def _check_three_player_end(game: Game) -> None:
    """A 3-player game ends as ``victory.three_player_outcome`` gives it: won by one seat,
    whose role is the side (its hand eliminated its target, or it stands last), or by nobody
    once nobody is left; an elimination that ends nothing makes it last one standing, so one
    that is not ended at its first eliminations, all of this turn (eliminated_now), and with
    nobody left it is. Not so where a module decides the end (``ModuleRules.outcome``)."""
    if not game.setup.three_player or _deciding(game):
        return
    players, winners = game.players, game.winners
    if game.side == THREE_PLAYER_NOBODY:
        living = [p.seat for p in players if p.alive]
        if winners or living:
            raise StateError(
                f"side {game.side!r}, winners {list(winners)}: a 3-player game is won by nobody "
                f"once nobody is left, with no winners (seats alive: {[s + 1 for s in living]})"
            )
    elif len(winners) != 1 or str(players[winners[0]].role) != game.side:
        raise StateError(
            f"side {game.side!r}, winners {list(winners)}: a 3-player game is won by one seat, "
            "whose role is the side (roles " + ", ".join(str(p.role) for p in players) + ")"
        )
    earlier = [p.seat for p in players if not p.alive and p.seat not in game.eliminated_now]
    if not game.last_standing and (earlier or game.side == THREE_PLAYER_NOBODY):
        raise StateError(
            "last_standing false, but the game ended "
            + (
                f"after seat {earlier[0] + 1} fell in an earlier turn (eliminated_now "
                f"{game.eliminated_now})"
                if earlier
                else "with nobody left"
            )
            + ": an elimination that ends nothing makes a 3-player game last one standing"
        )


def _deciding(game: Game) -> list[ModuleRules]:
    """The modules in play deciding the end now (``ModuleRules.decides``)."""
    rules = in_play(game.setup.modules)
    return [r for r in rules if r.decides and r.outcome and r.decides(game)]


def _check_base_winners(game: Game) -> None:
    """A game's end names the side and its seats as the final state gives them: the outcome
    of the module that decides the end (``ModuleRules.outcome``), else the base game's by the
    roles (``victory.base_outcome``). A 3-player game's end depends on whose hand eliminated
    whom, and in which order: not checked here."""
    if game.setup.three_player:
        return
    deciding = _deciding(game)
    outcome = (
        deciding[0].outcome(game)
        if deciding and deciding[0].outcome
        else base_outcome(game.setup.role_mix, game.players)
    )
    if isinstance(outcome, Outcome) and (
        outcome.side != game.side or sorted(outcome.winners) != sorted(game.winners)
    ):
        raise StateError(
            f"side {game.side!r}, winners {list(game.winners)}: the final state gives side "
            f"{outcome.side!r} with seats {list(outcome.winners)}"
            + (f" ({deciding[0].module} decides the end)" if deciding else " by the roles")
        )
