"""A bot sees only what its seat may know: hidden roles never change what it sees or does."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.bots import Observation, RandomBot, RuleBot, observe
from companion.engine import (
    Action,
    Event,
    Game,
    GameSetup,
    Module,
    RevealSpecial,
    Role,
    SeededDice,
    deal,
)
from companion.modules.ghost.rules import ID as GHOST
from companion.modules.special_roles.dealing import SpecialsSetup
from companion.modules.special_roles.events import SpecialRoleRevealed
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.modules.special_roles.rules import holding
from tests.test_what_a_seat_sees import SETS, hidden_from, never_shown, permuted, play, tables

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

RUNS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def advance(game: Game, steps: int, rng: random.Random) -> tuple[list, list[Event]]:
    """Up to ``steps`` random legal actions, stopping before the game would end."""
    actions, events = [], list(game.opening_events)
    for _ in range(steps):
        action = rng.choice(game.legal_actions())
        trial = game.copy()
        trial.apply(action)
        if trial.over:
            break
        events += game.apply(action)
        actions.append(action)
    return actions, events


@st.composite
def twin_games(draw: st.DrawFn) -> tuple[Game, Game, list[Event], list[Event], int]:
    """The same game twice, the hidden roles of the other seats shuffled between the twins."""
    players = draw(st.integers(4, 8))
    seed = draw(st.integers(0, 10_000))
    setup = deal(players, seed)
    game = Game(setup)
    actions, events = advance(game, draw(st.integers(0, 120)), random.Random(seed))
    seat = draw(st.integers(0, players - 1))
    hidden = [p.seat for p in game.players if not p.revealed and p.seat != seat]
    order = draw(st.permutations(hidden))
    roles = list(setup.roles or ())
    for to, source in zip(hidden, order, strict=True):
        roles[to] = setup.roles[source]
    twin = Game(dataclasses.replace(setup, roles=tuple(roles)))
    twin_events = list(twin.opening_events)
    for action in actions:
        twin_events += twin.apply(action)
    return game, twin, events, twin_events, seat


@RUNS
@given(twin_games())
def test_permuting_the_hidden_roles_of_others_changes_nothing_a_bot_sees_or_does(
    twins: tuple[Game, Game, list[Event], list[Event], int],
) -> None:
    game, twin, events, twin_events, seat = twins
    assert events == twin_events  # the twins are the same game to everyone at the table
    seen, twin_seen = observe(game, seat, events), observe(twin, seat, twin_events)
    assert seen == twin_seen
    for make in (lambda: RandomBot(3), RuleBot):
        assert make()(seen) == make()(twin_seen)


def test_a_seat_sees_its_own_role_and_the_face_up_ones_only() -> None:
    game = Game(deal(6, 11))
    seat = next(p.seat for p in game.players if p.role is Role.OUTLAW)
    seen = observe(game, seat)
    assert seen.role is Role.OUTLAW
    for p in seen.players:
        truth = game.players[p.seat]
        assert p.role == (truth.role if truth.revealed else None)
    assert seen.known_role(seat) is Role.OUTLAW
    assert sorted(seen.hidden_seats()) == sorted(
        p.seat for p in game.players if not p.revealed and p.seat != seat
    )
    assert seen.hidden_pool() + Counter([Role.OUTLAW, Role.SHERIFF]) == Counter(game.setup.role_mix)


def test_the_position_a_bot_may_play_forward_holds_no_hidden_role_and_no_dice_seed() -> None:
    game = Game(deal(7, 5))
    seat = next(p.seat for p in game.players if p.role is Role.DEPUTY)
    seen = observe(game, seat)
    data = json.loads(seen.position)
    assert data["setup"]["roles"] is None and data["setup"]["seed"] == 0
    for record, truth in zip(data["players"], game.players, strict=True):
        visible = truth.revealed or truth.seat == seat
        assert record["role"] == (str(truth.role) if visible else None)
    ahead = seen.game(SeededDice(99))
    assert [p.role for p in ahead.players] == [
        Role(r) if r else None for r in (rec["role"] for rec in data["players"])
    ]
    assert ahead.legal_actions() == game.legal_actions()


def test_a_seat_with_a_physical_card_is_told_its_role_by_whoever_dealt_it() -> None:
    dealt = deal(5, 8)
    physical = dataclasses.replace(dealt, roles=None)
    game = Game(physical)
    seat = next(s for s, r in enumerate(dealt.roles or ()) if r is Role.RENEGADE)
    assert observe(game, seat).role is None
    assert observe(game, seat, role=Role.RENEGADE).role is Role.RENEGADE
    other = observe(game, (seat + 1) % 5, role=Role.OUTLAW)
    assert other.known_role(seat) is None


@pytest.mark.parametrize("modules", SETS, ids=lambda m: "+".join(sorted(m)) or "base")
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_with_every_module_set_hidden_roles_and_cards_change_no_rule_or_reveal(
    modules: frozenset[Module], data: st.DataObject
) -> None:
    """The rule-based player, modules' rules and reveals included, decides the same in two
    games that differ only in what its seat may not see (roles and special cards)."""
    rule_based_decides_alike(*data.draw(tables(modules)))


def rule_based_decides_alike(setup: GameSetup, seat: int, seed: int) -> None:
    """The property's game: ``setup`` played by ``seed``'s random choices, beside its twin
    dealt otherwise in the seats whose cards ``seat`` was never shown."""
    actions, _events = play(Game(setup), seed)
    twin_setup = permuted(setup, never_shown(setup, actions, seat), random.Random(seed))
    first, twin = Game(setup), Game(twin_setup)
    so_far, twin_so_far = list(first.opening_events), list(twin.opening_events)
    for action in actions:
        mine = first.pending is not None and first.pending.seat == seat
        if mine or any(a.seat == seat for a in first.window_actions()):
            seen, twin_seen = observe(first, seat, so_far), observe(twin, seat, twin_so_far)
            assert RuleBot().reveal(seen) == RuleBot().reveal(twin_seen)
            if mine:
                assert RuleBot()(seen) == RuleBot()(twin_seen)
        so_far += first.apply(action)
        twin_so_far += twin.apply(action)


def test_a_card_shown_then_undone_by_an_earlier_moment_is_no_secret_of_the_twins() -> None:
    """Found by scripts/explore (Old Saloon, dealt roles): seat 2 reveals The Right Hand into
    a moment, then seat 8 reveals The Bad into an earlier one, which goes back to it and turns
    seat 2's card face down again. The table saw it: the twin keeps it (a twin that dealt seat
    2 another card could not replay its reveal)."""
    setup = GameSetup(
        (
            "slab_the_killer",
            "pedro_ramirez",
            "molly_stark",
            "elena_fuente",
            "lucky_duke",
            "suzy_lafayette",
            "sid_ketchum",
            "tequila_joe",
        ),
        roles=(
            Role.SHERIFF,
            Role.RENEGADE,
            Role.OUTLAW,
            Role.DEPUTY,
            Role.OUTLAW,
            Role.DEPUTY,
            Role.RENEGADE,
            Role.OUTLAW,
        ),
        sheriff=0,
        seed=548,
        modules=frozenset(
            {
                Module("old_saloon.1"),
                Module("old_saloon.2"),
                SPECIAL_ROLES_ID,
                Module("old_saloon.4"),
                GHOST,
            }
        ),
        parts=(
            SpecialsSetup(
                (
                    "the_bear",
                    "the_right_hand",
                    "the_gambler",
                    "the_good",
                    "the_ugly",
                    "the_doc",
                    "the_left_hand",
                    "the_bad",
                )
            ),
        ),
    )
    game = Game(setup)
    actions, events = play(game, 6590)
    shown = [e for told in events for e in told if isinstance(e, SpecialRoleRevealed)]
    assert any(e.seat == 1 for e in shown) and not holding(game.players[1]).special_shown
    assert 1 in hidden_from(game, 0) and 1 not in never_shown(setup, actions, 0)
    rule_based_decides_alike(setup, 0, 6590)


# ------------------------------------------------ every module set, played by the rule-based player

CAMPAIGN = Path(__file__).resolve().parents[2] / "benchmarks" / "campaign.py"
# Each set's game is cut after this many actions (about 4 in 10 end before; 1 in 10 reach an
# Undead or Alive 4 outbreak): every set (864, Old Saloon 3 dealt both ways) in about 35 s of
# one core.
CUT = 120


def campaign() -> ModuleType:
    """``benchmarks/campaign.py``: its list of every module set the set-up accepts."""
    spec = importlib.util.spec_from_file_location("campaign", CAMPAIGN)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


EVERY_SET = list(enumerate(campaign().module_sets()))


@dataclass(frozen=True)
class Turn:
    """What seat S observed before one action, and what it chose: the reveal it made or
    declined into an open moment, or its answer to its decision (``ASKED_NOT``: not asked)."""

    seen: Observation
    reveal: RevealSpecial | None | str
    choice: Action | str


ASKED_NOT = "not asked"


@dataclass
class Played:
    """A game of rule-based players, and what seat S saw and chose before each action."""

    seat: int
    hidden: set[int]  # the seats whose role S was never shown (a rewound elimination shows it)
    actions: list[Action] = field(default_factory=list)
    turns: list[Turn | None] = field(default_factory=list)


def rule_based(game: Game, seat: int) -> Played:
    """Every seat by the default rule-based player, reveals included, up to CUT actions (or
    to the one that ends the game, left out)."""
    player = RuleBot()
    played = Played(seat, set(hidden_from(game, seat)))
    events = list(game.opening_events)
    while not game.over and len(played.actions) < CUT:
        played.hidden &= set(hidden_from(game, seat))
        mine: Observation | None = None
        reveal: RevealSpecial | None | str = ASKED_NOT
        choice: Action | str = ASKED_NOT
        action: Action | None = None
        for s in sorted({a.seat for a in game.window_actions()}):
            obs = observe(game, s, events, position=False)
            action = player.reveal(obs)
            if s == seat:
                mine, reveal = obs, action
            if action is not None:
                break
        if action is None:
            assert game.pending is not None
            obs = observe(game, game.pending.seat, events, position=False)
            action = choice_made = player(obs)
            if game.pending.seat == seat:
                mine, choice = obs, choice_made
        played.turns.append(None if mine is None else Turn(mine, reveal, choice))
        played.actions.append(action)
        events += game.apply(action)
    if game.over:  # the end shows every card: the twins part there
        played.actions.pop()
        played.turns.pop()
    else:
        played.hidden &= set(hidden_from(game, seat))
    return played


@pytest.mark.parametrize(("index", "chosen"), EVERY_SET, ids=[c.key for _, c in EVERY_SET])
def test_on_every_module_set_the_rule_based_player_chooses_alike_whatever_its_seat_cannot_see(
    index: int, chosen: Any
) -> None:
    """The default player in every seat (its modules' rules and reveals included), one game
    per set the set-up accepts: a twin dealt alike but for the roles and special cards seat S
    was never shown shows S the same before each action, and S chooses the same there."""
    counts = chosen.players()
    players = counts[index % len(counts)]
    setup = deal(players, index, modules=chosen.modules, mixed=chosen.mixed)
    played = rule_based(Game(setup), index % players)
    twin = Game(permuted(setup, sorted(played.hidden), random.Random(index)))
    told = list(twin.opening_events)
    for action, turn in zip(played.actions, played.turns, strict=True):
        if turn is not None:
            seen = observe(twin, played.seat, told, position=False)
            assert seen == turn.seen
            if turn.reveal != ASKED_NOT:
                assert RuleBot().reveal(seen) == turn.reveal
            if turn.choice != ASKED_NOT:
                assert RuleBot()(seen) == turn.choice
        told += twin.apply(action)
