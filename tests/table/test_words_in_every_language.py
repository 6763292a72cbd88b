"""The table speaks the language in use (issue 36): every word it shows goes through a
catalogue, the core's or the package's of the module that declared it, and the Italian words fit
both consoles in every module set.

The scans play the same games as the console-fit and no-internal-name tests
(``tests/table/table_scan.py``: a game of every module set the set-up accepts, 864), once in the
pseudo-language ``qps``, where a catalogued word shows «marked» and a word shown without marks
went through none, and once in Italian, laid out on both consoles and read for internal names.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.engine import CHARACTERS, SPECS, DecisionKind, Role
from companion.i18n import CORE, PSEUDO, SOURCE, Catalogue, language, set_language
from companion.panels.text import missing_glyphs
from companion.table.abilities import ABILITY_LABELS, ability_said
from companion.table.labels import FACE_LABELS, OPTION_LABELS, ROLE_LABELS
from companion.table.prompts import SIDE_LABELS, module_label, module_pages
from companion.table.public import for_spectators
from companion.table.words import QUESTIONS, question_said
from tests.table.table_scan import SETS, kinds_asked, misnamed, suite_scan, unmarked

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

ROOT = Path(__file__).resolve().parents[2]
PAGE = "table/public.py"  # the page's words: a browser draws them
PACKAGES = [ROOT / "companion", *sorted(p.parent for p in ROOT.glob("companion/modules/*/locale"))]


@pytest.fixture
def speaking() -> Iterator[None]:
    """The test sets a language; English again after it."""
    yield
    set_language(SOURCE)


def test_every_word_the_table_shows_went_through_a_catalogue(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    found = suite_scan(tmp_path_factory, PSEUDO)
    assert found.games == len(SETS) and found.strings > 100_000  # every set installed
    bad = [f"{word} ({where})" for word, where in sorted(found.unmarked.items())]
    assert not bad, "\n".join(bad[:40])
    assert language() == SOURCE  # the scan leaves the language as it found it


def test_every_italian_prompt_fits_both_consoles_whole_and_names_nothing_internal(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    found = suite_scan(tmp_path_factory, "it")
    assert found.games == len(SETS)  # every module set of the modules installed
    assert not found.cut, "\n".join(f"{cut} ({where})" for cut, where in found.cut.items())
    assert kinds_asked() <= found.kinds, sorted(kinds_asked() - found.kinds)
    bad = [f"{name} ({where})" for name, where in sorted(found.misnamed.items())]
    assert not bad, "\n".join(bad[:40])


def test_the_unmarked_scan_finds_a_word_said_without_its_catalogue() -> None:
    """Marked words, nested ones, numbers and the names printed on the cards pass; a word
    outside the marks is found."""
    assert unmarked("«Turn 3, seat 2: «Beer» x2»") == []
    assert unmarked("1 «seat 3 (die 2)»") == []
    assert unmarked("Bart Cassidy, The Left Hand") == []
    assert unmarked("«Seat 3 reveals» The Doc: turn one die") == ["turn", "one", "die"]
    assert unmarked("«Turn 4:» Gatling! 1: -2") == ["Gatling"]


def test_a_die_past_the_dice_is_found_in_the_language_in_use(speaking: None) -> None:
    set_language("it")
    assert misnamed("raddoppia il Colpo del dado 6 con una Birra", 5) == ["dado 6"]
    assert misnamed("raddoppia il Colpo del dado 6 con una Birra", 6) == []


def test_a_label_declared_at_import_is_said_in_the_language_in_use_when_shown(
    speaking: None,
) -> None:
    """The same label, read before and after the language changes mid-session."""
    assert ROLE_LABELS[Role.SHERIFF] == "Sheriff" and FACE_LABELS["double_beer"] == "2x Beer"
    set_language("it")
    assert ROLE_LABELS[Role.SHERIFF] == "Sceriffo"
    assert FACE_LABELS["double_beer"] == "2x Birra"
    assert SIDE_LABELS["outlaws"] == "Vincono i Fuorilegge"
    set_language(PSEUDO)
    assert ROLE_LABELS[Role.OUTLAW] == "«Outlaw»"
    set_language(SOURCE)
    assert ROLE_LABELS[Role.OUTLAW] == "Outlaw"


def test_a_modules_words_come_from_its_own_packages_catalogue(speaking: None) -> None:
    """The Saloon dice's label and its dice are in its package's Italian, not in the core's."""
    assert Catalogue(CORE, "it").gettext("Loudmouth") == "Loudmouth"  # not the core's word
    set_language("it")
    assert OPTION_LABELS["loudmouth"] == "Sbruffone"
    assert module_label("old_saloon.1") == "Dadi Saloon"
    assert ability_said("jose_delgado") == "Sbruffone come sesto dado"
    assert module_pages()[0][0] == "Old Saloon"


def test_every_characters_ability_has_its_cards_words_to_translate() -> None:
    """The table's words for each ability are the engine's English, so a translator sees what
    the card says."""
    assert set(ABILITY_LABELS) == set(CHARACTERS)
    assert {c: ABILITY_LABELS[c] for c in CHARACTERS} == {
        c: ch.ability for c, ch in CHARACTERS.items()
    }


def test_every_kinds_question_has_its_specs_words_to_translate(speaking: None) -> None:
    """The question the console says while the box answers: the engine's English, from the
    catalogue of the package that asks it."""
    assert set(QUESTIONS) == set(SPECS)
    assert {k: QUESTIONS[k] for k in SPECS} == {k: spec.question for k, spec in SPECS.items()}
    set_language("it")
    assert question_said(DecisionKind.ROLL) == "tira i dadi"
    assert question_said(DecisionKind("duel_target")) == "chi sfidi a duello"


def test_the_page_says_an_italian_prompt_in_a_spectators_words(speaking: None) -> None:
    """The page's patterns over the console's prompts come from the catalogue too."""
    set_language("it")
    assert for_spectators("Posto 3: premi ROLL") == "Posto 3 tira"
    assert for_spectators("Sceriffo: premi il tuo posto") == "Chi è Sceriffo?"
    assert for_spectators("Ritiri? segna dadi, ROLL; DONE: no") == "Ritiri?"
    assert for_spectators("DONE: chiudi, diario tenuto; altro: continua") == (
        "Ricominciare: chiudi, diario tenuto?"
    )


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_the_panels_draw_every_letter_of_the_italian_words(package: Path) -> None:
    """Every translation a panel may show (the page's own words, read in a browser, and its
    patterns over the prompts, context "pattern", left out), its line breaks (the terminal's)
    aside."""
    with (package / "locale" / "it" / "LC_MESSAGES" / "messages.po").open("rb") as file:
        catalog = read_po(file)
    shown = [
        m
        for m in catalog
        if m.id and m.context != "pattern" and not all(f.endswith(PAGE) for f, _n in m.locations)
    ]
    said = [s for m in shown for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert said and all(said)
    drawn = [s.replace("\n", " ") for s in said]
    assert {s: missing_glyphs(s) for s in drawn if missing_glyphs(s)} == {}


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_the_italian_catalogue_is_whole_and_up_to_date(package: Path) -> None:
    """Babel's statistics: every message translated, none fuzzy, and the template, the .po
    and the .mo up to the source."""
    result = subprocess.run(
        [str(ROOT / "scripts" / "i18n"), "check", str(package)],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    stats = [line for line in result.stdout.splitlines() if line.startswith("it: ")]
    assert len(stats) == 1 and stats[0].endswith(" 0 fuzzy, 0 untranslated"), result.stdout
