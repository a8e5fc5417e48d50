"""The Flet app: renders a table's state, prompt, scoreboard and history, and submits entries.

The UI holds no rules. Screens live in ``views/``, shared widgets in ``widgets.py``, and each
game's own panels in ``games/<game>/`` (registered in ``games/__init__.py``).
"""
