"""docs/performance.md: every figure is made by a command printed beside it.

Each "## " section is one a benchmark writes (``benchmarks/perfdoc.py``). A section holding a
table or a number outside code must show, in a fenced block, a command that makes it: a script of
``benchmarks/`` that exists and writes that very section (its heading is in the script), or a
``bang-companion`` command. So a figure typed by hand has no home on the page. Nothing is run.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "performance.md"
FENCED = re.compile(r"^```[^\n]*\n(.*?)^```$", re.M | re.S)
SCRIPT = re.compile(r"\bbenchmarks/(\w+\.py)\b")
COMMAND = re.compile(r"^(\S*/)?bang-companion\s", re.M)


def sections(text: str) -> dict[str, str]:
    """Each "## " heading with its text up to the next one (its "### " parts included)."""
    parts = re.split(r"^(?=## )", text, flags=re.M)
    return {part.splitlines()[0]: part for part in parts if part.startswith("## ")}


def has_figures(body: str) -> bool:
    """A table, or a digit in prose: code blocks and `code` spans (commits, commands) aside."""
    prose = FENCED.sub("", body)
    prose = re.sub(r"`[^`\n]*`", "", prose)
    prose = "\n".join(line for line in prose.splitlines() if not line.startswith("#"))
    return bool(re.search(r"^\|", prose, re.M) or re.search(r"\d", prose))


def problem(heading: str, body: str, benchmarks: Path) -> str | None:
    """Why this section's figures have no command that makes them, or None when they do."""
    if not has_figures(body):
        return None
    commands = "\n".join(FENCED.findall(body))
    scripts = sorted(set(SCRIPT.findall(commands)))
    missing = [s for s in scripts if not (benchmarks / s).is_file()]
    if missing:
        return f"{heading}: names {', '.join(missing)}, not in benchmarks/"
    if any(f'"{heading}"' in (benchmarks / s).read_text() for s in scripts):
        return None
    if COMMAND.search(commands) and not scripts:
        return None
    if scripts:
        return f"{heading}: {', '.join(scripts)} do not write this section"
    return f"{heading}: figures with no fenced benchmarks/ script or bang-companion command"


def test_every_figure_of_the_performance_page_has_the_command_that_makes_it() -> None:
    found = sections(PAGE.read_text())
    assert "## Rules engine" in found  # the page is read as sections at all
    problems = [problem(h, body, ROOT / "benchmarks") for h, body in found.items()]
    assert [p for p in problems if p] == []


def test_a_hand_typed_figure_is_caught() -> None:
    typed = "## Typed\n\nThe engine ran 300 games/s on `c2d0567`.\n"
    table = "## Table\n\n| a | b |\n| --- | --- |\n| x | y |\n"
    elsewhere = (
        "## Elsewhere\n\n```\n.venv/bin/python benchmarks/idle.py\n```\n\nIt ran 300 games/s.\n"
    )
    invented = "## Invented\n\n```\n.venv/bin/python benchmarks/nothing.py\n```\n\n1 s.\n"
    words = "## Words\n\nCommit `c2d0567` recorded it, with `python -m cProfile`.\n"
    page = sections("# Performance\n\n" + typed + table + elsewhere + invented + words)
    bench = ROOT / "benchmarks"
    assert problem("## Typed", page["## Typed"], bench)
    assert problem("## Table", page["## Table"], bench)
    assert problem("## Elsewhere", page["## Elsewhere"], bench) == (
        "## Elsewhere: idle.py do not write this section"
    )
    assert "nothing.py" in (problem("## Invented", page["## Invented"], bench) or "")
    assert problem("## Words", page["## Words"], bench) is None
