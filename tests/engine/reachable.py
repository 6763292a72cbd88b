"""What the fuzz of changed states makes of a changed state that loads: the state play reached
(``same``), one play reaches by the named reason (``free``), or one no check refuses yet though
no play is shown to reach it (``open``, each field with what a check would need); anything else
is ``unclassified`` and fails the test (``test_state_fuzz.py``).

The larger run, once, by a command (its figures are in the report of issue 34)::

    .venv/bin/python -m tests.engine.reachable 100000
"""

from __future__ import annotations

import copy
import random
import sys
from collections import Counter
from typing import Any

from companion.engine import DYNAMITE_LIMIT, Game, SetupError, StateError, still_rolling
from companion.modules.duels.rules import DuelsGame
from companion.modules.zombies.rules import BoneyardGame

Path = tuple[str | int, ...]

# Fields whose every value in range is reachable with the rest of the state as it is.
# ``seed``: while no simulated pile has been drawn from (wound_draws and boneyard_draws 0),
# the set-up's seed keys only the draws still to come (0 to 2**64-1, the table's): the dice
# shown can be recorded (a Roll with its faces), so the same actions reach the state under any
# seed (``test_the_same_recorded_actions_reach_a_state_under_any_seed``).
FREE: dict[str, str] = {
    "seed": "no simulated pile drawn from yet: the same recorded rolls reach it under any seed",
}

# Fields no check bounds yet to the values play can give with the rest of the state: a value
# in range loads though no play is shown to reach it. What a check would need, for each. The
# fields the larger run met (100,000 changes, the command above); a field not listed fails.
OPEN: dict[str, str] = {
    "seed": "the seed once a simulated pile was drawn from: the draws it gave",
    "lost": "the life a seat lost this turn against its life and the gains of the turn, once "
    "a gain may have come (the Beers, a death, a card that saves, an ability's or a module's "
    "steps before the Beers), and the amount lost within what the seat lacks",
    "life": "a seat's life against the turn's losses and gains (scratch.lost)",
    "queue": "a module's step dropped or its arguments changed (a duels step run down to 0, "
    "a moment's arguments or a flag of a step in the state kept there)",
    "modules": "a module left out whose rules never acted in the game so far",
    "roll_count": "the rolls made where a module hands the turn over (the Boneyard's would-be "
    "turns), and above the turns played: a duel rolls any number, and a seat's twin may count "
    "more (a secret)",
    "assigned": "a Bull's Eye's target, or one left out, once resolved, against the hits and "
    "life it gave",
    "to_assign": "the results still to assign, one left out (a Wound token cancels some) or "
    "one given twice (a Beer: the play of 500 games reached a Beer given twice), against the "
    "dice showing them",
    "beers": "a Beer's target, or one left out, against the life it gave",
    "rage_symbols": "a symbol entered (a press) against what it gave: an arrow taken, a result "
    "resolved",
    "beer_rage": "a kept Beer's Rage card left out, against whether the beer_rage step ran",
    "closed": "whether the modules' end-of-turn steps ran, in a finished game",
    "special_shown": "a living seat's card shown (its power used) in a finished game, or a normal "
    "card shown with the star where The Good's card is shown too",
    "special": "a card the set-up does not name (a normal card where cards are mixed, a "
    "seat's view) against the cards shown",
    "killer": "whose result eliminated a seat in an earlier turn, against the events of its turn",
    "turn_number": "the turns played once a seat was eliminated or with special cards (extra "
    "turns), against the turn order, within the rolls made (roll_count)",
    "faces": "a die's face against the arrows and Dynamite it gave",
    "winners": "the winners against the side and the roles, where a module or 3 players decide",
    "cause": "the pending decision's cause, where its kind is asked with one, against the step "
    "that asked it",
    "remaining": "the pending decision's count, where its kind is asked with one, against the "
    "step that asked it",
    "target": "the pending decision's target, where its kind is asked with one, against the "
    "step that asked it",
    "options": "the pending decision's options, where its kind is asked with some, against the "
    "step that asked it",
    "die": "the pending decision's die, where its kind is asked with one, against the step that "
    "asked it",
    "duels": "the seats challenged, once the rolls are over, against the Duel dice showing",
    "rolls": "the rolls of the turn against the faces and the dice kept",
    "wound_draws": "the simulated pile's draws against the duels (bounded: turns only)",
    "boneyard_draws": "the simulated deck's draws against the cards drawn (bounded: turns only)",
    "roles": "a set-up's dealt roles left out (played with secret cards)",
    "real_piles": "a pile drawn for real or simulated, against the draws recorded",
    "real_boneyard": "the Boneyard drawn for real or simulated, against the draws recorded",
    "specials_mixed": "special cards mixed by type, against the cards dealt",
    "revealed": "a card face up, against the reveals of the game",
    "windows": "an open moment left out, against the reveals it offered",
    "preset": "the dice the Ghost's token set, against its face",
    "ghost_token": "the Ghost's token against the Ghost's turns",
    "doubled": "Slab the Killer's doubled die against the Beers of the turn, once the Beers' "
    "targets are given or none is left to give",
    "eliminated_now": "a seat eliminated this turn left out of it, against the turn's losses",
    "master": "the Zombie Master against the outbreak",
    "max_life": "a seat's maximum against its role and character",
    "specials": "the special cards dealt against the reveals",
    "turn": "whose turn against the turn order and the turns played",
    "seat": "the pending decision's seat against the step that asked it",
    "last_standing": "3 players' last one standing against the deaths so far",
    "side": "the side that won against the roles of the living and the dead",
}


def differences(a: Any, b: Any, path: Path = ()) -> list[Path]:
    """Where two JSON values differ: the innermost place, a key only one object has, or the
    list whose length differs."""
    if isinstance(a, dict) and isinstance(b, dict):
        found = [(*path, k) for k in a.keys() ^ b.keys()]
        return found + [d for k in a.keys() & b.keys() for d in differences(a[k], b[k], (*path, k))]
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [path]
        return [
            d
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            for d in differences(x, y, (*path, i))
        ]
    return [] if a == b and type(a) is type(b) else [path]


def field_of(path: Path) -> str:
    """The field a difference is in: the last named key (inside a state kept at an open
    moment, the field of that state)."""
    keys = [k for k in path if isinstance(k, str)]
    return keys[-1] if keys else ""


def classify(original: dict[str, Any], loaded: Game) -> str:
    """``same``, ``free FIELD``, ``open FIELD`` (the first not free), or ``unclassified ...``."""
    reached = Game.from_json(copy.deepcopy(original)).to_json()
    changed = {field_of(p) for p in differences(reached, loaded.to_json())}
    if not changed:
        return "same"
    unknown = sorted(f for f in changed if f not in FREE and f not in OPEN)
    if unknown:
        return "unclassified " + ", ".join(unknown)
    still = sorted(f for f in changed if f not in FREE or not free_here(f, original, loaded))
    return f"open {still[0]}" if still else f"free {sorted(changed)[0]}"


def run(count: int, seed: int = 34) -> Counter[str]:
    """``count`` random leaf changes of the sampled states: how each came out."""
    from .state_samples import sampled_states, state
    from .test_state_fuzz import KINDS, mutate, paths

    rng = random.Random(seed)
    found: Counter[str] = Counter()
    states = len(sampled_states())
    while sum(found.values()) < count:
        which = rng.randrange(states)
        data = state(which)
        original = copy.deepcopy(data)
        places = paths(data)
        if not mutate(
            data, places[rng.randrange(len(places))], rng.choice(KINDS), rng.randrange(101)
        ):
            continue
        try:
            loaded = Game.from_json(data)
        except (StateError, SetupError):
            found["refused"] += 1
            continue
        found[classify(original, loaded)] += 1
    return found


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    found = run(count)
    loaded = count - found["refused"]
    print(
        f"{count} random leaf changes of {len(FREE) + len(OPEN)} kinds of field: "
        f"{found['refused']} refused, {loaded} loaded"
    )
    for outcome, n in sorted(found.items(), key=lambda item: -item[1]):
        if outcome != "refused":
            print(f"{n:8} {outcome}")


# Issue 34, its third pass (reach3a): what the checks added refuse, and what each of these
# fields still needs (the earlier turns, or the step that asked, are no record of the state's).
OPEN.update(
    {
        "lost": "the life a seat lost this turn within what it lacks and what it may have "
        "gained meanwhile (a Beer given it, a gain on a death, the turn's player's own steps, "
        "a module's rules): which turn took the rest of what it lacks is recorded nowhere "
        "(refused: more than it lacks and its Beers gave where nothing else gains, any before "
        "the first roll where nothing loses any, another seat's before the Bull's Eyes resolve "
        "beside arrows held since the Indians)",
        "life": "a seat's life within 1 to its maximum where the turn's losses and gains allow "
        "it (scratch.lost): what the earlier turns took is recorded nowhere",
        "rage_symbols": "the symbols entered for the Rage cards revealed where none is among "
        "the results given out (a press of another symbol), or an arrow symbol against the "
        "arrow it gave, taken at once",
        "assigned": "a Bull's Eye's target (any seat in range then), and the results given "
        "after the Gatling where a module's tokens cancel some (drawn or returned since), the "
        "Rage symbols went (the turn's end) or the phase gave none (it may never have run)",
        "to_assign": "none once refused outside a phase giving them out and but its collect "
        "step's list within one; kept for the larger run",
        "beers": "a Beer's target (any living seat), and the Beers given after the Gatling "
        "where a module's tokens cancel some or the phase gave none",
        "faces": "a die's face once rolled against what it did at once (an arrow taken, a "
        "Dynamite locked or lost to, the Gatling fired), none of it recorded",
        "rolls": "the turn's rolls within 1 to its player's most: a stop ends them at any "
        "roll, the game's other rolls (roll_count) taking the difference",
        "duels": "the seats challenged once the duels are over (a Duel die given to nobody "
        "when nobody could be challenged, the turn's player fallen)",
        "ghost_token": "the Ghost's token in a state kept at a moment of an earlier turn, "
        "against the token now",
        "cause": "the pending decision's cause where its kind is asked with one (the step "
        "that took the arrow, a Boneyard card's turn end or start), against the step that "
        "asked it",
        "target": "the pending decision's target where either is asked (The Ugly's first "
        "seat, then the second)",
        "seat": "a reveal offered at a moment to a seat (windows: which seats could hold the "
        "card), and the pending decision's seat against the step that asked it",
    }
)
del OPEN["preset"]  # the Ghost's token sets exactly the first base dice of its holder's turn


# ---- the fields of issue 34's third pass (reach3b): where free, why; what stays open, why.

# Modules whose rules act only through their own characters (Old Saloon 4, Undead or Alive 3:
# the set-up refuses one left out while a seat plays its character) or add nothing to a turn
# (Wild West Legacy decides the next game; whose hand eliminated a seat is kept whatever the
# modules): a game without them plays the same actions to the same state.
LEFT_OUT_FREELY = frozenset({"old_saloon.4", "undead_or_alive.3", "undead_or_alive.5"})
# The Ghost acts first at an elimination (its first eliminated player): until then a game
# without it is the same.
GHOST = "old_saloon.5"

FREE.update(
    {
        "modules": "a module left out that never acted: one of characters none plays, Wild West "
        "Legacy, or The Ghost while no seat was eliminated "
        "(test_a_module_that_never_acted_left_out_is_the_same_game)",
    }
)
OPEN.update(
    {
        "modules": "a module left out that acted in an earlier turn and left nothing in the "
        "state: the Loudmouth and the Coward's dice rolled in turns gone by, The Ghost's "
        "first eliminated player (history the state does not hold)",
        "roll_count": "the rolls made, at least a roll a turn unless a module hands the turn "
        "over (the Boneyard's would-be turns); above, none: a duel rolls any number, and a "
        "seat's twin (a leak test's) counts more; how often each turn rolled is history the "
        "state does not hold",
        "turn_number": "the turns played once a seat was eliminated or with special cards "
        "(extra turns), no more than the rolls made (roll_count): whose turns came is history "
        "the state does not hold",
        "turn": "whose turn once a seat was eliminated or with special cards (extra turns): "
        "the turn order's course is history the state does not hold",
        "killer": "whose result eliminated a seat in an earlier turn: the events of that turn "
        "are history the state does not hold (a seat's own, a living seat's and one of this "
        "turn's not of its hands are refused)",
        "seed": "the seed once a simulated pile was drawn from: the draws it gave could be "
        "replayed while none went back, but a seat's twin (a leak test's) takes another seed "
        "with the same cards out; the draws given back are history the state does not hold",
        "wound_draws": "the simulated pile's draws above the tokens held, within the turns' "
        "bound: the tokens drawn and given back are history the state does not hold",
        "boneyard_draws": "the deck's draws above the cards out of the pile, within the turns' "
        "bound: the No hands drawn and shuffled back are history the state does not hold",
        "real_piles": "the Wound tokens drawn for real or simulated once one went back or "
        "while none is held: the tokens drawn and given back are history the state does not "
        "hold",
        "real_boneyard": "the Boneyard drawn for real or simulated: every draw is counted "
        "either way, and which deck gave the cards out is history the state does not hold "
        "(the seed's draws are not replayed: see seed)",
        "roles": "a set-up's dealt roles left out before the first roll (roll_count 0, as a "
        "seat's view shows it, where a bot's guess fills the roles)",
        "winners": "the winners of a 3-player game, which depend on whose hand eliminated "
        "whom and in which order (history the state does not hold)",
        "side": "the side of a 3-player game, which depends on whose hand eliminated whom and "
        "in which order (history the state does not hold)",
        "last_standing": "3 players' last one standing in a finished game, or while a seat "
        "eliminated this turn still has its end to come (eliminated_now)",
        "closed": "whether the modules' end-of-turn steps ran, in a state kept at an open "
        "moment of a finished turn",
    }
)


def free_here(field: str, original: dict[str, Any], loaded: Game) -> bool:
    """Whether the change of ``field`` (in ``FREE``) is one play reaches with the rest of the
    state as ``loaded`` holds it."""
    if field == "seed":
        return not (DuelsGame.of(loaded).wound_draws or BoneyardGame.of(loaded).boneyard_draws)
    if field == "modules":
        before, after = set(original["setup"]["modules"]), set(loaded.setup.modules)
        left_out = before - after
        if after - before or not left_out:
            return False
        untouched = all(p.alive for p in loaded.players)
        return left_out <= LEFT_OUT_FREELY | ({GHOST} if untouched else set())
    if field == "rage_symbols":
        return symbols_pressed_otherwise(original, loaded)
    return True


# ---- issue 34, the third pass (reach3c): the Rage symbols pressed otherwise are free; what
# the checks added refuse, and what stays open, for each field narrowed.

FREE.update(
    {
        "rage_symbols": "the turn's player's Rage symbols but arrows, while the turn still "
        "rolls with fewer than three Dynamite before and after: they act only once the "
        "results are collected, so other presses (another symbol, one more or one fewer) reach "
        "the same state (test_other_rage_symbols_pressed_reach_the_same_state_while_the_turn_"
        "rolls)",
    }
)
OPEN.update(
    {
        "rage_symbols": "the Rage symbols once the results are collected (where none is among "
        "the results given out yet), or an arrow symbol against the arrow it took at once "
        "(the Indians), or three Dynamite while the turn rolls",
        "lost": "the life a seat lost this turn within what it lacks and what it may have "
        "gained meanwhile (a Beer given it, Vulture Sam on a death, the turn's player's own "
        "steps but Bill Noface's arrows, a Whiskey drunk, a special card shown): which turn "
        "took the rest of what it lacks is recorded nowhere (refused beyond that, also on a "
        "Boneyard turn before its end_turn step hands it over, and before the first roll while "
        "the modules' start steps are all queued)",
        "windows": "an open moment left out: whether the run of steps since the last action "
        "opened it is known only by running them again from the state kept at the moment "
        "before (a moment kept twice at one state is refused)",
        "assigned": "a Bull's Eye's target once a seat was eliminated this turn (the living "
        "then are history the state does not hold), and the results given after the Gatling "
        "where a module's tokens cancel some, the Rage symbols went or the phase gave none "
        "(refused: a target out of range while nobody fell this turn)",
        "beers": "a Beer's target, any seat living then, once a seat was eliminated this turn, "
        "and the Beers given after the Gatling where a module's tokens cancel some or the "
        "phase gave none (refused: a seat out of play while nobody fell this turn)",
    }
)


def symbols_pressed_otherwise(original: dict[str, Any], loaded: Game) -> bool:
    """Whether the Rage symbols changed are the turn's player's, entered otherwise while the
    turn still rolls: as many arrows (each took one at once), fewer than three Dynamite."""
    seat = loaded.turn
    if still_rolling(loaded) is None or loaded.symbol_count("dynamite") >= DYNAMITE_LIMIT:
        return False
    game = Game.from_json(copy.deepcopy(original))
    if game.symbol_count("dynamite") >= DYNAMITE_LIMIT:
        return False
    reached = game.to_json()
    places = [p for p in differences(reached, loaded.to_json()) if field_of(p) == "rage_symbols"]
    if any(p[:3] != ("players", seat, "rage_symbols") for p in places):
        return False
    before = reached["players"][seat]["rage_symbols"]
    after = loaded.to_json()["players"][seat]["rage_symbols"]
    return before.count("arrow") == after.count("arrow")


# ---- issue 34, the fourth pass (fuzz34): what the checks added refuse, and what stays open.

OPEN.update(
    {
        "winners": "the winners of a 3-player game where a module decides its end (the "
        "outbreak): not checked (refused: but one seat whose role is the side, or any with "
        "side nobody)",
        "side": "the side of a 3-player game where a module decides its end (the outbreak): "
        "not checked (refused: any but the winner's role, or nobody with a seat left; a side "
        "in a state kept at a moment)",
        "last_standing": "3 players' last one standing in a finished game whose eliminations "
        "all came in its last turn with a seat left (a hand's win at the first one, or the last "
        "standing after one earlier that turn), or while a seat eliminated this turn still has "
        "its end to come (eliminated_now)",
        "beer_rage": "a kept Beer's Rage card once the beer_rage step may have run (the rolls "
        "over, the step no longer queued) in a finished game, or where a Wound token may have "
        "cancelled the Beer or the turn's player fell: whether the step ran, and what it saw, "
        "is history the state does not hold (refused: marked while the turn rolls or the step "
        "is queued; left out once it ran with a Beer no token cancels)",
        "target": "the pending decision's target where either is asked (The Ugly's first "
        "seat, then the second: the first chosen, any living seat; refused: an eliminated one)",
    }
)


if __name__ == "__main__":
    main()
