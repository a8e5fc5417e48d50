"""Each game's own screens, one package per game (``companion/ui/games/<game>/``), exporting
``UI = GameUI(...)``: the hooks it plugs into the generic screens (companion/ui/gameui.py).
A game's GameSpec names its package (``ui=``); nothing here lists the games.
"""
