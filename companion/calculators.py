"""The stand-alone calculators by CLI name, and where each one's functions are.

``companion calc`` runs one calculator as a whole process: finding it through the games'
registry (entry points, every game package and its pydantic models) cost more than the
calculation (issue 27). This table names each calculator's module, which is imported alone.
The registry stays the authority (the app, the play log): tests/cli/test_calculator_table.py
holds this table equal to ``companion.core.registry.calculators()``, names and order too.
"""

from __future__ import annotations

import importlib

from companion.core.calc import Calculator

# name -> (module, its run function, its render function); in the registry's order.
CALCULATORS: dict[str, tuple[str, str, str]] = {
    "dragon-final": ("companion.games.dragon.calc", "dragon_final", "render_dragon_final"),
    "chinatown-income": ("companion.games.chinatown.calc", "chinatown_income", "render_chinatown_income"),
    "chinatown-final": ("companion.games.chinatown.calc", "chinatown_final", "render_chinatown_final"),
    "dayu-final": ("companion.games.dayu.calc", "dayu_final", "render_dayu_final"),
}


def names() -> list[str]:
    return list(CALCULATORS)


def calculator(name: str) -> Calculator | None:
    """The calculator ``name`` with its module loaded, or None for a name no calculator has."""
    found = CALCULATORS.get(name)
    if found is None:
        return None
    module_name, run, render = found
    module = importlib.import_module(module_name)
    return Calculator(run=getattr(module, run), render=getattr(module, render))
