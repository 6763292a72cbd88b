"""The suite's module-set scans are played in parts shared by the test session's workers
(``tests/table/table_scan.py``): the parts together are the whole list, in its order."""

from __future__ import annotations

import pytest

from tests.table.table_scan import SETS, SHARES, shares


@pytest.mark.parametrize("count", [len(SETS), 864, 865, SHARES + 1, SHARES - 1, 1])
def test_the_scans_parts_hold_every_set_once_in_the_lists_order(count: int) -> None:
    parts = shares(count)
    assert len(parts) == SHARES
    assert [n for part in parts for n in part] == list(range(count))
    assert max(map(len, parts)) - min(map(len, parts)) <= 1  # the workers' shares alike
