"""Old Saloon, Module 4: a posse of new characters. The module adds its cards
(``components.py``) and their abilities (``abilities.py``), and nothing to the turn."""

from __future__ import annotations

from .module_catalog import Module
from .module_rules import ModuleRules

RULES = ModuleRules(Module.SALOON_CHARACTERS)
