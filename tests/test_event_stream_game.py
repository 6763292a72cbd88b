"""The event stream of a whole scripted game, read back, tells every seat's life and arrows."""

from __future__ import annotations

import random
from pathlib import Path

from companion.devices.event_stream import EventStream, read_event_stream
from companion.devices.inputs import ButtonEvent, InputQueue
from companion.loop import Companion
from companion.table import TableConfig, TableSession

from .table.driver import CHARACTERS_5, SETUP_5, next_buttons


def replay_stream(events: list[dict]) -> tuple[list[int], list[int]]:
    """Life and arrows of every seat, from the stream alone."""
    start = next(e for e in events if e["event"] == "game_started")
    life = list(start["life"])
    arrows = [0] * len(life)
    for e in events:
        if e["event"] in ("life_lost", "life_gained"):
            life[e["seat"]] = e["life"]
        elif e["event"] == "arrow_taken":
            arrows[e["seat"]] += 1
        elif e["event"] == "arrows_discarded":
            arrows[e["seat"]] -= e["count"]
        elif e["event"] == "undone":
            life, arrows = list(e["life"]), list(e["arrows"])
    return life, arrows


def test_the_stream_of_a_whole_game_matches_its_final_state(tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    session = TableSession(TableConfig(seats=5, state_dir=tmp_path), seed=9)
    session.start()
    with EventStream(str(path)) as stream:
        companion = Companion(
            session, events=[lambda events: [stream.write(e.to_json()) for e in events]]
        )
        queue = InputQueue()
        clock = iter(range(1, 100_000))
        rng = random.Random(2)

        def press(button: str) -> None:
            queue.put(ButtonEvent(button, "press", "test", at=float(next(clock))))
            companion.pump(queue)
            assert session.flash is None, session.flash

        for button in SETUP_5 + CHARACTERS_5:
            press(button)
        undos = 0
        while not session.play.game.over:
            for button in next_buttons(session, rng):
                press(button)
            if rng.random() < 0.1 and not session.play.game.over:
                press("UNDO")
                undos += 1
        assert undos
    events = read_event_stream(path)
    assert all(e["v"] == 1 for e in events)
    assert events[-1]["event"] == "game_over"
    game = session.play.game
    life, arrows = replay_stream(events)
    assert life == [p.life for p in game.players]
    assert arrows == [p.arrows for p in game.players]
    assert events[-1]["side"] == game.side
