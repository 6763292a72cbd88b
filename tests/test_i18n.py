"""The word catalogues (issue 36): a package's words extracted, translated, compiled with Babel
by scripts/i18n, and read back with the standard library's gettext in the language set at
start; the pseudo-language marks every catalogued word; a catalogue behind its source is
caught. Each test makes a real package in a temporary folder and runs the real script."""

from __future__ import annotations

import ast
import importlib
import logging
import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from companion import i18n
from companion.i18n import Catalogue, LanguageError, languages, set_language

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "i18n"
SOURCE = '''"""A package with words of its own."""
from companion.i18n import Catalogue

_words = Catalogue(__package__)
_ = _words.gettext


def roll():
    return _("Roll the dice")


def arrows(n):
    return _words.ngettext("{n} arrow", "{n} arrows", n).format(n=n)


def face():
    return _words.pgettext("die face", "Beer")
'''
ITALIAN = {
    "Roll the dice": "Tira i dadi",
    ("{n} arrow", "{n} arrows"): ("{n} freccia", "{n} di frecce", "{n} frecce"),
    "Beer": "Birra",
}


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """scripts/i18n, as a translator runs it (no environment but the path)."""
    return subprocess.run(
        [str(SCRIPT), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin"},
        check=False,
    )


def translate(po: Path, words: dict[object, object]) -> None:
    """What a translator does: write each message's translation in the .po (a guess that
    ``update`` marked fuzzy is then checked, and its mark taken off)."""
    with po.open("rb") as file:
        catalog = read_po(file)
    for message in catalog:
        if message.id in words:
            message.string = words[message.id]
            message.flags.discard("fuzzy")
    with po.open("wb") as file:
        write_po(file, catalog)


@pytest.fixture
def package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[Path]:
    """A fresh importable package, its name its own (the catalogues are cached by name)."""
    name = f"words_{request.node.name}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text(SOURCE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield folder
    set_language(i18n.SOURCE)
    sys.modules.pop(name, None)


def made(package: Path) -> Path:
    """The package's Italian catalogue extracted, translated and compiled; the .po's path."""
    po = package / "locale/it/LC_MESSAGES/messages.po"
    for step in (("extract",), ("init", "it")):
        result = run(*step, package)
        assert result.returncode == 0, result.stderr
    translate(po, ITALIAN)
    result = run("compile", package)
    assert result.returncode == 0, result.stderr
    return po


def test_a_package_speaks_its_compiled_catalogue_in_the_language_set_at_start(
    package: Path,
) -> None:
    made(package)
    assert (package / "locale/it/LC_MESSAGES/messages.mo").is_file()
    words = importlib.import_module(package.name)  # imported before the language is set
    assert (words.roll(), words.arrows(1), words.face()) == ("Roll the dice", "1 arrow", "Beer")
    set_language("it")
    assert (words.roll(), words.face()) == ("Tira i dadi", "Birra")
    assert [words.arrows(n) for n in (1, 2, 1_000_000)] == [
        "1 freccia",
        "2 frecce",
        "1000000 di frecce",  # Babel's (CLDR's) Italian has a form for millions
    ]
    assert languages(package.name) == ("en", "it", "qps")


def test_a_catalogue_can_be_asked_for_a_language_of_its_own(package: Path) -> None:
    made(package)
    assert Catalogue(package.name, "it").gettext("Roll the dice") == "Tira i dadi"
    assert Catalogue(package.name, "en").gettext("Roll the dice") == "Roll the dice"
    assert i18n.language() == "en"


def test_the_pseudo_language_marks_every_catalogued_word(package: Path) -> None:
    words = importlib.import_module(package.name)
    set_language("qps")
    assert words.roll() == "«Roll the dice»"
    assert words.arrows(1) == "«1 arrow»" and words.arrows(3) == "«3 arrows»"
    assert words.face() == "«Beer»"
    assert Catalogue(package.name).npgettext("c", "one", "many", 2) == "«many»"


def test_a_word_not_yet_translated_or_a_language_without_a_catalogue_stays_english(
    package: Path,
) -> None:
    po = made(package)
    translate(po, {"Beer": ""})
    assert run("compile", package).returncode == 0
    assert Catalogue(package.name, "it").pgettext("die face", "Beer") == "Beer"
    assert Catalogue(package.name, "it").gettext("Roll the dice") == "Tira i dadi"
    assert Catalogue(package.name, "de").gettext("Roll the dice") == "Roll the dice"


def test_an_unreadable_catalogue_is_said_in_one_line_and_its_words_stay_english(
    package: Path, caplog: pytest.LogCaptureFixture
) -> None:
    made(package)
    mo = package / "locale/it/LC_MESSAGES/messages.mo"
    mo.write_bytes(mo.read_bytes()[:30])
    with caplog.at_level(logging.WARNING, logger="companion.i18n"):
        assert Catalogue(package.name, "it").gettext("Roll the dice") == "Roll the dice"
    [record] = caplog.records
    assert str(mo) in record.getMessage() and "\n" not in record.getMessage()


def test_an_unknown_language_is_refused_naming_the_languages_there_are() -> None:
    with pytest.raises(LanguageError, match=r"language 'xx': expected one of en, it, qps"):
        set_language("xx")
    assert i18n.language() == "en"


def test_check_finds_each_file_behind_and_says_the_command_that_mends_it(package: Path) -> None:
    made(package)
    first = run("check", package)
    assert first.returncode == 0, first.stdout + first.stderr
    assert "it: 3 of 3 translated, 0 fuzzy, 0 untranslated" in first.stdout
    source = package / "__init__.py"
    source.write_text(SOURCE + '\n\ndef take():\n    return _("Take an arrow")\n')
    steps = [("extract", "behind the source"), ("update", "behind messages.pot")]
    for command, problem in steps:
        result = run("check", package)
        assert result.returncode == 1
        assert f"{problem}; run scripts/i18n {command} {package}" in result.stdout
        assert run(command, package).returncode == 0
    guessed = run("check", package)
    assert guessed.returncode == 0  # a new word untranslated (or guessed) is not behind
    assert "it: 3 of 4 translated" in guessed.stdout
    translate(package / "locale/it/LC_MESSAGES/messages.po", {"Take an arrow": "Prendi"})
    result = run("check", package)
    assert result.returncode == 1 and "messages.mo: behind its .po; run" in result.stdout
    assert run("compile", package).returncode == 0
    last = run("check", package)
    assert last.returncode == 0 and "it: 4 of 4 translated" in last.stdout
    set_language("it")
    assert importlib.import_module(package.name).take() == "Prendi"


def test_check_refuses_an_english_word_holding_the_pseudo_languages_marks(
    package: Path,
) -> None:
    made(package)
    source = package / "__init__.py"
    source.write_text(SOURCE + '\n\ndef quote():\n    return _("say «bang»")\n')
    assert run("extract", package).returncode == 0
    result = run("check", package)
    assert result.returncode == 1
    assert "'say «bang»' holds « or », the pseudo-language's marks" in result.stdout


def test_the_core_catalogue_is_up_to_date_with_the_source() -> None:
    result = run("check")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_catalogues_reader_imports_the_standard_library_and_the_errors_root_only() -> None:
    tree = ast.parse((ROOT / "companion" / "i18n.py").read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {
        n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) if n.level == 0
    }
    relative = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) if n.level}
    assert {name.split(".")[0] for name in names} <= sys.stdlib_module_names | {"__future__"}
    assert relative <= {"errors"}


def test_an_install_from_the_checkout_holds_the_compiled_catalogues(tmp_path: Path) -> None:
    """pip builds the package as the Pi's installer does (a copy, no Babel needed) and the
    installed package finds its catalogues through importlib.resources."""
    copy = tmp_path / "src"
    copy.mkdir()
    for name in ("pyproject.toml", "README.md"):
        (copy / name).write_bytes((ROOT / name).read_bytes())
    subprocess.run(["cp", "-r", str(ROOT / "companion"), str(copy)], check=True, timeout=60)
    wheels = tmp_path / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels)]
    result = subprocess.run(
        [*build, str(copy)], capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr
    [wheel] = wheels.glob("*.whl")
    installed = tmp_path / "installed"
    with zipfile.ZipFile(wheel) as archive:
        assert "companion/locale/it/LC_MESSAGES/messages.mo" in archive.namelist()
        archive.extractall(installed)
    probe = (  # no site-packages (-S): not the checkout's editable install
        f"import sys; sys.path.insert(0, {str(installed)!r}); "
        "from companion import i18n; print(i18n.languages(), i18n.__file__)"
    )
    shown = subprocess.run(
        [sys.executable, "-I", "-S", "-c", probe],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=installed,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
        check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("('en', 'it', 'qps') " + str(installed))
