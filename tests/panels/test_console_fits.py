"""Every prompt of every kind of decision fits the console whole, on both consoles (128x64 and
256x64) at the panels' font: the question first, then its answers, never a line cut; the set-up's
prompts and lists too, and the aside under the prompt (on the 128 px console in a shorter form
when it does not fit, see ``companion.panels.console.layout``).

A game by presses at a real table session in every module set the set-up accepts (864 of the
box's own modules, and more with a module from outside installed: the campaign's list): whole
in one set of four, the set-up and its first presses in the others (``tests/table/table_scan.py``;
``benchmarks/table_scan.py`` plays 200 whole games of each). The history's pages (hold DONE)
fit too: each game pages it for one of the two consoles."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.config import defaults
from companion.devices.emulator import parse_keys
from companion.emulate import Emulator
from companion.engine import Module
from companion.panels.console import WIDTHS, layout, shows_whole
from companion.table import TableConfig, TableSession
from companion.table.history_pages import TITLE, history_page, history_view
from companion.table.view import ConsoleView
from tests.installed_modules import OWN
from tests.table.driver import CHARACTERS_5, SETUP_5, next_buttons
from tests.table.table_scan import EVERY_SET, SETS, console_cuts, kinds_asked, suite_scan
from tests.table.test_session import Clock, press_all

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules


def test_every_prompt_of_every_kind_fits_both_consoles_whole(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    found = suite_scan(tmp_path_factory)
    assert found.games == len(SETS)
    # the box's own modules make 864 sets; a module from outside installed makes more
    assert sum(chosen.modules <= set(OWN) for chosen in EVERY_SET) == 864
    assert {m for chosen in SETS for m in chosen.modules} == set(Module)
    assert not found.cut, "\n".join(f"{cut} ({where})" for cut, where in found.cut.items())
    assert kinds_asked() <= found.kinds, f"never asked: {sorted(kinds_asked() - found.kinds)}"


def test_an_aside_too_long_for_the_narrow_console_takes_a_shorter_form() -> None:
    """The zombie hands are on the eliminated seats' panels and a card's holder finds it in its
    seat's menu: the 128 px console drops what does not fit, down to "Reveal now" in the
    title's place; the 256 px console shows it all."""
    view = ConsoleView(
        faces=(None,) * 5,
        prompt="Slab the Killer: double a Bull's Eye? DIE; DONE: no",
        title="Turn 4: seat 2",
        aside="Hands 1 of 5 living. Reveal: The Left Hand of the Devil, The Doc",
        shorter=("Reveal: Left Hand, The Doc", "Reveal now"),
    )
    narrow, wide = layout(view, 128), layout(view, 256)
    assert narrow.title == "Reveal now" and not narrow.aside and not narrow.cut
    assert " ".join(wide.aside) == view.aside and not wide.title and not wide.cut
    cut = ConsoleView(**{**view.__dict__, "shorter": ()})
    assert console_cuts(cut) == [f"128 px: {view.aside!r} under {view.prompt!r}"]


def test_the_new_users_rage_game_asks_whole_and_tells_the_drawer_on_its_panel(
    tmp_path: Path,
) -> None:
    """Issue 23: ``emulate --seats 4 --seed 5 --keys "SEAT1 SEAT2 SEAT3 SEAT4 DIE6 DIE1 DIE2
    DIE3 DONE SEAT1 ROLL DONE ROLL DONE"`` ended "Seat 1: draw a Rage card, face down. Bu.." on
    a 128 px console. Now the question is whole on both consoles, the draw is on seat 1's own
    panel, and a restart shows it again."""
    config = defaults(tmp_path, 4)
    keys = parse_keys("SEAT1 SEAT2 SEAT3 SEAT4 DIE6 DIE1 DIE2 DIE3 DONE SEAT1 ROLL DONE ROLL DONE")
    emulator = Emulator(config, seed=5, scripted=True)
    for i, event in enumerate(keys):
        emulator.press(event, at=float(i))
    view = emulator.session.view()
    assert view.console.prompt == "Bull's Eye 1 (die 3): shoot whom? SEAT"
    assert all(not layout(view.console, width).cut for width in WIDTHS)
    assert [s.chore for s in view.seats] == ["draw Rage card", "", "", ""]
    emulator.close()
    again = Emulator(config, seed=5, scripted=True).session.view()  # power cut, power on
    assert [s.chore for s in again.seats] == ["draw Rage card", "", "", ""]


@pytest.mark.parametrize("width", WIDTHS)
def test_a_long_turn_is_read_whole_over_its_pages_by_presses(width: int) -> None:
    """Issue 23: the history showed a turn a page, and 4,306 of 4,325 turn pages of a scan
    were cut on the console. Now a turn goes on over the pages this console needs, each shown
    whole: "Turn 7, seat 4 (1/3): ..." with the dice, then "Turn 7 (2/3): ..."; DONE steps
    to the next page, newest turn first, and past the oldest back to the game."""
    fits = shows_whole(width)
    session = TableSession(TableConfig(seats=5), seed=3, console_fits=fits)
    session.start()
    clock = Clock()
    press_all(session, [*SETUP_5, *CHARACTERS_5], clock)
    rng = random.Random(2)
    play = session.play
    assert play is not None
    for _ in range(300):  # until a turn needs more than one page of this console
        if history_page(session, len(session.history.turns)) is not None:
            break
        assert not play.game.over, "no turn longer than a page"
        press_all(session, next_buttons(session, rng), clock)
    paged = [t for t in session.history.turns if not fits(history_view(t.line))]
    assert paged, "no turn longer than a page"
    long = paged[-1]
    prompt = session.view().console.prompt

    session.handle("DONE", "hold", clock())
    shown = []
    while session.looking_back is not None:
        console = session.view().console
        assert console.title == str(TITLE) and fits(console), console.prompt
        assert console.prompt.endswith(" (DONE: older, other: back)")
        shown.append(console.prompt.removesuffix(" (DONE: older, other: back)"))
        press_all(session, ["DONE"], clock)
    assert session.view().console.prompt == prompt  # past the oldest: back to the game

    turns = [int(re.match(r"Turn (\d+)", page)[1]) for page in shown]  # type: ignore[index]
    assert turns == sorted(turns, reverse=True) and turns[0] == session.history.turns[-1].turn
    own = [page for page in shown if re.match(rf"Turn {long.turn}\b", page)]
    n = len(own)
    assert own[0].startswith(f"Turn {long.turn}, seat {long.seat} (1/{n}): ")
    assert [p.split(":")[0] for p in own[1:]] == [
        f"Turn {long.turn} ({i}/{n})" for i in range(2, n + 1)
    ]
    read = " ".join(page.split("): ", 1)[1] for page in own)
    assert read == long.line.split(": ", 1)[1]  # the whole turn, the dice first
