"""Entry module for `flet build` and `flet run` (pyproject [tool.flet.app] module): the app itself
lives in companion/ui/app.py."""

import flet as ft

from companion.ui.app import main

if __name__ == "__main__":
    ft.run(main)
