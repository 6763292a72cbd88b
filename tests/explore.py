"""A pytest plugin for scripts/explore: every property of the suite with fresh random examples,
many of them, each within a time budget; a failure printed with the blob that replays it.

The suite itself draws the same examples on every run (the "suite" profile, conftest.py), so its
verdict depends only on the code; this is where new examples are found. A failure found here
becomes an explicit ``@example`` in its test.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

EXAMPLES = int(os.environ.get("COMPANION_EXPLORE_EXAMPLES", "10000"))
BUDGET = float(os.environ.get("COMPANION_EXPLORE_BUDGET", "600"))
LOG = os.environ.get("COMPANION_EXPLORE_LOG")


class BudgetSpent(pytest.skip.Exception):
    """The property's time budget ran out before its examples: what ran is counted."""


def _explored(item: pytest.Function) -> None:
    """The property run with EXAMPLES fresh examples (its own explicit settings otherwise kept),
    stopped, counted, once BUDGET seconds are spent, unless it failed: then it shrinks whole."""
    test: Any = item.obj
    own = getattr(test, "_hypothesis_internal_use_settings", settings())
    test._hypothesis_internal_use_settings = settings(
        own, max_examples=EXAMPLES, derandomize=False, database=None, print_blob=True
    )
    if not hasattr(test, "_explored_inner"):  # a parametrized property: one function, wrapped once
        test._explored_inner = test.hypothesis.inner_test
    inner = test._explored_inner
    run = Run(time.monotonic())

    def counted(*args: Any, **kwargs: Any) -> Any:
        if not run.failed and time.monotonic() - run.start > BUDGET:
            run.spent = True
            raise BudgetSpent(f"budget of {BUDGET:g} s spent after {run.examples} examples")
        run.examples += 1
        try:
            return inner(*args, **kwargs)
        except Exception:
            run.failed = True
            raise

    test.hypothesis.inner_test = counted
    item.stash[_RUN] = run


@dataclass
class Run:
    start: float
    examples: int = 0
    spent: bool = False  # stopped by the budget (Hypothesis may then call the strategy flaky)
    failed: bool = False


_RUN = pytest.StashKey[Run]()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    properties = [
        i
        for i in items
        if isinstance(i, pytest.Function) and getattr(i.obj, "is_hypothesis_test", False)
    ]
    config.hook.pytest_deselected(items=[i for i in items if i not in properties])
    items[:] = properties


def pytest_runtest_setup(item: pytest.Item) -> None:
    if isinstance(item, pytest.Function):
        _explored(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    outcome = yield
    if call.when != "call" or _RUN not in item.stash:
        return
    run, report = item.stash[_RUN], outcome.get_result()
    verdict = "FAILED" if run.failed or (report.failed and not run.spent) else "passed"
    if run.spent and not run.failed:
        verdict = "budget"
        report.outcome = "skipped"
        report.longrepr = (str(item.path), 0, f"budget spent after {run.examples} examples")
    if LOG is not None:
        line = {
            "property": item.nodeid,
            "examples": run.examples,
            "seconds": round(time.monotonic() - run.start, 1),
            "outcome": verdict,
        }
        with Path(LOG).open("a") as log:
            log.write(json.dumps(line) + "\n")


def report(log: Path, examples: int, budget: float, seconds: int) -> str:
    """The run as a Markdown table: each property, its examples and time, and its outcome."""
    rows = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    failed = [r for r in rows if r["outcome"] == "FAILED"]
    short = [r for r in rows if r["examples"] < examples and r["outcome"] != "FAILED"]
    lines = [
        f"`scripts/explore --examples {examples} --budget {budget:g}`: {len(rows)} properties, "
        f"{sum(r['examples'] for r in rows):,} examples in {seconds // 60} min; "
        f"failures: {len(failed)}; stopped by the budget or the search space before "
        f"{examples:,}: {len(short)}.",
        "",
        "| property | examples | seconds | outcome |",
        "| --- | ---: | ---: | --- |",
    ]
    for r in sorted(rows, key=lambda r: r["property"]):
        lines.append(
            f"| `{r['property']}` | {r['examples']:,} | {r['seconds']:g} | {r['outcome']} |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=report.__doc__)
    parser.add_argument("log", type=Path)
    parser.add_argument("--examples", type=int, required=True)
    parser.add_argument("--budget", type=float, required=True)
    parser.add_argument("--seconds", type=int, required=True)
    parser.add_argument(
        "--markdown-into", type=Path, help="the file whose explore table it replaces"
    )
    args = parser.parse_args()
    table = report(args.log, args.examples, args.budget, args.seconds)
    print(table)
    if args.markdown_into is not None:
        begin, end = "<!-- explore:begin -->\n", "<!-- explore:end -->\n"
        text = args.markdown_into.read_text()
        head, rest = text.split(begin, 1)
        args.markdown_into.write_text(head + begin + table + end + rest.split(end, 1)[1])


if __name__ == "__main__":
    main()
