"""Entry module for `flet build` and `flet run` (pyproject [tool.flet.app] module): the app itself
lives in companion/ui/app.py.

A packaged app (flet build) carries the source tree but not the installed package's metadata,
so the games' entry points (pyproject [project.entry-points."companion.games"]) are not there
to be found: this entry registers the three games itself. Keep it in step with pyproject.toml.
"""

import flet as ft

from companion.core.registry import register
from companion.games import chinatown, dayu, dragon
from companion.ui.app import main

for spec in (dragon.SPEC, chinatown.SPEC, dayu.SPEC):
    register(spec)

if __name__ == "__main__":
    ft.run(main)
