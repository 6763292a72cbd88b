"""The modules installed, the box's own apart from those from outside (a package installed
beside it, as ``scripts/test`` does with ``examples/horseshoe`` on its second run).

A test whose seeds, pictures or written figures were made for the box's own modules draws from
``OWN``; a check that holds for any module also runs over ``OUTSIDE``, whatever is installed.
"""

from __future__ import annotations

from companion.engine import Module, module_origin

OWN: tuple[Module, ...] = tuple(
    m for m in sorted(Module) if module_origin(m).startswith("companion.modules.")
)
OUTSIDE: tuple[Module, ...] = tuple(m for m in sorted(Module) if m not in OWN)
