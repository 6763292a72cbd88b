"""A phase of one's own turn is the core's or a module's: the core runs its own at their points
of the turn, a module's package declares its own (``declare_phase``) and its rules run the steps
an ability adds there (``RuleGame.own_steps``), so the core names no module's phase."""

from __future__ import annotations

import pytest

from companion.engine import MODULE_PHASES, Phase, declare_phase
from companion.modules.duels.rules import DUEL_PHASE, ID


def test_a_module_s_phase_is_declared_by_its_package_and_known_by_its_name() -> None:
    assert MODULE_PHASES[DUEL_PHASE] == ID
    assert Phase("duel") is DUEL_PHASE
    assert DUEL_PHASE in list(Phase)


def test_the_core_s_phases_are_no_module_s() -> None:
    core = [Phase.START, Phase.ROLLED, Phase.LAST_ROLL, Phase.BULLSEYE_ASSIGNED]
    core += [Phase.BULLSEYE, Phase.GATLING, Phase.END]
    assert list(Phase)[: len(core)] == core
    assert not set(core) & set(MODULE_PHASES)


def test_a_phase_declared_twice_is_refused_and_the_first_kept() -> None:
    with pytest.raises(ValueError, match="Phase 'duel' is declared twice"):
        declare_phase(ID, "duel")
    with pytest.raises(ValueError, match="Phase 'end' is declared twice"):
        declare_phase(ID, "end")
    assert Phase("duel") is DUEL_PHASE and MODULE_PHASES[DUEL_PHASE] == ID
    assert Phase.END not in MODULE_PHASES


def test_a_phase_misspelt_is_refused_where_it_is_named() -> None:
    with pytest.raises(ValueError, match="'dual' is not a Phase"):
        Phase("dual")
    assert not hasattr(Phase, "DUEL")  # a module's phase is its package's name, not the core's
