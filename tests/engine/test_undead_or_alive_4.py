"""Undead or Alive, Module 4 (rulebook) with the errata's Boneyard deck and ruling UA4.

Each test names the sentence it plays out. The Boneyard cards come from the "real deck"
(``real_boneyard``), so each test enters the card it needs; one test checks the simulated deck.
Seat 0 is the Sheriff and plays first; ``shown`` puts face-up cards on the table beforehand.
"""

from __future__ import annotations

import random

import pytest

from companion.engine import (
    Choose,
    ChooseSeat,
    DecisionKind,
    Decline,
    Event,
    Game,
    GameSetup,
    Reveal,
    Role,
    Roll,
    ScriptedDice,
    SetupError,
    Stop,
    deal,
    position,
)
from companion.modules.zombies.rules import (
    CARD,
    DECK,
    MASTER,
    BoneyardGame,
    BoneyardSetup,
    full_deck,
    is_master,
    is_zombie,
)

UNDEAD = "undead_or_alive.4"
FIVE = ("jesse_jones", "black_jack", "paul_regret", "lucky_duke", "jourdonnais")
ROLES5 = ("sheriff", "outlaw", "renegade", "outlaw", "deputy")
INERT = ("dynamite", "dynamite", "arrow", "arrow")  # no decision, nobody hurt


def undead_game(
    characters: tuple[str, ...] = FIVE,
    roles: tuple[str, ...] | None = ROLES5,
    faces: tuple[str, ...] = (),
    shown: tuple[str, ...] = (),
    real: bool = True,
) -> Game:
    setup = GameSetup(
        characters=characters,
        roles=None if roles is None else tuple(Role(r) for r in roles),
        sheriff=0 if roles is None else None,
        modules=frozenset({UNDEAD}),
        parts=(BoneyardSetup(real),),
    )
    game = Game(setup, ScriptedDice(faces))
    for card in shown:
        b = BoneyardGame.of(game)
        pile = list(b.boneyard_pile)
        pile.remove(card)
        BoneyardGame.change(
            game, boneyard_pile=tuple(pile), boneyard_shown=(*b.boneyard_shown, card)
        )
    return game


def shoot(game: Game, *targets: int, face: str = "bullseye1") -> list[Event]:
    """The player whose turn it is rolls one Bull's Eye per target (plus inert dice) and stops."""
    n = len(game.faces)
    faces = (face,) * len(targets) + INERT[: n - len(targets)]
    game.dice_source = ScriptedDice(faces)
    events = game.apply(Roll(tuple(range(n))))
    events += game.apply(Stop())
    for target in targets:
        events += game.apply(ChooseSeat(target))
    return events


def quiet_turn(game: Game) -> list[Event]:
    n = len(game.faces)
    game.dice_source = ScriptedDice(INERT[:n] + ("arrow",) * (n - len(INERT)))
    return game.apply(Roll(tuple(range(n)))) + game.apply(Stop())


def of(events: list[Event], kind: str) -> list[dict[str, object]]:
    return [e.to_json() for e in events if e.kind == kind]


def test_module_4_needs_four_or_more_players() -> None:
    with pytest.raises(SetupError, match="4 or more players"):
        GameSetup(
            characters=FIVE[:3], roles=(Role.DEPUTY, Role.OUTLAW, Role.RENEGADE), modules={UNDEAD}
        )


def test_the_boneyard_deck_is_errata_eleven_cards() -> None:
    assert len(full_deck()) == 11 and DECK == {
        "no_hands": 2,
        "one_hand": 6,
        "two_hands": 3,
    }
    assert sorted(BoneyardGame.of(undead_game()).boneyard_pile) == full_deck()


def test_a_card_is_revealed_at_the_end_of_the_turn_in_which_a_player_was_eliminated() -> None:
    game = undead_game()
    game = position(game, players={4: {"life": 1}})
    events = shoot(game, 4)
    assert game.pending.kind is CARD and game.pending.seat == 4
    assert game.pending.cause == "end"
    assert set(game.pending.options) == set(DECK)
    events += game.apply(Choose("one_hand"))
    cards = of(events, "boneyard_card")
    assert cards == [
        {
            "event": "boneyard_card",
            "seat": 4,
            "card": "one_hand",
            "when": "end",
            "hands": 1,
            "living": 4,
        }
    ]
    assert [e.kind for e in events][-3:] == ["boneyard_card", "turn_ended", "turn_started"]
    assert game.turn == 1 and BoneyardGame.of(game).boneyard_shown == ("one_hand",)


def test_even_when_it_is_not_your_turn_you_draw_at_the_end_of_the_current_turn() -> None:
    game = undead_game()
    game = position(game, players={1: {"life": 1}})
    shoot(game, 1)  # seat 0's turn
    assert game.pending.kind is CARD and game.pending.seat == 1
    assert game.turn == 0


def test_at_the_start_of_each_would_be_turn_an_eliminated_player_reveals_a_card() -> None:
    game = undead_game()
    game = position(game, players={1: {"life": 1}})
    shoot(game, 1)
    game.apply(Choose("one_hand"))  # end of seat 0's turn
    assert game.pending.kind is CARD and game.pending.seat == 1
    assert game.pending.cause == "start"
    events = game.apply(Choose("one_hand"))  # seat 1's would-be turn: 2 hands, 4 living
    assert of(events, "boneyard_card")[0]["when"] == "start"
    assert game.turn == 2 and game.pending.kind is DecisionKind.ROLL
    quiet_turn(game)
    quiet_turn(game)
    quiet_turn(game)  # seats 2, 3, 4; then seat 0, then seat 1's would-be turn again
    quiet_turn(game)
    assert game.pending.kind is CARD and game.pending.seat == 1


def test_an_outbreak_from_a_card_at_the_end_of_a_turn_begins_with_the_next_players_turn() -> None:
    game = undead_game(shown=("two_hands", "two_hands"))
    game = position(game, players={4: {"life": 1}})
    shoot(game, 4)
    events = game.apply(Choose("one_hand"))  # 5 hands > 4 living
    assert of(events, "outbreak_coming") == [{"event": "outbreak_coming", "seat": 1}]
    kinds = [e.kind for e in events]
    assert kinds.index("turn_ended") < kinds.index("zombie_outbreak") < kinds.index("turn_started")
    assert of(events, "zombie_outbreak") == [
        {"event": "zombie_outbreak", "zombies": [4], "life": 4, "master": 2}
    ]
    assert game.turn == 1 and game.pending.kind is DecisionKind.ROLL


def test_an_outbreak_at_an_eliminated_players_would_be_turn_begins_with_that_zombies_turn() -> None:
    game = undead_game(shown=("two_hands", "two_hands"))
    game = position(game, players={1: {"life": 1}})
    shoot(game, 1)
    game.apply(Choose("no_hands"))
    events = game.apply(Choose("one_hand"))  # seat 1's would-be turn: 5 hands > 4 living
    assert of(events, "zombie_outbreak")[0]["zombies"] == [1]
    assert game.turn == 1 and game.pending.kind is DecisionKind.ROLL
    assert is_zombie(game.players[1]) and game.players[1].alive


def test_no_hands_means_no_outbreak_this_turn_and_goes_back_into_the_pile() -> None:
    game = undead_game(shown=("two_hands", "two_hands"))
    game = position(game, players={1: {"life": 1}, 4: {"life": 1}})
    shoot(game, 1, 4)
    game.apply(Choose("no_hands"))  # seat 1's card
    assert BoneyardGame.of(game).boneyard_back == ("no_hands",)
    events = game.apply(Choose("one_hand"))  # seat 4's: 5 hands > 3 living, but No hands
    assert not of(events, "outbreak_coming") and not of(events, "zombie_outbreak")
    assert BoneyardGame.of(game).outbreak is None
    assert (
        BoneyardGame.of(game).boneyard_back == ()
        and BoneyardGame.of(game).boneyard_pile.count("no_hands") == 2
    )  # back in pile
    assert BoneyardGame.of(game).boneyard_shown == (
        "two_hands",
        "two_hands",
        "one_hand",
    )  # hands stay face up


def test_with_hands_equal_to_the_living_the_game_continues_as_normal() -> None:
    game = undead_game(shown=("two_hands",))
    game = position(game, players={4: {"life": 1}})
    shoot(game, 4)
    events = game.apply(Choose("two_hands"))  # 4 hands, 4 living
    assert BoneyardGame.of(game).outbreak is None and not of(events, "zombie_outbreak")


def _outbreak_game(roles: tuple[str, ...] | None = ROLES5) -> Game:
    """Seat 4 (Jourdonnais, the Deputy) eliminated; the outbreak begins with seat 1's turn."""
    game = undead_game(roles=roles, shown=("two_hands", "two_hands"))
    game = position(game, players={4: {"life": 1}})
    shoot(game, 4)
    if game.pending.kind is DecisionKind.REVEAL_ROLE:
        game.apply(Reveal(Role.DEPUTY))
    game.apply(Choose("one_hand"))
    return game


def test_zombies_get_as_many_life_as_the_living_the_master_keeps_character_and_life() -> None:
    game = undead_game(shown=("two_hands", "two_hands"))
    game = position(game, players={2: {"life": 5}, 4: {"life": 1}})
    shoot(game, 4)
    game.apply(Choose("one_hand"))
    zombie, master = game.players[4], game.players[2]
    assert is_zombie(zombie) and zombie.alive and zombie.life == zombie.max_life == 4
    assert is_master(master) and master.life == 5 and master.max_life == 9
    assert game.ability(2).name == "paul_regret"  # the Master keeps the ability
    assert (
        BoneyardGame.of(game).boneyard_pile == BoneyardGame.of(game).boneyard_shown == ()
    )  # the cards leave play


def test_zombies_roll_three_base_dice_and_lose_their_character() -> None:
    lucky_at_4 = ("jesse_jones", "black_jack", "paul_regret", "jourdonnais", "lucky_duke")
    game = undead_game(characters=lucky_at_4, shown=("two_hands", "two_hands"))
    game = position(game, players={4: {"life": 1}})
    shoot(game, 4)
    game.apply(Choose("one_hand"))
    for _ in range(3):
        quiet_turn(game)  # seats 1, 2, 3
    assert game.turn == 4 and game.dice_kinds == ["base"] * 3
    assert game.ability(4).name == "" and game.max_rolls == 3  # no Lucky Duke re-roll


def test_zombies_do_not_gain_life_from_beer() -> None:
    game = _outbreak_game()
    for _ in range(3):
        quiet_turn(game)
    game = position(game, players={4: {"life": 2}})
    game.dice_source = ScriptedDice(("beer", "dynamite", "dynamite"))
    game.apply(Roll((0, 1, 2)))
    events = game.apply(Stop()) + game.apply(ChooseSeat(4))
    assert not of(events, "life_gained") and game.players[4].life == 2


def test_zombies_are_included_when_counting_places_again() -> None:
    game = _outbreak_game()
    quiet_turn(game)  # seat 1
    quiet_turn(game)  # seat 2
    quiet_turn(game)  # seat 3
    quiet_turn(game)  # seat 4 (zombie)
    game.dice_source = ScriptedDice(("bullseye1",) + INERT)
    game.apply(Roll(tuple(range(5))))
    game.apply(Stop())
    assert sorted(game.targets(0)) == [1, 4]


def test_if_the_renegade_is_dead_they_become_a_normal_zombie() -> None:
    game = undead_game(shown=("two_hands", "two_hands"))
    game = position(game, players={2: {"life": 1}})
    shoot(game, 2, face="bullseye2")
    events = game.apply(Choose("one_hand"))
    assert of(events, "zombie_outbreak")[0] == {
        "event": "zombie_outbreak",
        "zombies": [2],
        "life": 4,
        "master": None,
    }
    assert is_zombie(game.players[2]) and not is_master(game.players[2])


EIGHT = (
    "jesse_jones",
    "black_jack",
    "paul_regret",
    "lucky_duke",
    "jourdonnais",
    "calamity_janet",
    "bart_cassidy",
    "vulture_sam",
)
ROLES8 = ("sheriff", "outlaw", "renegade", "outlaw", "deputy", "outlaw", "deputy", "renegade")


def _eight(dead: tuple[int, ...]) -> Game:
    game = undead_game(characters=EIGHT, roles=ROLES8, shown=("two_hands",) * 3)
    gone = {"alive": False, "life": 0, "revealed": True}
    return position(game, players=dict.fromkeys(dead, gone))


def test_eight_players_both_renegades_alive_the_one_closer_clockwise_becomes_master() -> None:
    game = _eight(dead=(1, 3, 5))
    quiet_turn(game)  # seat 0
    game.apply(Choose("no_hands"))  # seat 1's would-be turn
    quiet_turn(game)  # seat 2
    game.apply(Choose("no_hands"))  # seat 3's would-be turn
    quiet_turn(game)  # seat 4
    events = game.apply(Choose("one_hand"))  # seat 5's would-be turn: 7 hands > 5 living
    assert game.turn == 5
    assert of(events, "zombie_outbreak")[0]["master"] == 7  # 2 places from seat 5; seat 2: 5
    assert not is_master(game.players[2]) and not is_zombie(game.players[2])  # plays against them


def test_eight_players_only_one_renegade_alive_becomes_master() -> None:
    game = _eight(dead=(1, 3, 5))
    game = position(game, players={7: {"life": 1}})
    shoot(game, 7)
    events = game.apply(Choose("one_hand"))  # 7 hands > 4 living
    assert of(events, "zombie_outbreak")[0]["master"] == 2
    assert is_zombie(game.players[7])


def test_ua4_physical_roles_the_living_renegade_declares_and_becomes_master() -> None:
    game = _outbreak_game(roles=None)
    assert game.pending.kind is MASTER and game.pending.seat == 1
    assert set(game.legal_actions()) == {ChooseSeat(1), ChooseSeat(2), ChooseSeat(3), Decline()}
    events = game.apply(ChooseSeat(2))
    assert game.players[2].role is Role.RENEGADE and is_master(game.players[2])
    assert of(events, "role_revealed") == [
        {"event": "role_revealed", "seat": 2, "role": "renegade"}
    ]


def test_ua4_physical_roles_if_nobody_declares_there_is_no_zombie_master() -> None:
    game = _outbreak_game(roles=None)
    events = game.apply(Decline())
    assert of(events, "zombie_outbreak")[0]["master"] is None
    assert not any(is_master(p) for p in game.players)


def test_after_the_outbreak_an_eliminated_player_is_out_for_good() -> None:
    game = _outbreak_game()
    for _ in range(4):
        quiet_turn(game)  # seats 1, 2, 3 and the zombie at 4
    game = position(game, players={4: {"life": 1}})
    events = shoot(game, 4)  # the Sheriff shoots the zombie
    assert not of(events, "boneyard_card") and not game.players[4].alive
    assert game.turn == 1 and not game.over
    for _ in range(3):
        quiet_turn(game)  # seats 1, 2, 3
    assert game.turn == 0  # seat 4 has no turn any more, would-be or not


def test_survivors_win_when_all_zombies_and_the_master_are_eliminated() -> None:
    game = _outbreak_game()
    # the Master fell earlier
    game = position(game, players={2: {"alive": False, "life": 0}})
    quiet_turn(game)  # seat 1
    quiet_turn(game)  # seat 3
    quiet_turn(game)  # seat 4, the zombie
    game = position(game, players={4: {"life": 1}})
    events = shoot(game, 4)
    assert game.over and game.side == "survivors" and game.winners == (0, 1, 3)
    assert of(events, "game_over") == [
        {"event": "game_over", "side": "survivors", "winners": [0, 1, 3]}
    ]


def test_zombies_win_when_all_survivors_are_eliminated() -> None:
    game = _outbreak_game()
    quiet_turn(game)  # seat 1
    dead = {"alive": False, "life": 0, "arrows": 0, "revealed": True}  # arrows back, card shown
    game = position(game, players={1: dead, 3: dead})
    quiet_turn(game)  # the Master, seat 2
    game = position(game, players={0: {"life": 1}})
    shoot(game, 0)  # the zombie at seat 4 kills the Sheriff, the last survivor
    assert game.over and game.side == "zombies" and set(game.winners) == {2, 4}


def test_the_sheriff_eliminated_after_the_outbreak_does_not_end_the_game() -> None:
    game = _outbreak_game()
    for _ in range(3):
        quiet_turn(game)  # seats 1, 2, 3
    game = position(game, players={0: {"life": 1}})
    shoot(game, 0)  # the zombie
    assert not game.players[0].alive and not game.over


def test_everyone_dying_in_the_same_turn_is_a_zombie_win() -> None:
    game = _outbreak_game()
    held = (2, 1, 2, 2, 1)  # the pile keeps one arrow
    game = position(game, players={s: {"life": 1, "arrows": n} for s, n in enumerate(held)})
    game.dice_source = ScriptedDice(("arrow",) + INERT)
    events = game.apply(Roll(tuple(range(5))))  # seat 1 takes the last arrow: the Indians
    assert of(events, "indians_attacked") and not any(p.alive for p in game.players)
    assert game.over and game.side == "zombies"


def test_simulated_boneyard_same_seed_same_cards() -> None:
    def cards(seed: int) -> list[object]:
        game = Game(deal(6, seed, modules={UNDEAD}))
        rng, found = random.Random(seed), []
        while not game.over:
            for e in game.apply(rng.choice(game.legal_actions())):
                if e.kind == "boneyard_card":
                    found.append(e.to_json()["card"])
        return found

    drawn = [cards(s) for s in range(6)]
    assert all(cards(s) == drawn[s] for s in range(6))  # the same seed, the same cards
    assert len({tuple(map(str, d)) for d in drawn if d}) >= 2  # the seed decides them


def test_no_hands_after_a_card_with_hands_in_the_same_turn_end_still_stops_the_outbreak() -> None:
    """No hands, "there is no outbreak this turn, regardless of any other conditions": the
    order of the cards revealed at one turn's end does not matter (our reading): a hands card
    drawn first makes the hands exceed the living, the No hands card drawn after it still
    stops the outbreak, and no outbreak is announced."""
    game = undead_game(shown=("two_hands", "two_hands"))
    game = position(game, players={1: {"life": 1}, 4: {"life": 1}})
    shoot(game, 1, 4)
    events = game.apply(Choose("one_hand"))  # seat 1's card: 5 hands > 3 living
    events += game.apply(Choose("no_hands"))  # seat 4's
    assert not of(events, "outbreak_coming") and not of(events, "zombie_outbreak")
    assert BoneyardGame.of(game).outbreak is None
    assert (
        BoneyardGame.of(game).boneyard_back == ()
        and BoneyardGame.of(game).boneyard_pile.count("no_hands") == 2
    )
    assert game.turn == 1 and game.pending.kind is CARD  # would-be turn
