"""A bot sees only what its seat may know: hidden roles never change what it sees or does."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.bots import RandomBot, RuleBot, observe
from companion.engine import Event, Game, Module, Role, SeededDice, deal
from tests.test_what_a_seat_sees import SETS, hidden_from, permuted, play, tables

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
    setup, seat, seed = data.draw(tables(modules))
    game = Game(setup)
    actions, _events = play(game, seed)
    twin_setup = permuted(setup, hidden_from(game, seat), random.Random(seed))
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
