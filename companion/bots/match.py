"""A game played to its end by one bot per seat, each seeing only what its seat may know."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import Action, Event, Game
from .base import Bot, Revealer
from .observation import observe

MAX_ACTIONS = 100_000


@dataclass
class Record:
    """What a match did: every action taken and every event (all public), in order."""

    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


def play_match(game: Game, bots: Sequence[Bot], max_actions: int = MAX_ACTIONS) -> Record:
    """Play ``game`` to its end with ``bots[seat]`` answering every decision of that seat."""
    if len(bots) != len(game.players):
        raise ValueError(f"{len(bots)} bots for {len(game.players)} seats: give one per seat")
    record = Record(events=list(getattr(game, "opening_events", ())))
    while not game.over:
        if len(record.actions) >= max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
        if _offer_reveals(game, bots, record):
            continue
        assert game.pending is not None
        bot = bots[game.pending.seat]
        action = bot(observe(game, game.pending.seat, record.events, position=bot.looks_ahead))
        record.events += game.apply(action)
        record.actions.append(action)
    return record


def _offer_reveals(game: Game, bots: Sequence[Bot], record: Record) -> bool:
    """Ask each seat a reveal into an open moment is offered to (Old Saloon 3) whether
    it takes it, in seat order; True once one did (the game went back to that moment)."""
    windows = game.window_actions()
    if not windows:
        return False
    for seat in sorted({a.seat for a in windows}):
        bot = bots[seat]
        if not isinstance(bot, Revealer):
            continue
        action = bot.reveal(observe(game, seat, record.events, position=bot.looks_ahead))
        if action is not None:
            record.events += game.apply(action)
            record.actions.append(action)
            return True
    return False
