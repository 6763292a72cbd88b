"""The words the core once held for modules' dice and causes are declared by their packages:
the table finds them there, and a second declaration of one is refused."""

from __future__ import annotations

import pytest

from companion.table.labels import CAUSE_LABELS, DIE_LABELS, declare_cause_label
from companion.table.story import GAIN_HEADINGS, LOSS_HEADINGS, declare_loss_heading
from companion.table.view import DIE_MARKS, declare_die_mark


def test_a_module_s_die_label_and_mark_come_from_its_package() -> None:
    assert (DIE_LABELS["loudmouth"], DIE_MARKS["loudmouth"]) == ("Loudmouth die", "L")
    assert (DIE_LABELS["coward"], DIE_MARKS["coward"]) == ("Coward die", "C")
    assert "base" not in DIE_MARKS  # a base die shows no mark before it rolls


def test_a_module_s_cause_labels_and_headings_come_from_its_package() -> None:
    assert (CAUSE_LABELS["duel"], LOSS_HEADINGS["duel"]) == ("Duel", "Duel lost")
    assert (CAUSE_LABELS["whiskey"], GAIN_HEADINGS["whiskey"]) == ("Whiskey", "Whiskey")


def test_a_die_mark_or_cause_declared_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="mark of the die 'coward' is declared twice"):
        declare_die_mark("coward", "K")
    with pytest.raises(ValueError, match="label of the cause 'duel' is declared twice"):
        declare_cause_label("duel", "Fight")
    with pytest.raises(ValueError, match="heading of the loss 'duel' is declared twice"):
        declare_loss_heading("duel", "Lost")
    assert DIE_MARKS["coward"] == "C"  # the first declaration kept
