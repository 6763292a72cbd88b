"""The box reveals its own seat's special role card at the table (Old Saloon 3): its player is
asked at each open moment its seat may reveal into, after the same pause as its other choices
and without holding up the people's presses; the reveal is said on the console in the
rulebook's words, journaled as the box's, replayed after a restart (a real process killed),
taken back by UNDO with the person's decision before it, and decided from its seat's
observation alone."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from pathlib import Path

from companion.config import load
from companion.emulate import Emulator, digest
from companion.engine import GameSetup, RevealSpecial, Role, ScriptedDice
from companion.modules.special_roles.dealing import SpecialsSetup
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.modules.special_roles.rules import SpecialCard, holding
from companion.table import TableConfig, TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay
from tests.engine.helpers import FILLERS

from .table.driver import next_buttons
from .test_kill_restart import play_with_kills
from .test_kill_restart_bot import event

ROLES = ("sheriff", "outlaw", "renegade", "outlaw", "deputy")
# Seat 5, the box's, is the Deputy holding The Doc ("Reveal this card after any dice roll. Turn
# one die to show the side of your choice").
SPECIALS = ("the_bear", "the_gambler", "the_left_hand", "the_bad", "the_doc")
# Seat 1: a quiet turn (its two Beers drunk at full life). Seat 2, an Outlaw, rolls two Dynamite:
# The Doc turns a third, and they explode on him.
DICE = ["arrow", "dynamite", "dynamite", "beer", "beer"]
DICE += ["dynamite", "dynamite", "beer", "beer", "gatling"]
DOC = "Seat 5 reveals The Doc: turn one die to any side"
LATER = 10.0  # seconds: a pause is over


class Table:
    """A session whose game seat 5 plays for the box, dealt as above, its journal on disk."""

    def __init__(self, state_dir: Path) -> None:
        self.state_dir = state_dir
        self.session = session_at(state_dir)
        setup = GameSetup(
            characters=FILLERS,
            roles=tuple(Role(r) for r in ROLES),
            sheriff=0,
            modules=frozenset({SPECIAL_ROLES_ID}),
            parts=(SpecialsSetup(SPECIALS),),
        )
        play = TablePlay.new(setup, [1, 2, 3, 4, 5], state_dir, "dealt", {5: "rules"})
        play.game.dice_source = ScriptedDice(DICE)
        self.session.begin_play(play)
        self.now = 0.0

    def press(self, *buttons: str) -> None:
        for button in buttons:
            self.now += 1.0
            self.session.handle(button, "press", self.now)
            assert self.session.flash is None, (button, self.session.flash)

    def box(self) -> None:
        """The box's pauses are over: it makes every choice it owes, one pause after another."""
        while self.session.box_wait(self.now) is not None:
            self.now += LATER
            self.session.tick(self.now)

    @property
    def play(self) -> TablePlay:
        assert self.session.play is not None
        return self.session.play


def session_at(state_dir: Path) -> TableSession:
    session = TableSession(TableConfig(seats=5, state_dir=state_dir, bot_pause=1.0))
    session.start()
    return session


def to_seat_2s_roll(table: Table) -> None:
    table.press("ROLL", "DONE", "SEAT1", "SEAT1")  # seat 1 rolls, keeps, drinks both Beers
    table.box()
    table.press("ROLL")  # seat 2's first roll: two Dynamite, a moment for The Doc


def test_rule_os3_the_boxs_seat_reveals_the_doc_after_anothers_roll_said_in_rulebook_words(
    tmp_path: Path,
) -> None:
    table = Table(tmp_path)
    to_seat_2s_roll(table)
    # While the box may answer the moment nothing shows it (its card is its secret), and the
    # people's presses are not held up: the question is still seat 2's.
    assert table.play.box_owes() and not table.play.box_due()
    assert table.session.view().console.prompt == "Re-roll? mark dice, ROLL; DONE: no"
    table.box()
    assert table.session.history.presses[-3].text.startswith(DOC)
    doc = [s for s in table.play.taken if isinstance(s.action, RevealSpecial)]
    assert len(doc) == 1 and doc[0].box and doc[0].action.card == "the_doc"
    box = table.play.game.players[4]
    assert holding(box).special_shown and box.revealed and box.role is Role.DEPUTY
    assert table.session.view().seats[4].role == "The Doc"
    assert "The Doc turns die 3 to Dynamite; 3 Dynamite! 2: -1" in table.session.story
    page = table.session.history.lines[-1]
    assert page.count("reveals The Doc") == 1 and DOC in page
    records = [json.loads(line) for line in table.play.path.read_text().splitlines()]
    (reveal,) = [r for r in records if r.get("action", {}).get("action") == "reveal_special"]
    assert reveal.get("bot") is True


def test_a_restart_replays_the_boxs_reveal_without_asking_its_player_again(
    tmp_path: Path,
) -> None:
    table = Table(tmp_path)
    to_seat_2s_roll(table)
    table.now += LATER
    table.session.tick(table.now)  # the reveal alone: The Doc's die is owed
    before = digest(table.session)
    assert isinstance(table.play.taken[-1].action, RevealSpecial)
    table.session.close()

    again = session_at(tmp_path)
    play = again.play
    assert play is not None and digest(again) == before
    revealed = [s for s in play.taken if isinstance(s.action, RevealSpecial)]
    assert len(revealed) == 1 and revealed[0].box  # from the journal, not asked again
    assert play.box_due() and not play.box_reveals_due()  # its die to turn is owed, no reveal
    assert again.story.startswith(DOC)


def test_undo_takes_the_boxs_reveal_back_with_the_persons_decision_before_it(
    tmp_path: Path,
) -> None:
    table = Table(tmp_path)
    to_seat_2s_roll(table)
    table.box()
    after = digest(table.session)
    table.press("UNDO")  # seat 2's roll, and the box's reveal and choices after it
    assert not any(isinstance(s.action, RevealSpecial) for s in table.play.taken)
    assert not holding(table.play.game.players[4]).special_shown
    table.press("ROLL")  # the same dice come back, and the box's same reveal
    table.box()
    assert digest(table.session) == after


def test_the_boxs_reveal_depends_only_on_what_its_seat_may_know(tmp_path: Path) -> None:
    """However the other seats' hidden roles and cards are dealt, the box reveals the same."""
    table = Table(tmp_path)
    to_seat_2s_roll(table)
    play = table.play
    hidden = [p.seat for p in play.game.players if p.seat != 4 and not p.revealed]
    cards = [
        (play.game.players[s].role, holding(play.game.players[s]).special_card) for s in hidden
    ]
    made = set()
    for dealt in set(itertools.permutations(cards)):
        game = play.game.copy()
        for seat, (role, special) in zip(hidden, dealt, strict=True):
            game.players[seat].role = role
            SpecialCard.change(game.players[seat], special_card=special)
        trial = dataclasses.replace(play, game=game, journal=None, taken=list(play.taken))
        trial.box_move()
        made.add(trial.taken[len(play.taken)].action)
    assert len(hidden) == 3 and made == {RevealSpecial(4, 0, "the_doc")}


CONFIG = '[game]\nseats = 5\nbots = { 3 = "rules" }\nmodules = ["old_saloon.3"]\nbot_pause = 0.5\n'
SETUP = ["SEAT1", "SEAT2", "SEAT4", "SEAT5", "DONE", "ROLL", "ROLL", "DONE"]
SEED = 8  # the box's seat (an Outlaw with The Bad) reveals early in this game


def test_killed_right_after_the_boxs_reveal_it_resumes_with_it_made_once(tmp_path: Path) -> None:
    """A real companion process: the plug pulled with the press that the box's reveal follows
    in flight, and again once it is on disk; the game goes on to the same end."""
    config_path = tmp_path / "config.toml"
    config_path.write_text(CONFIG)
    config = load(config_path)
    config.table.state_dir = tmp_path / "reference"
    emulator = Emulator(config, seed=7, scripted=True)
    keys: list[str] = []
    digests: list[str] = []
    revealed_after: list[int] = []

    def press(key: str) -> None:
        steps = len(emulator.session.play.taken) if emulator.session.play else 0
        emulator.press(event(key), at=float(len(keys) + 1))
        assert emulator.session.flash is None, emulator.session.flash
        play = emulator.session.play
        if play is not None and any(
            s.box and isinstance(s.action, RevealSpecial) for s in play.taken[steps:]
        ):
            revealed_after.append(len(keys))
        keys.append(key)
        digests.append(digest(emulator.session))

    for key in SETUP:
        press(key)
    rng = random.Random(SEED)
    play = emulator.session.play
    assert play is not None and play.bots == {3: "rules"}
    while not play.game.over:
        for button in next_buttons(emulator.session, rng):
            press(button)
    emulator.close()
    reference = journals(tmp_path / "reference" / "games")[-1]
    final = TablePlay.replay(read_journal(reference), reference)
    assert revealed_after, "the box revealed nothing in this game"
    at = revealed_after[0]

    state_dir = tmp_path / "table"
    kills = play_with_kills(state_dir, keys, digests, {at}, {at}, ["--config", str(config_path)])
    # The key in flight may be handled and saved before the plug is pulled: that restart is
    # then past it, the reveal on disk, and the second kill (after it) has no key left to
    # follow. Either way a restart came right at the box's reveal.
    assert kills in (1, 2)
    path = journals(state_dir / "games")[-1]
    replayed = TablePlay.replay(read_journal(path), path)
    assert replayed.game.to_json() == final.game.to_json()
    reveals = [s for s in replayed.taken if isinstance(s.action, RevealSpecial)]
    assert reveals and all(s.box for s in reveals)
    assert [s.action for s in reveals] == [
        s.action for s in final.taken if isinstance(s.action, RevealSpecial)
    ]
