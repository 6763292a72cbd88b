"""Answers the buttons give beyond one button per answer: a die its holder rolls (a module's
die, ruling UA1), the press of the seat holding it, never made for the player; and a
result past the dice (a module's, ``ModuleRules.extra_results``), which has no DIE
button of its own, picked from a list."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action, Answer, ChooseDie, Decision, Game, Roll, Stop
from ..i18n import CORE, Catalogue
from .labels import DIE_LABELS, past_the_dice
from .refused import Refused

_ = Catalogue(CORE).gettext


def holder_roll(seats: Sequence[int], button: str, d: Decision, kind: str) -> Action:
    """The holder's SEAT rolls (``seats``: the physical seat of each engine seat) the die of
    ``kind``; a re-roll the holder may decline (``may_keep``) also takes ROLL, and DONE keeps
    the roll."""
    assert d.die is not None
    own = seats[d.seat]
    if button == f"SEAT{own}" or (button == "ROLL" and d.spec.may_keep):
        return Roll((d.die,))
    if button == "DONE" and d.spec.may_keep:
        return Stop()
    die = DIE_LABELS.get(kind) or kind
    # Translators: {die} is the name of a kind of die, as a module calls it
    raise Refused(_("Seat {seat} holds the {die}: SEAT {seat} rolls it.").format(seat=own, die=die))


def listed_hits(game: Game, d: Decision) -> list[tuple[int, int]] | None:
    """A Bull's Eye to pick among those given out (Slab the Killer doubles one) when one of
    them is past the dice: the console lists them instead, one per DIE button,
    as (result, engine seat it hits). One a seat: doubling either of two results that hit
    the same player takes the same two life from him. None when each die's DIE answers."""
    if d.spec.answer is not Answer.DIE or not d.spec.marks_hits:
        return None
    offered = {a.die for a in game.legal_actions() if isinstance(a, ChooseDie)}
    if all(die < len(game.faces) for die in offered):
        return None
    hits: dict[int, int] = {}
    for die, _symbol, target in sorted(game.scratch.assigned):
        if die in offered:
            hits.setdefault(target, die)
    return sorted((die, target) for target, die in hits.items())


def listed_hit_names(game: Game, d: Decision, seats: list[int]) -> list[str] | None:
    """The listed Bull's Eyes in words: the seat hit, and where the result shows."""
    hits = listed_hits(game, d)
    if hits is None:
        return None
    past = past_the_dice(game.setup.modules)
    return [
        _("seat {seat} (die {die})").format(seat=seats[target], die=die + 1)
        if die < len(game.faces) or past is None
        else str(past.listed).format(seat=seats[target])
        for die, target in hits
    ]
