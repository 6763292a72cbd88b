"""Issue 35: what a new player met in six games played by keys, each mended where a person meets
it (the terminal, the console, the seat panels, the page): the series left in one start-over and
named on screen, the terminal's long lines wrapped, the history's way out that counted as a
press, the seats of the set-up, the re-rolls during a question, the reveal line agreeing with
the menus, The Bear at set-up, the Ghost's and the Duel's words, the page's texts."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.emulate import text_view
from companion.engine import (
    SPECIAL_ROLES,
    Decision,
    DecisionKind,
    Module,
)
from companion.modules.duels.events import DuelChallenged, DuelLost, DuelRolled
from companion.modules.duels.rules import ID as LOOK_ME_IN_THE_EYES
from companion.modules.ghost.events import GhostTokenGiven
from companion.modules.ghost.rules import GHOST_FACE, is_ghost
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
from companion.modules.rage.rules import ID as TWO_BULLETS
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.modules.special_roles.rules import holding
from companion.panels.console import shows_whole
from companion.table import TableConfig, TableSession
from companion.table.prompts import who_may_reveal
from companion.table.public import public_state
from companion.table.series import load
from companion.table.story import tell
from companion.table.words import WORDS, Asked
from tests.engine.helpers import make_game

from .driver import SETUP_5, next_buttons
from .test_edges_of_a_game import in_a_process
from .test_save_before_the_card import Table
from .test_series import legacy_session
from .test_session import Clock, play_to_the_end, press_all

SPECIALS = frozenset({SPECIAL_ROLES_ID})


def fits(session: TableSession) -> bool:
    console = session.view().console
    return shows_whole(128)(console) and shows_whole(256)(console)


# ------------------------------------------------------------------ a Wild West Legacy series


def test_a_series_game_is_named_on_screen_with_its_number_and_left_in_one_start_over(
    tmp_path: Path,
) -> None:
    """Leaving took two start-overs, the first not naming the series; nothing said a series
    ran, nor which game of it this was."""
    session, clock = legacy_session(tmp_path)
    first = session.view().console
    assert first.series == "Wild West Legacy series, game 1"
    assert "Legacy series (game 1)" in first.story  # before the first roll
    assert text_view(session.view()).startswith("Wild West Legacy series, game 1\n")
    play_to_the_end(session, clock, seed=0)
    assert session.view().console.prompt.endswith("ROLL: series game 2")
    press_all(session, ["ROLL"], clock)  # the series' second set-up
    console = session.view().console
    assert console.series == "Wild West Legacy series, game 2"
    assert "Wild West Legacy series, game 2" in console.story
    press_all(session, ["ROLL", "DONE"], clock)  # the others' characters dealt: it starts
    assert session.play is not None
    console = session.view().console
    assert console.series == "Wild West Legacy series, game 2"
    assert "Legacy series (game 2)" in console.story and fits(session)
    assert public_state(session)["series"] == "Wild West Legacy series, game 2"

    press_all(session, next_buttons(session, random.Random(1)), clock)  # in the game
    session.handle("UNDO", "hold", clock())
    console = session.view().console
    assert console.title == "Start over?"
    assert console.prompt == "DONE: end this game and leave the series; other: play on"
    assert fits(session)
    press_all(session, ["DONE"], clock)  # one start-over: the game and its series left
    assert session.fresh() and session.setup is not None and session.setup.legacy is None
    assert "the series is left" in session.view().console.story
    assert session.view().console.series == ""
    again = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=7)
    again.start()  # the fresh set-up is on disk
    assert again.fresh() and again.setup is not None and again.setup.legacy is None
    # The same seats sitting down again begin a new series.
    press_all(session, [*SETUP_5, "ROLL", "DONE"], clock)
    assert session.view().console.series == "Wild West Legacy series, game 1"
    play_to_the_end(session, clock, seed=3)
    press_all(session, ["ROLL"], clock)
    assert [g.series for g in load(tmp_path)] == [1, 2]


FULL_AS_A_SERIES_IS_LEFT = """
    import json, resource, signal, sys
    from pathlib import Path
    from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
    from companion.table import TableConfig, TableSession

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    config = TableConfig(seats=6, state_dir=Path(sys.argv[1]))
    config.modules = frozenset({WILD_WEST_LEGACY})
    session = TableSession(config, seed=5)
    session.start()
    presses = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "DONE", "SEAT2", "ROLL", "DONE", "ROLL"]
    for at, button in enumerate(presses, start=1):
        session.handle(button, "press", float(at))
    steps, lines = len(session.play.taken), session.history.lines
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, hard))  # no room for any byte
    session.handle("UNDO", "hold", 20.0)
    session.handle("DONE", "press", 21.0)
    full = [session.refused, len(session.play.taken) == steps, session.history.lines == lines]
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # space returns
    session.handle("UNDO", "hold", 22.0)
    session.handle("DONE", "press", 23.0)
    print(json.dumps({"full": full, "freed": [session.refused, session.fresh()]}))
"""


def test_a_series_left_while_the_disk_is_full_keeps_the_game_and_says_why(
    tmp_path: Path,
) -> None:
    report = in_a_process(FULL_AS_A_SERIES_IS_LEFT, str(tmp_path))
    refused, same_steps, same_story = report["full"]
    assert refused.startswith("Cannot save the set-up") and refused.endswith("The game goes on.")
    assert same_steps and same_story
    assert report["freed"] == [None, True]


def test_starting_over_at_a_series_set_up_shows_the_question_alone(tmp_path: Path) -> None:
    """The old list of names stayed on screen under the question."""
    session, clock = legacy_session(tmp_path)
    play_to_the_end(session, clock, seed=0)
    press_all(session, ["ROLL"], clock)
    assert session.view().console.choices  # the characters to pick, one per DIE button
    session.handle("UNDO", "hold", clock())
    console = session.view().console
    assert console.title == "Start over?" and console.choices == ()
    assert console.prompt == "DONE: leave the series, set up afresh; any other button: back"


# ------------------------------------------------------------------ the terminal


def test_the_terminal_wraps_long_lines_at_its_width(tmp_path: Path) -> None:
    """Long story lines were cut at the terminal's edge ("... 3 reve")."""
    session, clock = legacy_session(tmp_path)
    play_to_the_end(session, clock, seed=0)
    view = session.view()
    whole = text_view(view)
    assert max(len(line) for line in whole.splitlines()) > 40
    wrapped = text_view(view, 40)
    assert max(len(line) for line in wrapped.splitlines()) <= 40
    assert wrapped.split() == whole.split()  # every word, none cut


def test_seats_at_set_up_show_no_empty_life_and_only_the_seats_to_press_are_marked(
    tmp_path: Path,
) -> None:
    """Seats that had not joined showed "life 0/0", and every seat "<- press" while joining."""
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=7)
    session.start()
    clock = Clock()
    press_all(session, ["SEAT1", "SEAT2"], clock)
    screen = text_view(session.view())
    assert "0/0" not in screen
    lines = {n: next(x for x in screen.splitlines() if x.startswith(f"Seat {n} ")) for n in (1, 3)}
    assert "<- press" not in lines[1] and "joined" in lines[1]  # in: nothing to press
    assert "<- press" in lines[3] and "press to join" in lines[3]
    assert [s.answer for s in session.view().seats] == [False, False, True, True, True, True]
    press_all(session, ["SEAT3", "SEAT4", "DONE", "SEAT2"], clock)  # seat 2 the Sheriff
    flow = session.setup
    assert flow is not None and flow.stage == "characters" and flow.picker is not None
    view = session.view()
    assert [s.number for s in view.seats if s.answer] == [flow.picker]
    assert "0/0" not in text_view(view)


def test_the_key_that_closes_the_history_does_nothing_else(tmp_path: Path) -> None:
    """ "! Press ROLL to roll the dice." after leaving the history with 1."""
    session, clock = legacy_session(tmp_path)
    rng = random.Random(2)
    while not session.history.lines:
        press_all(session, next_buttons(session, rng), clock)
    while session.play is not None and session.play.game.pending.kind is not DecisionKind.ROLL:
        press_all(session, next_buttons(session, rng), clock)
    steps = len(session.play.taken)
    session.handle("DONE", "hold", clock())
    assert session.looking_back == 0
    session.handle("DIE1", "press", clock())
    assert session.looking_back is None and session.flash is None and session.refused is None
    assert len(session.play.taken) == steps


# ------------------------------------------------------------------ the console's words


def test_the_re_rolls_left_show_during_elena_fuentes_question_after_the_first_roll() -> None:
    """ "Re-rolls left 0" during her question right after the first roll, 2 once answered."""
    game = make_game(
        ["elena_fuente", "bart_cassidy", "black_jack", "calamity_janet", "el_gringo"],
        faces=["arrow", "arrow", "dynamite", "gatling", "gatling"],
        modules=("old_saloon.4",),
    )
    table = Table(game)
    table.press("ROLL")
    assert table.game.pending.kind is DecisionKind("give_arrow")
    view = table.session.view()
    assert view.console.rolls_left == 2
    assert "Re-rolls left 2" in text_view(view)
    table.press("DONE")  # she keeps the arrows
    assert table.game.pending.kind is DecisionKind.REROLL
    assert table.session.view().console.rolls_left == 2


def test_the_ghosts_token_is_said_in_words_and_its_question_names_the_buttons() -> None:
    """ "the Ghost gives 1 a Arrow x2 token"; "The Ghost gives which?" had no key hint."""
    seats = [1, 2, 3, 4, 5]
    assert tell([GhostTokenGiven(2, 0, "arrow", 2)], seats) == (
        "the Ghost gives seat 1 the Arrow and x2 tokens"
    )
    assert (
        tell([GhostTokenGiven(2, 3, "beer", 1)], seats) == "the Ghost gives seat 4 the Beer token"
    )
    game = make_game(["bart_cassidy", "black_jack", "calamity_janet", "el_gringo", "jesse_jones"])
    asked = Decision(GHOST_FACE, 2, options=("arrow", "beer"))
    prompt = WORDS[GHOST_FACE].prompt(Asked(game, asked, seats, ()))
    assert prompt == "The Ghost gives which? DIE"


def test_a_duel_says_what_each_duel_die_rolled() -> None:
    """Duels showed the result but never what each Duel die rolled."""
    events = [
        DuelChallenged(0, 2, 5),
        DuelRolled(2, 0, (5,), ("duel",)),
        DuelRolled(0, 2, (5,), ("whiskey",)),
        DuelLost(0, 2),
    ]
    assert tell(events, [1, 2, 3, 4, 5]) == (
        "Duel: 1 against 3; 3's Duel die: Duel; 1's Duel die: Whiskey; 3 wins the duel against 1"
    )


# ------------------------------------------------------------------ special roles


def test_the_sheriffs_card_is_the_bear_at_set_up_as_in_the_game(tmp_path: Path) -> None:
    """ "role: Sheriff" at set-up, and "The Bear" only once the game started."""
    session = TableSession(TableConfig(seats=5, state_dir=tmp_path, modules=SPECIALS), seed=3)
    session.start()
    press_all(session, [*SETUP_5[:-1], "SEAT2"], Clock())
    seat = session.view().seats[1]
    assert seat.sheriff and seat.role == "The Bear"
    assert "role: The Bear" in text_view(session.view())
    for answer, card in (("DIE1", "The Bear"), ("DIE2", "Sheriff")):
        mixed = TableConfig(seats=5, state_dir=tmp_path / answer, modules=SPECIALS)
        mixed.cards_mixed = True
        session = TableSession(mixed, seed=3)
        session.start()
        clock = Clock()
        press_all(session, [*SETUP_5[:-1], "SEAT2"], clock)
        assert session.view().seats[1].role == "Sheriff"  # the table has not said yet
        press_all(session, [answer], clock)
        assert session.view().seats[1].role == card


def reveal_games(roles: str, mixed: bool, seed: int) -> list[str]:
    """A special-role game of random presses; where the console's reveal line and the seats'
    menus disagree: a card the line offers a seat that its holder's menu lacks there, or a
    card a menu offers that the line does not offer that seat."""
    players = 4 + seed % 5
    config = TableConfig(seats=players, roles=roles, modules=SPECIALS, cards_mixed=mixed)
    session = TableSession(config, seed=seed)
    session.start()
    clock = Clock()
    press_all(session, [f"SEAT{n}" for n in range(1, players + 1)], clock)
    press_all(session, ["DONE", "ROLL" if roles == "dealt" else "SEAT1"], clock)
    if session.setup is not None and session.setup.stage == "roles":
        press_all(session, ["DIE1"], clock)  # the Sheriff's card: The Bear
    press_all(session, ["ROLL", "DONE"], clock)  # characters dealt
    play, rng, wrong = session.play, random.Random(seed), []
    assert play is not None
    while not play.game.over:
        game = play.game
        line = said(session.view().console.aside, play.seats, len(game.players))
        menus = {(play.seats.index(n), a.card) for n in play.seats for a in play.reveals_for(n)}
        for seat, card in menus:
            if seat not in line.get(card, ()):
                wrong.append(f"turn {game.turn_number}: seat {seat} may reveal {card}, unsaid")
        known = game.setup.roles_known
        for card, who in line.items():  # a living seat's card, face down (or any, if secret)
            holders = {p.seat for p in game.players if p.alive and not is_ghost(p)}
            holders &= {
                p.seat for p in game.players if holding(p).special_card == card or not known
            }
            holders -= {p.seat for p in game.players if holding(p).special_shown}
            for seat in who & holders:
                if (seat, card) not in menus:
                    wrong.append(f"turn {game.turn_number}: {card} said for seat {seat}, no menu")
        assert set(line) == {card.name for card, _who in who_may_reveal(game)}
        press_all(session, next_buttons(session, rng), clock)
    return wrong


TITLES = {card.title: name for name, card in SPECIAL_ROLES.items()}
WHOSE = re.compile(r"^(.*) \((not )?seats? ([\d, ]+)\)$")


def said(aside: str, seats: list[int], players: int) -> dict[str, frozenset[int]]:
    """The cards the console's aside offers, and to which seats (the engine's): "Reveal: The
    Doc, The Good (seat 3); The Gambler (not seat 2)"; a card without seats is every seat's."""
    found: dict[str, frozenset[int]] = {}
    if not aside.startswith("Reveal: "):
        return found
    for group in aside.removeprefix("Reveal: ").split("; "):
        whose = WHOSE.match(group)
        who = frozenset(range(players))
        if whose is not None:
            group = whose.group(1)
            named = {seats.index(int(n)) for n in whose.group(3).split(", ")}
            who = who - named if whose.group(2) else frozenset(named)
        for title in group.split(", "):
            found[TITLES[title]] = who
    return found


@pytest.mark.parametrize("roles", ["physical", "dealt"])
@pytest.mark.parametrize("mixed", [False, True])
def test_the_reveal_line_and_the_seats_menus_agree_over_random_games(
    roles: str, mixed: bool
) -> None:
    """The console listed The Right Hand while the menus of its possible holders never offered
    it: the line now says whose moment each card is (by what the table knows, never by a
    dealt card), and every card it offers a seat is in that seat's menu if it holds it, and
    the other way round."""
    wrong = [w for seed in range(5) for w in reveal_games(roles, mixed, seed)]
    assert not wrong, "\n".join(wrong[:10])


def test_an_own_moments_card_is_said_with_the_seat_whose_moment_it_is(tmp_path: Path) -> None:
    config = TableConfig(seats=5, roles="dealt", modules=SPECIALS, state_dir=tmp_path)
    session = TableSession(config, seed=1)
    session.start()
    clock = Clock()
    press_all(session, [*SETUP_5[:-1], "ROLL", "ROLL", "DONE"], clock)
    play, rng = session.play, random.Random(1)
    assert play is not None
    first = play.game.turn
    while play.game.turn == first:
        press_all(session, next_buttons(session, rng), clock)
    seat = play.seats[play.game.turn]
    assert f"The Good, The Ugly (seat {seat})" in session.view().console.aside


# ------------------------------------------------------------------ the public page


def test_the_page_asks_a_spectator_without_buttons_and_says_the_modules_once(
    tmp_path: Path,
) -> None:
    """ "Saloon die? its DIE; ROLL: none" to a spectator, "Modules: ..." twice, and
    "Re-rolls left: 0 Arrows in the pile: 10" run together."""
    config = TableConfig(seats=5, state_dir=tmp_path, modules=frozenset({Module("old_saloon.1")}))
    session = TableSession(config, seed=3)
    session.start()
    clock = Clock()
    press_all(session, [*SETUP_5, "ROLL", "DONE"], clock)
    assert session.view().console.prompt == "Saloon die? its DIE; ROLL: none"
    state = public_state(session)
    assert state["prompt"] == "Saloon die?"
    assert state["rules"] == "Modules: Saloon dice"
    assert "Modules" not in state["story"]
    # Before the first roll the turn's re-rolls are all still to come (it said 0).
    assert state["counts"] == "Re-rolls left: 2 · Arrows in the pile: 9"
    press_all(session, ["ROLL"], clock)  # no Saloon die: the roll
    state = public_state(session)
    assert not any(b in state["prompt"] for b in ("DIE", "ROLL", "DONE", "SEAT"))
    static = Path(__file__).parents[2] / "companion" / "web" / "static"
    assert 'say("counts", state.counts)' in (static / "page.js").read_text()
    assert 'id="counts"' in (static / "index.html").read_text()


BUTTON_WORDS = re.compile(r"\b(DIE\d?|SEAT\d?|ROLL|DONE|UNDO)\b")


@pytest.mark.parametrize(
    ("modules", "roles"),
    [
        (
            frozenset({Module("old_saloon.1"), Module("old_saloon.2"), SPECIAL_ROLES_ID}),
            "physical",
        ),
        (
            frozenset({LOOK_ME_IN_THE_EYES, TWO_BULLETS, WILD_WEST_LEGACY}),
            "dealt",
        ),
    ],
)
def test_the_page_never_names_a_button_in_its_question(
    tmp_path: Path, modules: frozenset[Module], roles: str
) -> None:
    """From the first join to the game over, the history included: the page's question is in
    words, the buttons left to the console."""
    config = TableConfig(seats=6, roles=roles, state_dir=tmp_path, modules=modules, bots=(6,))
    config.bot_pause = 0
    session = TableSession(config, seed=5)
    session.start()
    clock, rng, said = Clock(), random.Random(5), []

    def look() -> None:
        prompt = public_state(session)["prompt"]
        said.append(prompt)
        assert not BUTTON_WORDS.search(prompt), (session.view().console.prompt, prompt)

    look()
    for button in ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE"]:
        press_all(session, [button], clock)
        look()
    while session.setup is not None:
        flow = session.setup
        button = "ROLL" if flow.dealt or flow.stage == "characters" else "SEAT1"
        if flow.stage == "roles" and "Bear" in session.view().console.prompt:
            button = "DIE1"
        elif flow.stage == "characters" and flow.picker is None:
            button = "DONE"
        press_all(session, [button], clock)
        look()
    play = session.play
    assert play is not None
    while not play.game.over:
        while session.box_wait() is not None:  # the box's choices, at once
            session.box_step()
            look()
        if play.game.over:
            break
        press_all(session, next_buttons(session, rng), clock)
        look()
        if len(session.history.lines) == 2 and session.looking_back is None:
            session.handle("DONE", "hold", clock())
            look()
            press_all(session, ["UNDO"], clock)  # back to the game, nothing else
    session.handle("UNDO", "hold", clock())
    look()
    assert len(set(said)) > 10
