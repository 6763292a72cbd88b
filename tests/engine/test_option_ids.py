"""The ids a decision offers as options are the engine's named constants (``options.py``): a
caller answers with them instead of guessing strings, and their values are those written in
states and journals before."""

from __future__ import annotations

import json

from companion.engine import (
    NORMAL_CARD,
    ArrowKind,
    Choose,
    DecisionKind,
)
from companion.modules.chief_arrow.rules import CHIEF_ARROW
from companion.modules.loudmouth_coward.rules import SaloonDie
from companion.modules.zombies.rules import BoneyardCard

from .helpers import make_game, play

FIVE = ["jose_delgado", "jesse_jones", "suzy_lafayette", "lucky_duke", "black_jack"]


def test_option_ids_keep_the_values_written_before() -> None:
    assert [s.value for s in SaloonDie] == [
        "none",
        "loudmouth",
        "coward",
        "loudmouth_sixth",
        "coward_sixth",
    ]
    assert [a.value for a in ArrowKind] == ["arrow"]
    assert CHIEF_ARROW == "chief_arrow"
    assert [c.value for c in BoneyardCard] == ["no_hands", "one_hand", "two_hands"]
    assert NORMAL_CARD == "normal"


def test_a_saloon_die_is_offered_and_answered_by_its_id() -> None:
    """Ruling OS6: José Delgado's Loudmouth is a sixth die, offered as such."""
    game = make_game(FIVE, faces=[], modules=("old_saloon.1", "old_saloon.4"))
    assert game.pending is not None and game.pending.kind is DecisionKind("saloon_die")
    assert game.pending.options == (SaloonDie.NONE, SaloonDie.LOUDMOUTH_SIXTH, SaloonDie.COWARD)
    assert json.loads(json.dumps(game.to_json()))["pending"]["options"] == [
        "none",
        "loudmouth_sixth",
        "coward",
    ]
    play(game, Choose(SaloonDie.LOUDMOUTH_SIXTH))
    assert game.dice_kinds == ["base"] * 5 + ["loudmouth"]
