"""A module's words, ids and state appear only in its own package: outside it, no file under
companion/ names them, in code or in strings (comments left out), nor in the public page's
script, markup and style, so a module is added, changed or taken away in its package alone.

What a module's words are is read from its code: its id and title, the kinds of decision whose
rules its package holds, its characters' names and titles, its special role cards' names, the
names and JSON keys of the fields of the parts of the state it registers (``state_parts``) and of
its parts of the set-up (``setup_parts``), the keys of its set-up questions
(``declare_setup_question``), the class names and kinds of the events its package declares, and
the names of its phases and causes (those its rules give and its package declares, and those its
package names for the story: ``declare_cause_label`` and the headings).

In the core (outside companion/modules/) an underscore bounds a word as a space does, so a name
built on a module's word (``CHIEF_ARROW_WORTH``, ``ghost_team``) is caught. Another module's
package may build on a module (saloon_characters' own kind ``take_chief_arrow``, The Doc turning
a duel's die): there a term counts only as a whole name, and the events, phases and causes of a
module it builds on are its to read.

What a module offers the modules built on it, read from its package too (``offered_terms``): the
values of its enums (its decisions' options, the core's ``NO_OPTION`` left out) and the names of
the traits it declares for characters (``declare_trait``), its words in the core only.
"""

from __future__ import annotations

import importlib
import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import fields
from enum import StrEnum
from functools import cache
from pathlib import Path

import pytest

from companion import engine
from companion.engine import (
    CHARACTERS,
    MODULE_PARTS,
    MODULE_PHASES,
    MODULE_RULES,
    MODULES,
    NO_OPTION,
    NORMAL_CARD,
    SETUP_PARTS,
    SPECIAL_ROLES,
    TRAITS,
    ArrowKind,
    Event,
    Module,
    Phase,
    declare_phase,
    json_key,
    load_layer,
    module_origin,
)
from companion.engine.registry import DECISIONS
from companion.i18n import Word
from companion.table.labels import CAUSE_LABELS
from companion.table.setup_questions import SETUP_QUESTIONS
from companion.table.story import ARROW_HEADINGS, GAIN_HEADINGS, LOSS_HEADINGS

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

ROOT = Path(__file__).resolve().parent.parent
# The files read: the code, and the public page's script, markup and style.
SCANNED = (".py", ".js", ".html", ".css")
# The box's modules whose words are still spread in the core: each leaves this list when its
# package holds them all (strict: a module listed here that is clean fails, to be taken off).
NOT_YET: frozenset[str] = frozenset()
# A module's names still in the core, each left to the change that moves it out (its other words
# are checked; strict: a name listed here that the core no longer says fails, to be taken off).
# Undead or Alive 1: Sean Mallory's trait on the core's Ability. Old Saloon 3: The Bear in the
# set-up's question of the Sheriff's card (setup_flow.py, showing.py's card shown at set-up).
NAMES_NOT_YET: dict[str, frozenset[str]] = {}


def package_of(m: Module) -> str:
    """The Python package of module ``m``: its entry point's, or the one holding it."""
    name = module_origin(m).partition(":")[0]
    source = importlib.import_module(name).__file__ or ""
    return name if source.endswith("__init__.py") else name.rpartition(".")[0]


@cache
def core_api() -> frozenset[str]:
    """The names the engine's API gives (lower case): a configuration key that is one of them
    (``special_roles``, as ``declare_module`` takes a module's cards) is the core's word too."""
    return frozenset(name.lower() for name in engine.__all__)


def terms(m: Module) -> list[str]:
    """What names module ``m``: its id, title, kinds, characters, state fields, set-up
    parts' fields and configuration keys, and set-up questions."""
    package = package_of(m)
    found = [m, MODULES[m].title]
    for kind, rule in DECISIONS.items():
        if package and rule.decide.__module__.startswith(package + "."):
            found.append(kind)
    for card in CHARACTERS.values():
        if card.module == m:
            found += [card.name, card.title]
    for part in MODULE_PARTS.get(m, []):
        for f in fields(part):  # type: ignore[arg-type]
            found += [f.name, json_key(f)]
    for setup_part in SETUP_PARTS.get(m, []):
        for f in fields(setup_part):  # type: ignore[arg-type]
            found += [f.name, json_key(f)]
        key = setup_part.config_key
        found += [key] if key and key not in core_api() else []
    found += [q.key for q in SETUP_QUESTIONS.get(m, ())]
    found += [special.name for special in SPECIAL_ROLES.values() if special.module == m]
    return found


def event_terms(m: Module) -> list[str]:
    """The class names and kinds of the events module ``m``'s package declares."""
    load_layer("table")  # every package's events imported, its words' too
    package = package_of(m)
    found = []
    seen: set[type[Event]] = set()
    todo = [Event]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
    for event in sorted(seen, key=lambda e: e.__qualname__):
        if package and event.__module__.startswith(package + ".") and event.kind:
            found += [event.__name__, event.kind]
    return found


def phase_and_cause_terms(m: Module) -> list[str]:
    """The phases of one's own turn module ``m``'s package declares (``declare_phase``) and the
    causes its rules give (a life lost by a hand, a price paid for a power)."""
    rules = MODULE_RULES[m]
    found = [phase for phase, module in MODULE_PHASES.items() if module == m]
    return found + list(rules.hand_causes + rules.prices)


def causes(m: Module) -> list[str]:
    """The causes of life and arrows module ``m``'s package names for the story (its label or
    heading is a ``Word`` of its package's catalogue): a value code passes as a string of its
    own ("bullet"), where prose and names may use the word (the Legacy bullet)."""
    package = package_of(m)
    found = []
    for said in (CAUSE_LABELS, LOSS_HEADINGS, GAIN_HEADINGS, ARROW_HEADINGS):
        for cause in said:
            word = said.word(cause)
            if isinstance(word, Word) and (word.package + ".").startswith(package + "."):
                found.append(cause)
    return sorted(set(found))


def offered_terms(m: Module) -> list[str]:
    """What module ``m``'s package declares for the modules that build on it: the values of its
    enums (its decisions' options) but the core's own option ids (``NO_OPTION``), and the names
    of the traits its characters' rules read (``declare_trait``). In the core they name it;
    another module's package may give its characters one (Jose Delgado's Saloon dice)."""
    load_layer("table")
    package = package_of(m)
    core = {NO_OPTION, NORMAL_CARD, *ArrowKind}
    found = []
    seen: set[type[StrEnum]] = set()
    todo = [StrEnum]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
    for enum in sorted(seen, key=lambda e: e.__qualname__):
        if package and enum.__module__.startswith(package + "."):
            found += [option.value for option in enum if option.value not in core]
    return found + [name for name, trait in TRAITS.items() if trait.module == m]


@cache
def tokens(path: Path) -> tuple[tuple[int, str], ...]:
    """``(line, text)`` of each name and string of a file, comments left out, and the dotted
    paths of its imports left out too: a module's package is where it is found (a module may
    import another it needs), not a word of it."""
    found = []
    source = path.read_text(encoding="utf-8")
    in_path = False
    starts = (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING)
    before = tokenize.NEWLINE
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        kind, before = before, token.type
        if token.type == tokenize.NAME and token.string in ("from", "import") and kind in starts:
            in_path = True
            continue
        if in_path and (token.type == tokenize.NAME or token.string == "."):
            if token.string == "import":
                in_path = False  # the names imported are words
            continue
        in_path = False
        if token.type in (tokenize.NAME, tokenize.STRING):
            found.append((token.start[0], token.string))
    return tuple(found)


def renamed_keys(m: Module) -> set[str]:
    """The JSON keys of module ``m``'s state fields that are not their fields' names: code
    writes such a key as a string of its own ("killer"), where prose may use the word
    (Slab the Killer)."""
    return {
        json_key(f)
        for part in [*MODULE_PARTS.get(m, []), *SETUP_PARTS.get(m, [])]
        for f in fields(part)  # type: ignore[arg-type]
        if json_key(f) != f.name
    }


def words(path: Path) -> tuple[tuple[int, str], ...]:
    """``(line, text)`` of what a file says: a Python file's names and strings, any other's
    lines whole."""
    if path.suffix == ".py":
        return tokens(path)
    return tuple(enumerate(path.read_text(encoding="utf-8").splitlines(), start=1))


def patterns(m: Module, core: bool) -> list[re.Pattern[str]]:
    """What names module ``m``: in the core (``core``) its terms, its events', phases and
    causes, with an underscore as a word's edge; in another module's package its terms as whole
    names. A renamed key, or a cause its package names for the story and no other of its terms,
    counts only as a string of its own ("killer", "bullet")."""
    named = terms(m) + (
        event_terms(m) + phase_and_cause_terms(m) + offered_terms(m) if core else []
    )
    told = [cause for cause in causes(m) if cause not in named] if core else []
    keys = renamed_keys(m) | set(told)
    edge = "a-z0-9" if core else "a-z0-9_"
    return [
        re.compile(rf"^[rbf]*(['\"]){re.escape(t.lower())}\1$")
        if t in keys
        else re.compile(rf"(?<![{edge}]){re.escape(t.lower())}(?![{edge}])")
        for t in named + told
    ]


def leaks(m: Module, root: Path = ROOT) -> list[str]:
    """Each place under ``root``/companion, outside the module's package, that names one of its
    terms."""
    package = package_of(m).replace(".", "/")
    in_core, in_modules = patterns(m, core=True), patterns(m, core=False)
    found = []
    for path in sorted((root / "companion").rglob("*")):
        where = path.relative_to(root).as_posix()
        if path.suffix not in SCANNED or (package and where.startswith(package + "/")):
            continue
        found_by = in_modules if where.startswith("companion/modules/") else in_core
        for line, text in words(path):
            low = text.lower()
            if any(p.search(low) for p in found_by):
                found.append(f"{where}:{line}: {text[:60]}")
    return found


def test_the_terms_are_read_from_the_code() -> None:
    chief = Module("old_saloon.2")
    assert {"old_saloon.2", "The Arrow of the Indian Chief"} <= set(terms(chief))
    assert package_of(chief)


def test_a_module_s_state_fields_are_its_terms() -> None:
    assert {"ghost", "ghost_token"} <= set(terms(Module("old_saloon.5")))


def test_a_module_s_set_up_fields_are_its_terms() -> None:
    assert "legacy_bullet" in terms(Module("undead_or_alive.5"))
    assert "real_boneyard" in terms(Module("undead_or_alive.4"))
    assert {"specials", "specials_mixed"} <= set(terms(Module("old_saloon.3")))


def test_a_renamed_json_key_is_a_term_where_code_writes_it_as_a_key() -> None:
    legacy = Module("undead_or_alive.5")
    assert "killer" in set(terms(legacy)) & renamed_keys(legacy)


def test_a_module_s_set_up_question_is_its_term_and_named_in_the_core_a_leak(
    tmp_path: Path,
) -> None:
    specials = Module("old_saloon.3")
    assert "the_bear_sheriff" in terms(specials)
    plant(tmp_path, "companion/modules/special_roles/table.py", 'KEY = "the_bear_sheriff"\n')
    assert leaks(specials, tmp_path) == []
    plant(tmp_path, "companion/table/setup_flow.py", 'bear = answers["the_bear_sheriff"]\n')
    assert leaks(specials, tmp_path) == [
        'companion/table/setup_flow.py:1: "the_bear_sheriff"',
    ]


def test_a_module_s_events_are_its_terms() -> None:
    found = set(event_terms(Module("undead_or_alive.1")))
    assert {"DuelRolled", "duel_rolled", "WoundDrawn", "wound_drawn"} <= found
    assert "DiceRolled" not in found  # the core's, rolled in every game


def test_a_module_s_special_role_cards_are_its_terms(tmp_path: Path) -> None:
    """The cards a module declares name it, read from its declaration (``declare_module``)."""
    specials = Module("old_saloon.3")
    assert {"the_bear", "the_good", "the_left_hand"} <= set(terms(specials))
    assert "the_bear" not in terms(Module("undead_or_alive.1"))
    plant(tmp_path, "companion/table/showing.py", 'SHERIFF = "the_bear"\n')
    plant(tmp_path, "companion/engine/game.py", "THE_BEAR_BONUS = 3\n")
    assert leaks(specials, tmp_path) == [
        "companion/engine/game.py:1: THE_BEAR_BONUS",
        'companion/table/showing.py:1: "the_bear"',
    ]


def test_a_module_s_causes_are_its_terms_where_code_passes_them(tmp_path: Path) -> None:
    """The causes a package names for the story (``declare_cause_label``, the headings) are
    its module's, as strings of their own in the core: the game's word for a life (a Legacy
    bullet) is not the Loudmouth's Bullet, and a package building on a module passes its
    causes."""
    assert causes(Module("old_saloon.1")) == ["bullet"]
    assert causes(Module("undead_or_alive.2")) == ["rage"]
    assert {"duel", "whiskey"} <= set(causes(Module("undead_or_alive.1")))
    loudmouth, rage = Module("old_saloon.1"), Module("undead_or_alive.2")
    plant(tmp_path, "companion/engine/series.py", '"""One starts with a bullet more."""\n')
    plant(tmp_path, "companion/engine/setup.py", "legacy_bullet = None\n")
    plant(tmp_path, "companion/modules/posse/rules.py", 'CAUSE = "rage"\n')
    assert leaks(loudmouth, tmp_path) == leaks(rage, tmp_path) == []
    plant(tmp_path, "companion/table/story.py", 'LOSSES = {"bullet": 1}\n')
    plant(tmp_path, "companion/table/labels.py", 'ARROWS = {"rage": "Rage arrows"}\n')
    assert leaks(loudmouth, tmp_path) == ['companion/table/story.py:1: "bullet"']
    assert leaks(rage, tmp_path) == ['companion/table/labels.py:1: "rage"']


def test_a_module_s_options_and_traits_are_its_terms() -> None:
    found = set(offered_terms(Module("old_saloon.1")))
    assert {"loudmouth", "coward_sixth", "saloon_options"} <= found
    assert NO_OPTION not in found  # the core's: ROLL answers a choice before the roll with it
    assert "duel_rerolls" in offered_terms(Module("undead_or_alive.1"))
    assert "draws_rage" in offered_terms(Module("undead_or_alive.2"))
    assert "no_hands" in offered_terms(Module("undead_or_alive.4"))


def plant(root: Path, where: str, text: str) -> None:
    path = root / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_in_the_core_an_underscore_bounds_a_term(tmp_path: Path) -> None:
    """``CHIEF_ARROW_WORTH`` in a core file names the Chief's Arrow; saloon_characters' own
    ``take_chief_arrow`` in its package does not."""
    chief = Module("old_saloon.2")
    assert "chief_arrow" in terms(chief)
    plant(tmp_path, "companion/modules/saloon_characters/rules.py", 'TAKE = "take_chief_arrow"\n')
    assert leaks(chief, tmp_path) == []
    plant(tmp_path, "companion/bots/stakes.py", "CHIEF_ARROW_WORTH = 2\n")
    assert leaks(chief, tmp_path) == ["companion/bots/stakes.py:1: CHIEF_ARROW_WORTH"]


def test_a_module_s_set_up_field_named_in_the_core_is_a_leak(tmp_path: Path) -> None:
    """The Legacy bullet read from the set-up by a core rule, or written as its JSON key."""
    legacy = Module("undead_or_alive.5")
    plant(tmp_path, "companion/engine/game.py", "life += seat == setup.legacy_bullet\n")
    plant(tmp_path, "companion/table/setup_journal.py", 'header["legacy_bullet"] = 1\n')
    assert leaks(legacy, tmp_path) == [
        "companion/engine/game.py:1: legacy_bullet",
        'companion/table/setup_journal.py:1: "legacy_bullet"',
    ]


def test_the_page_s_script_markup_and_style_are_read(tmp_path: Path) -> None:
    chief = Module("old_saloon.2")
    plant(tmp_path, "companion/web/static/page.js", "const n = 1;\nconst c = seat.chief_arrow;\n")
    plant(tmp_path, "companion/web/static/index.html", '<p class="chief_arrow"></p>\n')
    plant(tmp_path, "companion/web/static/page.css", ".seat .chief_arrow { color: red; }\n")
    plant(tmp_path, "companion/web/static/notes.txt", "chief_arrow\n")  # no file the box reads
    assert leaks(chief, tmp_path) == [
        'companion/web/static/index.html:1: <p class="chief_arrow"></p>',
        "companion/web/static/page.css:1: .seat .chief_arrow { color: red; }",
        "companion/web/static/page.js:2: const c = seat.chief_arrow;",
    ]


def test_a_module_s_event_named_in_the_core_is_a_leak(tmp_path: Path) -> None:
    """Rage's events by class or by kind in the core; in another module's package, one that
    builds on Rage, they are its to read."""
    rage = Module("undead_or_alive.2")
    plant(tmp_path, "companion/modules/posse/bots.py", "seen = [RageDrawn]\n")
    assert leaks(rage, tmp_path) == []
    plant(tmp_path, "companion/table/chores.py", "case RageDrawn():\n")
    plant(tmp_path, "companion/table/story.py", 'told = {"rage_drawn": 1}\n')
    assert leaks(rage, tmp_path) == [
        "companion/table/chores.py:1: RageDrawn",
        'companion/table/story.py:1: "rage_drawn"',
    ]


@pytest.fixture
def ambush() -> Iterator[Phase]:
    """A phase of one's own turn the Chief's Arrow declares for a test, taken back after it."""
    phase = declare_phase(Module("old_saloon.2"), "ambush")
    yield phase
    MODULE_PHASES.withdraw(phase)
    Phase.withdraw(phase)


def test_a_module_s_phases_and_causes_are_its_terms(ambush: Phase) -> None:
    assert "ambush" in phase_and_cause_terms(Module("old_saloon.2"))
    duels = Module("undead_or_alive.1")
    assert {"duel"} == set(phase_and_cause_terms(duels))  # its own phase, its duel's cause
    assert "chuck_wengam" in phase_and_cause_terms(Module("undead_or_alive.3"))  # a price
    core = {Phase.START, Phase.ROLLED, Phase.LAST_ROLL, Phase.BULLSEYE_ASSIGNED, Phase.BULLSEYE}
    core |= {Phase.GATLING, Phase.END}
    assert not core & {t for m in Module for t in phase_and_cause_terms(m)}


def test_a_module_s_phase_or_cause_named_in_the_core_is_a_leak(
    tmp_path: Path, ambush: Phase
) -> None:
    """A phase a module declared or a cause its rules give, named in the core by a name or a
    word; in another module's package, one that builds on it, it is its to read."""
    chief = Module("old_saloon.2")
    plant(tmp_path, "companion/modules/posse/rules.py", 'if phase is AMBUSH or cause == "duel":\n')
    assert leaks(chief, tmp_path) == []
    assert leaks(Module("undead_or_alive.1"), tmp_path) == []
    plant(tmp_path, "companion/engine/rules_api.py", "    AMBUSH = 1\n")
    plant(tmp_path, "companion/engine/components.py", "    changes_at_ambush: str = ''\n")
    assert leaks(chief, tmp_path) == [
        "companion/engine/components.py:1: changes_at_ambush",
        "companion/engine/rules_api.py:1: AMBUSH",
    ]
    plant(tmp_path, "companion/table/story.py", 'if cause == "duel":\n')
    assert leaks(Module("undead_or_alive.1"), tmp_path) == ['companion/table/story.py:1: "duel"']


def test_a_module_s_option_or_trait_named_in_the_core_is_a_leak(tmp_path: Path) -> None:
    """The Saloon dice's options and trait in the core; in Old Saloon 4's package, whose
    characters roll a Saloon die as a sixth, they are its to give."""
    saloon = Module("old_saloon.1")
    plant(
        tmp_path,
        "companion/modules/saloon_characters/rules.py",
        "traits = SALOON_OPTIONS.given((NONE, LOUDMOUTH_SIXTH, COWARD))\n",
    )
    assert leaks(saloon, tmp_path) == []
    plant(tmp_path, "companion/engine/rules_api.py", "saloon_options = (NONE, LOUDMOUTH)\n")
    plant(tmp_path, "companion/table/showing.py", 'sixth = {"coward_sixth": 6}\n')
    plant(tmp_path, "companion/table/play.py", "answer = Choose(NO_OPTION)\n")
    assert leaks(saloon, tmp_path) == [
        "companion/engine/rules_api.py:1: saloon_options",
        "companion/engine/rules_api.py:1: LOUDMOUTH",
        'companion/table/showing.py:1: "coward_sixth"',
    ]


@pytest.mark.parametrize(
    "m",
    [
        pytest.param(m, marks=pytest.mark.xfail(reason="still spread in the core"))
        if m in NOT_YET
        else m
        for m in Module
    ],
)
def test_a_module_s_words_appear_only_in_its_own_package(m: Module) -> None:
    left = NAMES_NOT_YET.get(m, frozenset())
    found = leaks(m)
    said = {place.split(": ", 1)[1] for place in found}
    assert left <= said, f"{m}: {sorted(left - said)} no longer in the core: take off NAMES_NOT_YET"
    found = [place for place in found if place.split(": ", 1)[1] not in left]
    assert not found, f"{m} is named outside its package:\n" + "\n".join(found[:40])
