"""Old Saloon 3 and 5 at the table: whole games by presses with special roles and a Ghost,
reveals made from a seat's menu (hold the seat, then DIE n) in other players' turns, the
console naming the open moment, GHOST and its token on the panels, and the journal resuming."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from companion.engine import (
    SPECIAL_ROLES,
    Accept,
    Action,
    Answer,
    Choose,
    DecisionKind,
    RevealSpecial,
    Roll,
    Stop,
)
from companion.modules.ghost.rules import ID as GHOST
from companion.modules.special_roles.dealing import SpecialsSetup
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.table import TableConfig, TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay

from .driver import buttons_for
from .test_session import Clock

MODULES = frozenset({SPECIAL_ROLES_ID, GHOST})
JOIN_5 = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE"]


def buttons(play: TablePlay, action: Action) -> list[str]:
    """The presses for an action, the Ghost's and the special roles' decisions included."""
    d = play.game.pending
    assert d is not None
    if isinstance(action, Roll) and d.spec.first_roll:
        return ["ROLL"]
    if isinstance(action, Choose):
        return [f"DIE{d.options.index(action.option) + 1}"]
    if isinstance(action, Accept) and d.kind is DecisionKind.GAME_END:
        return ["DONE"]
    return buttons_for(play, action)


def play_by_presses(
    tmp_path: Path, seed: int, roles: str, mixed: bool = False
) -> tuple[TableSession, dict[str, int]]:
    """A whole game at a table session set up with the buttons (``mixed``: normal and special
    role cards mixed by type, the Sheriff's card a normal one)."""
    config = TableConfig(
        seats=5, roles=roles, modules=MODULES, state_dir=tmp_path, cards_mixed=mixed
    )
    session = TableSession(config, seed=seed)
    session.start()
    clock = Clock()

    def press(button: str, kind: str = "press") -> None:
        session.handle(button, kind, clock())

    seen = play_whole_game(session, press, seed, roles, mixed)
    return session, seen


def play_whole_game(
    session: TableSession,
    press: Callable[[str, str], None],
    seed: int,
    roles: str,
    mixed: bool = False,
) -> dict[str, int]:
    """Set up five seats, then random legal presses, seats pressing into open moments at
    random (hold the seat, DIE1); what was seen on the way."""
    sheriff = ["ROLL"] if roles == "dealt" else ["SEAT1", *(["DIE2"] if mixed else [])]
    for button in [*JOIN_5, *sheriff, "ROLL", "DONE"]:
        press(button, "press")
        assert session.flash is None, f"{button}: {session.flash}"
    rng = random.Random(seed)
    seen = {"other_turn_reveals": 0, "named_windows": 0, "ghost_notes": 0}
    for _ in range(3_000):
        play = session.play
        assert play is not None
        game = play.game
        if game.over:
            return seen
        view = session.view()
        if game.window_actions():  # every card a seat may reveal now is named on the console
            offered = {
                SPECIAL_ROLES[a.card].title
                for a in game.window_actions()
                if isinstance(a, RevealSpecial)
            }
            assert all(title in view.console.aside for title in offered), view.console.aside
            seen["named_windows"] += 1
        seen["ghost_notes"] += any(s.note.startswith("GHOST") for s in view.seats)
        open_seats = [n for n in play.seats if play.reveals_for(n)]
        if open_seats and rng.random() < 0.4:
            seat = rng.choice(open_seats)
            press(f"SEAT{seat}", "hold")
            title = SPECIAL_ROLES[play.reveals_for(seat)[0].card].title
            assert title in session.view().seats[seat - 1].note
            turn = game.turn
            press("DIE1", "press")
            assert session.flash is None, session.flash
            seen["other_turn_reveals"] += play.seats.index(seat) != turn
            continue
        if play.game.roll_count in play.forced_rolls:
            presses = ["ROLL"]
        else:
            legal = game.legal_actions()
            if game.pending is not None and game.pending.spec.answer is Answer.ROLL:
                stop = [a for a in legal if isinstance(a, Stop)]
                legal = stop if stop and rng.random() < 0.5 else legal
            presses = buttons(play, rng.choice(legal))
        for button in presses:
            press(button, "press")
            assert session.flash is None, f"{button}: {session.flash}"
    raise AssertionError("the game does not end")


def test_whole_games_by_presses_with_reveals_in_other_turns_and_a_ghost(tmp_path: Path) -> None:
    totals = {"other_turn_reveals": 0, "named_windows": 0, "ghost_notes": 0}
    for seed in range(4):
        for roles in ("dealt", "physical"):
            where = tmp_path / f"{roles}{seed}"
            session, seen = play_by_presses(where, seed, roles)
            assert session.play is not None and session.play.game.over
            for key in totals:
                totals[key] += seen[key]
            # The journal holds every reveal and Ghost token: it replays to the same game.
            session.close()
            (path,) = journals(where / "games")
            replayed = TablePlay.replay(read_journal(path), path)
            assert replayed.game.to_json() == session.play.game.to_json()
    assert all(totals.values()), totals


def test_whole_games_by_presses_with_role_cards_mixed_by_type(tmp_path: Path) -> None:
    """Old Saloon 3's second way: some seats hold normal cards, the Sheriff a normal one."""
    for seed in range(3):
        for roles in ("dealt", "physical"):
            where = tmp_path / f"{roles}{seed}"
            session, _seen = play_by_presses(where, seed, roles, mixed=True)
            assert session.play is not None and session.play.game.over
            game = session.play.game
            assert SpecialsSetup.of(game.setup).specials_mixed
            session.close()
            (path,) = journals(where / "games")
            replayed = TablePlay.replay(read_journal(path), path)
            assert replayed.game.to_json() == game.to_json()
