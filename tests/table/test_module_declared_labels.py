"""The words the core once held for modules' dice and causes are declared by their packages:
the table finds them there, and a second declaration of one is refused."""

from __future__ import annotations

import pytest

from companion.engine import Module
from companion.i18n import Word
from companion.table.labels import (
    CARD_EFFECTS,
    CAUSE_LABELS,
    DIE_LABELS,
    PastTheDice,
    declare_card_effect,
    declare_cause_label,
    declare_past_the_dice,
    past_the_dice,
)
from companion.table.story import (
    ARROW_HEADINGS,
    GAIN_HEADINGS,
    LOSS_HEADINGS,
    declare_arrow_heading,
    declare_loss_heading,
)
from companion.table.view import DIE_MARKS, declare_die_mark

RAGE = Module("undead_or_alive.2")


def test_a_module_s_die_label_and_mark_come_from_its_package() -> None:
    assert (DIE_LABELS["loudmouth"], DIE_MARKS["loudmouth"]) == ("Loudmouth die", "L")
    assert (DIE_LABELS["coward"], DIE_MARKS["coward"]) == ("Coward die", "C")
    assert "base" not in DIE_MARKS  # a base die shows no mark before it rolls


def test_a_module_s_cause_labels_and_headings_come_from_its_package() -> None:
    assert (CAUSE_LABELS["duel"], LOSS_HEADINGS["duel"]) == ("Duel", "Duel lost")
    assert (CAUSE_LABELS["whiskey"], GAIN_HEADINGS["whiskey"]) == ("Whiskey", "Whiskey")


def test_the_bullet_s_and_rage_s_causes_are_said_in_their_packages_words() -> None:
    """The Loudmouth's Bullet and a Rage card's arrow: their labels and headings are their
    packages' words, the core holds none."""
    assert (CAUSE_LABELS["bullet"], LOSS_HEADINGS["bullet"]) == ("Bullet", "Bullet")
    assert (CAUSE_LABELS["rage"], ARROW_HEADINGS["rage"]) == ("Rage", "Rage arrows")
    said = [
        (CAUSE_LABELS, "bullet"),
        (LOSS_HEADINGS, "bullet"),
        (CAUSE_LABELS, "rage"),
        (ARROW_HEADINGS, "rage"),
    ]
    packages = [w.package for labels, cause in said if isinstance(w := labels.word(cause), Word)]
    assert packages == ["companion.modules.loudmouth_coward"] * 2 + ["companion.modules.rage"] * 2


def test_a_result_past_the_dice_is_named_by_the_module_in_play_that_adds_it() -> None:
    """A revealed Rage card's symbol has no die: its module's words name it; with no module
    in play that names one, a result is said by its number, as a die."""
    words = past_the_dice(frozenset({Module("old_saloon.1"), RAGE}))
    assert words is not None
    assert str(words.source) == "Rage card"
    assert str(words.listed).format(seat=3) == "seat 3 (Rage card)"
    assert str(words.doubled_on).format(seat=2) == (
        "doubles the Rage card's Bull's Eye on 2 with a Beer"
    )
    assert past_the_dice(frozenset({Module("old_saloon.1")})) is None


def test_a_special_card_s_effect_comes_from_its_package() -> None:
    assert CARD_EFFECTS["the_bear"] == "play with 3 more life"
    word = CARD_EFFECTS.word("the_bear")
    assert isinstance(word, Word) and word.package == "companion.modules.special_roles"


def test_a_die_mark_or_cause_declared_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="mark of the die 'coward' is declared twice"):
        declare_die_mark("coward", "K")
    with pytest.raises(ValueError, match="label of the cause 'duel' is declared twice"):
        declare_cause_label("duel", "Fight")
    with pytest.raises(ValueError, match="heading of the loss 'duel' is declared twice"):
        declare_loss_heading("duel", "Lost")
    with pytest.raises(ValueError, match="heading of the arrow 'rage' is declared twice"):
        declare_arrow_heading("rage", "Arrows of fury")
    with pytest.raises(ValueError, match="effect of the card 'the_bear' is declared twice"):
        declare_card_effect("the_bear", "growl")
    with pytest.raises(ValueError, match="past the dice of module 'undead_or_alive.2'"):
        declare_past_the_dice(RAGE, PastTheDice("card", "seat {seat}", "doubled", "on {seat}"))
    assert DIE_MARKS["coward"] == "C"  # the first declaration kept
