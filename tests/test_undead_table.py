"""Undead or Alive, Modules 1-3 at the table: a whole game played by presses in the emulator
(a duel answered by the challenged seat's own press, Rage symbols entered with the picker), the
journal replaying it, and the console and seat panels showing what the modules add."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.config import defaults
from companion.devices.inputs import ButtonEvent
from companion.emulate import Emulator
from companion.engine import (
    Choose,
    DecisionKind,
    Game,
    GameSetup,
    PlayerState,
    Roll,
    ScriptedDice,
)
from companion.modules.duels.events import WoundDrawn
from companion.modules.duels.rules import (
    DUEL_ROLL,
    DUEL_TARGET,
    WOUND_TOKEN,
    WOUNDS_PILE,
    DuelsPlayer,
)
from companion.modules.duels.rules import ID as LOOK_ME_IN_THE_EYES
from companion.modules.posse.rules import ID as NEW_POSSE
from companion.modules.rage.events import RageDiscarded, RageDrawn, RageShuffled
from companion.modules.rage.rules import ID as TWO_BULLETS
from companion.modules.rage.rules import RAGE_SYMBOL, RageGame, RagePlayer
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.table import TableSession
from companion.table.chores import chores
from companion.table.journal import journals, read_journal
from companion.table.module_words import pieces
from companion.table.play import Refused, TablePlay
from companion.table.showing import seat_chores

from .table.driver import SETUP_5, EmulatorPresses, next_buttons

ALL = frozenset({LOOK_ME_IN_THE_EYES, TWO_BULLETS, NEW_POSSE})
SEED = 3


def test_a_whole_game_with_modules_1_to_3_is_played_by_presses_in_the_emulator(
    tmp_path: Path,
) -> None:
    config = defaults(tmp_path / "state", 5)
    config.table.modules = ALL
    emulator = Emulator(config, seed=SEED)
    session: TableSession = emulator.session
    rng = random.Random(SEED)
    press = EmulatorPresses(emulator)

    for button in [*SETUP_5, "ROLL", "DONE"]:
        press(button)
    play = session.play
    assert play is not None and play.game.dice_kinds.count("duel") == 2
    challenged_pressed = picked = told = 0
    while not play.game.over and press.count < 5_000:
        d = play.game.pending
        assert d is not None
        buttons = next_buttons(session, rng)
        if d.kind is DUEL_ROLL and d.seat != play.game.turn:
            assert buttons == [f"SEAT{play.seats[d.seat]}"]
            assert session.view().seats[play.seats[d.seat] - 1].answer
            challenged_pressed += 1
        if d.kind is RAGE_SYMBOL and buttons[0].startswith("DIE"):
            assert session.view().console.picker == d.options  # the picker is one screen
            picked += 1
        for button in buttons:
            press(button)
            chores = {s.number: s.chore for s in session.view().seats if s.chore}
            if any("Rage" in c for c in chores.values()) and not told:
                # Said on the seat's own panel, from the game's record: a restart says it again.
                again = Emulator(config, seed=SEED).session.view()
                assert {s.number: s.chore for s in again.seats if s.chore} == chores
            told += any("Rage" in c for c in chores.values())
        play = session.play
        assert play is not None
    assert play.game.over, "the game did not end"
    assert told
    assert challenged_pressed and picked

    # The journal carries every duel roll and every entered symbol, and replays the game.
    (path,) = journals(tmp_path / "state" / "games")
    contents = read_journal(path)
    actions = [e.action for e in contents.entries if e.action is not None]
    duel_rolls = [a for a in actions if isinstance(a, Roll) and len(a.dice) == 1 and a.faces]
    assert len(duel_rolls) >= challenged_pressed
    assert sum(isinstance(a, Choose) for a in actions) >= picked
    again = TablePlay.replay(contents, path)
    assert again.game.to_json() == play.game.to_json()
    emulator.close()


def test_a_duel_roll_is_the_challenged_seats_press_only(tmp_path: Path) -> None:
    """'the challenged seat's own press rolls its die at the table'; others are refused."""
    config = defaults(tmp_path / "state", 5)
    config.table.modules = ALL
    session = TableSession(config.table, seed=SEED)
    session.start()
    for button in [*SETUP_5, "ROLL", "DONE"]:
        session.handle(button, at=session_clock(session))
    play = session.play
    assert play is not None
    # Play on until a duel waits for a challenged seat.
    rng = random.Random(1)
    while not play.game.over:
        d = play.game.pending
        if d.kind is DUEL_ROLL and d.seat != play.game.turn:
            break
        for button in next_buttons(session, rng):
            session.handle(button, at=session_clock(session))
        play = session.play
    d = play.game.pending
    assert d.kind is DUEL_ROLL
    other = next(s for s in play.seats if s != play.seats[d.seat])
    session.handle(f"SEAT{other}", at=session_clock(session))
    assert (
        session.flash
        == f"Seat {play.seats[d.seat]} holds the Duel die: SEAT {play.seats[d.seat]} rolls it."
    )
    assert "rolls the Duel die" in session.view().console.prompt
    session.handle(f"SEAT{play.seats[d.seat]}", at=session_clock(session))
    assert session.flash is None and play.game.pending != d


_CLOCK = [0.0]


def session_clock(session: TableSession) -> float:
    """Presses a second apart, so none is taken for contact bounce."""
    _CLOCK[0] += 1.0
    return _CLOCK[0]


def test_the_seat_panel_shows_wound_tokens_and_rage_cards() -> None:
    p = PlayerState(seat=0, character="jourdonnais", max_life=7, life=7)
    DuelsPlayer(("dynamite", "beer")).put(p)
    RagePlayer(rage_held=2).put(p)
    assert " ".join(pieces(p).marks) == "WBD R2"  # on the seat's line of its panel


def undead_play(real_wounds: bool = True) -> TablePlay:
    setup = GameSetup(
        characters=("jourdonnais", "calamity_janet", "paul_regret", "lucky_duke", "black_jack"),
        sheriff=0,
        modules=ALL,
        real_piles=frozenset({"wounds"}) if real_wounds else frozenset(),
        seed=1,
    )
    return TablePlay(game=Game(setup, ScriptedDice([])), seats=[1, 2, 3, 4, 5])


def test_presses_answer_the_duel_the_wound_pile_and_the_rage_picker() -> None:
    """DIE buttons pick among the choices shown; DONE ends the Rage entry; SEAT challenges."""
    play = undead_play()
    game = play.game
    RagePlayer(rage_held=1).put(game.players[1])
    RageGame.change(game, rage_pile=17)
    game.apply(Roll((0, 1, 2, 3, 4), ("dynamite", "gatling", "gatling", "duel", "gatling")))
    play.press("DONE")
    assert game.pending.kind is DUEL_TARGET
    play.press("SEAT3")
    assert (game.pending.kind, game.pending.seat) == (DUEL_ROLL, 2)
    with pytest.raises(Refused, match="SEAT 3 rolls it"):
        play.press("ROLL")
    game.dice_source = ScriptedDice(["whiskey"])
    play.press("SEAT3")  # the challenged seat's own press rolls, and misses
    assert game.pending.kind is WOUND_TOKEN
    with pytest.raises(Refused, match="DIE1 to DIE4"):
        play.press("DIE5")
    play.press("DIE2")  # beer, bullseye1, bullseye2, dynamite: the second
    assert DuelsPlayer.of(game.players[2]).wounds == ("bullseye1",)
    # Seat 2's turn starts with its Rage card revealed: the picker, then DONE.
    assert (game.turn, game.pending.kind) == (1, RAGE_SYMBOL)
    with pytest.raises(Refused, match="at least one symbol per Rage card"):
        play.press("DONE")
    play.press("DIE3")
    assert RagePlayer.of(game.players[1]).rage_symbols == ("bullseye1",)
    play.press("DONE")
    assert game.pending.kind is DecisionKind.ROLL
    play.press("UNDO")  # a wrong entry is mended with UNDO
    assert play.game.pending.kind is RAGE_SYMBOL


def test_each_seat_is_told_what_to_do_with_the_real_cards() -> None:
    """'The companion tells the player to draw': the engine counts, the seat's panel instructs
    that seat; shuffling the discards falls to the seat that draws next."""
    seats = [1, 2, 4]
    events = [
        RageDrawn(0, 1, "lost_two"),
        RageDrawn(2, 2, "beer"),
        RageDiscarded(1, 2),
        RageShuffled(5),
        WoundDrawn(2, "beer", False, "duel"),
        WoundDrawn(1, "dynamite", True, "duel"),
    ]
    assert chores(events, seats, real_piles=frozenset()) == [
        (0, "draw Rage card"),
        (2, "draw 2 Rage, keep 1"),
        (1, "discard 2 Rage"),
        (1, "+Wound: Dynamite"),
    ]
    assert chores([RageShuffled(5), RageDrawn(2, 1, "beer")], seats, frozenset()) == [
        (2, "shuffle Rage discards"),
        (2, "draw Rage card"),
    ]
    # From the real pile the seat has just entered the token: nothing more to say, but a
    # token that goes back goes back to the pile.
    real = frozenset({WOUNDS_PILE})
    assert chores([WoundDrawn(1, "dynamite", True, "duel")], seats, real) == []
    assert chores([WoundDrawn(2, "beer", False, "duel")], seats, real) == [(2, "Beer back: lucky")]


def test_set_up_turns_undead_modules_on_from_their_page(tmp_path: Path) -> None:
    """DIE6 turns to Undead or Alive's page, DIE1-DIE3 its modules 1-3. Module 1 only with
    Module 2: the set-up refuses it alone, then plays all three."""
    config = defaults(tmp_path / "state", 5)
    session = TableSession(config.table, seed=SEED)
    session.start()
    for button in ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DIE6", "DIE1", "DONE"]:
        session.handle(button, at=session_clock(session))
    assert session.flash is not None
    assert session.flash == "Duel dice: only with Rage cards on too."
    for button in ["DIE2", "DIE3"]:
        session.handle(button, at=session_clock(session))
    assert "Modules: Undead or Alive 1, 2, 3" in session.view().console.prompt
    for button in ["DONE", "SEAT2", "ROLL", "DONE"]:
        session.handle(button, at=session_clock(session))
        assert session.flash is None, (button, session.flash)
    assert session.play is not None and session.play.game.dice_kinds.count("duel") == 2


def test_the_chores_read_since_the_last_view_are_the_chores_of_the_whole_record(
    tmp_path: Path,
) -> None:
    """A view reads only the actions taken since the one before; across UNDO (the record
    shrinks), a reveal (it goes back and takes other actions) and every new action it says what
    a read of the whole record says."""
    config = defaults(tmp_path / "state", 5)
    config.table.modules = ALL | {SPECIAL_ROLES_ID}
    emulator = Emulator(config, seed=SEED)
    session: TableSession = emulator.session
    rng = random.Random(SEED)
    count = 0

    def press(button: str, kind: str = "press") -> None:
        nonlocal count
        count += 1
        emulator.press(ButtonEvent(button, kind), at=float(count))

    for button in [*SETUP_5, "ROLL", "DONE"]:
        press(button)
    play = session.play
    assert play is not None
    undone = revealed = said = 0
    while not play.game.over and count < 3_000:
        open_to = [n for n in play.seats if play.reveals_for(n)]
        if open_to and rng.random() < 0.3:
            seat = rng.choice(open_to)
            presses = [(f"SEAT{seat}", "hold"), (f"DIE{len(play.reveals_for(seat))}", "press")]
            revealed += 1
        elif rng.random() < 0.1 and play.taken:
            presses, undone = [("UNDO", "press")], undone + 1
        else:
            presses = [(button, "press") for button in next_buttons(session, rng)]
        for button, kind in presses:
            press(button, kind)
            read = seat_chores(play)
            play.chores_read = None
            assert seat_chores(play) == read
            said += bool(read)
    assert play.game.over and undone and revealed and said

    # A record rewritten to the same length is read again, not taken for the one read before.
    whole = list(play.taken)
    for k in range(len(whole) - 1, 0, -1):
        rewritten = [*whole[:k], *reversed(whole[k:])]
        play.taken, play.chores_read = rewritten, None
        fresh = seat_chores(play)
        play.taken, play.chores_read = whole, None
        if seat_chores(play) != fresh:
            break
    else:
        pytest.fail("no rewriting of this game's record changes its chores")
    play.taken = rewritten
    assert seat_chores(play) == fresh
    emulator.close()
