"""docs/performance.md is shared by the benchmarks: each one owns a "## " section of it."""

from __future__ import annotations

import re
from pathlib import Path


def write_section(path: Path, heading: str, section: str) -> None:
    """Replace the section under ``heading`` (or add it at the end), keeping every other one."""
    text = path.read_text() if path.exists() else "# Performance\n"
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.MULTILINE | re.DOTALL)
    if pattern.search(text):
        text = pattern.sub(lambda _: section.rstrip("\n") + "\n\n", text, count=1)
    else:
        text = text.rstrip("\n") + "\n\n" + section.rstrip("\n") + "\n"
    path.write_text(text.rstrip("\n") + "\n")


def publish(heading: str, section: str, markdown_into: Path | None) -> None:
    """Print a benchmark's section and, if asked, put it into the performance page."""
    print(section)
    if markdown_into:
        write_section(markdown_into, heading, section)
