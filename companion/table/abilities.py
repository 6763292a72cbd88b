"""Each character's ability in the words of its card, to be translated: the engine keeps the
English on its ``Character`` (and never imports a catalogue), the table says it in the language
in use. The base game's are here; a module's characters' come from its package
(``declare_ability``), and a character with none declared is said in the engine's words."""

from __future__ import annotations

from ..engine import CHARACTERS, Declared, load_layer
from ..i18n import CORE, Catalogue, Labels, Word

N_ = Catalogue(CORE).word

_ABILITY_WORDS: Declared[str, str | Word] = Declared(
    {
        "bart_cassidy": N_("Take an arrow instead of losing a life"),
        "black_jack": N_("May re-roll Dynamite (not 3 or more)"),
        "calamity_janet": N_("Bull's Eye 1 and 2 interchangeable"),
        "el_gringo": N_("Who shoots you takes an arrow"),
        "jesse_jones": N_("Beer on yourself at 4 or less: +2"),
        "jourdonnais": N_("Never lose more than 1 to Indians"),
        "kit_carlson": N_("Each Gatling: discard an arrow"),
        "lucky_duke": N_("One extra re-roll"),
        "paul_regret": N_("Never hit by the Gatling Gun"),
        "pedro_ramirez": N_("Each life lost: may discard an arrow"),
        "rose_doolan": N_("Bull's Eyes reach one place further"),
        "sid_ketchum": N_("Turn start: someone gains 1 life"),
        "slab_the_killer": N_("Once a turn: Beer doubles a Bull's Eye"),
        "suzy_lafayette": N_("No Bull's Eye rolled: gain 2"),
        "vulture_sam": N_("Another player dies: gain 2"),
        "willy_the_kid": N_("Gatling Gun with only 2 Gatlings"),
    },
    load=lambda: load_layer("table"),
)
ABILITY_LABELS: Labels[str] = Labels(_ABILITY_WORDS)


def declare_ability(character: str, words: str | Word) -> None:
    """A module's character's ability in its package's words (its card's English, as a
    ``Word``); ValueError when it has some."""
    _ABILITY_WORDS.add(character, words, "ability of the character")


def ability_said(character: str) -> str:
    """The character's ability in the language in use (the engine's English when no package
    declared its words)."""
    return ABILITY_LABELS.get(character) or CHARACTERS[character].ability
