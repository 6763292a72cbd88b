"""Bots play whole games at every player count and answer every decision the rules ask."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion.bots import BOTS, RandomBot, RuleBot, fallback, make_bot, observe, play_match
from companion.engine import DecisionKind, Event, Game, HouseRule, Module, Role, deal

HOUSE_RULE_SETS = [frozenset(), frozenset(HouseRule)]
# The characters whose abilities ask a question, seated at every table below.
ASKING = ("sid_ketchum", "slab_the_killer", "bart_cassidy", "pedro_ramirez", "kit_carlson")


@pytest.mark.parametrize("house_rules", HOUSE_RULE_SETS, ids=["base", "all-house-rules"])
@pytest.mark.parametrize("players", range(3, 9))
def test_rule_based_bots_play_a_game_to_the_end(players: int, house_rules: frozenset) -> None:
    for seed in range(3):
        game = Game(deal(players, seed, house_rules=house_rules))
        record = play_match(game, [RuleBot() for _ in range(players)])
        assert game.over and record.events[-1].kind == "game_over"
        assert len(record.actions) > players
        assert game.side is not None


@pytest.mark.parametrize("players", range(3, 9))
def test_a_table_of_every_kind_of_bot_plays_a_game_to_the_end(players: int) -> None:
    kinds = list(BOTS)
    game = Game(deal(players, 40 + players))
    play_match(game, [make_bot(kinds[s % len(kinds)], s) for s in range(players)])
    assert game.over


# Old Saloon's playable modules and the characters whose abilities ask something of them.
SALOON = frozenset({Module("old_saloon.1"), Module("old_saloon.2"), Module("old_saloon.4")})
SALOON_ASKING = ("pedro_ramirez", "elena_fuente", "apache_kid", "kit_carlson", "molly_stark")
# Every decision these games can reach: the base game's and Old Saloon 1, 2 and 4's.
REACHED = frozenset(
    DecisionKind(k)
    for k in [
        "gift_life",
        "roll",
        "reroll",
        "bullseye_target",
        "slab_double",
        "beer_target",
        "arrow_instead",
        "discard_arrow",
        "kit_discard",
        "reveal_role",
        "saloon_die",
        "broken_arrow",
        "chief_arrow",
        "which_arrow",
        "give_arrow",
        "take_chief_arrow",
        "take_loss",
    ]
)


def physical_game(
    players: int, seed: int, modules: frozenset[Module] = frozenset()
) -> tuple[Game, tuple[Role, ...]]:
    """Role cards on the table: the engine knows only the Sheriff; the true roles aside."""
    rng = random.Random(seed)
    others = [
        c
        for c in (
            "jesse_jones",
            "suzy_lafayette",
            "el_gringo",
            "paul_regret",
            "jourdonnais",
            "calamity_janet",
            "rose_doolan",
            "willy_the_kid",
            "black_jack",
            "lucky_duke",
            "vulture_sam",
        )
    ]
    asking = SALOON_ASKING if modules else ASKING
    characters = list(asking[: min(players, 5)]) + rng.sample(others, max(0, players - 5))
    rng.shuffle(characters)
    dealt = deal(players, seed, characters=tuple(characters), modules=modules)
    assert dealt.roles is not None
    if players == 3:
        return Game(dealt), dealt.roles
    return Game(dataclasses.replace(dealt, roles=None)), dealt.roles


def test_every_bot_answers_every_kind_of_decision_with_a_legal_action() -> None:
    """Random play reaches every decision; each bot is asked at each one and must be legal."""
    seen: set[DecisionKind] = set()
    bots = [RandomBot(7), RuleBot(), RuleBot(rules={})]
    for seed in range(120):
        players = 3 + seed % 6
        game, roles = physical_game(players, seed, SALOON if seed % 2 else frozenset())
        rng = random.Random(seed)
        events: list[Event] = list(game.opening_events)
        while not game.over:
            assert game.pending is not None
            kind, seat = game.pending.kind, game.pending.seat
            obs = observe(game, seat, events, role=roles[seat])
            for bot in bots:
                assert bot(obs) in obs.legal, (bot.name, kind)
            seen.add(kind)
            answer = RuleBot()(obs) if kind is DecisionKind.REVEAL_ROLE else rng.choice(obs.legal)
            events += game.apply(answer)
        if seen >= REACHED:
            break
    assert seen >= REACHED


def test_a_bot_without_a_rule_for_a_decision_still_answers_it_legally() -> None:
    """The fallback: no rule at all, yet whole games are played with legal actions only."""
    for players in (3, 5, 8):
        game = Game(deal(players, players))
        play_match(game, [RuleBot(rules={}) for _ in range(players)])
        assert game.over


def test_the_fallback_says_no_or_stops_before_anything_else() -> None:
    game = Game(deal(4, 1))
    obs = observe(game, game.pending.seat)
    assert fallback(obs) == obs.legal[0]  # the first roll: the only action
    game.apply(obs.legal[0])
    obs = observe(game, game.pending.seat)
    assert game.pending.kind is DecisionKind.REROLL  # this deal's first roll leaves dice to keep
    assert fallback(obs).kind == "stop"


def test_an_eliminated_bot_shows_its_own_card() -> None:
    game, roles = physical_game(6, 4)
    bot = RuleBot()
    events: list[Event] = list(game.opening_events)
    shown = 0
    while not game.over:
        seat = game.pending.seat
        obs = observe(game, seat, events, role=roles[seat])
        action = bot(obs)
        if game.pending.kind is DecisionKind.REVEAL_ROLE:
            assert action.role is roles[seat]
            shown += 1
        events += game.apply(action)
    assert shown, "no seat was asked to show its card: nothing was checked"
    assert all(p.role in (None, roles[p.seat]) for p in game.players)


def test_players_are_made_by_name_and_an_unknown_name_is_refused() -> None:
    assert [make_bot(name).name for name in BOTS] == list(BOTS)
    with pytest.raises(ValueError, match="unknown player 'smart': expected one of random"):
        make_bot("smart")


def test_a_match_needs_one_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="2 bots for 4 seats"):
        play_match(Game(deal(4, 1)), [RuleBot(), RuleBot()])
