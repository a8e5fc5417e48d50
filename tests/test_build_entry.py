"""A packaged app (flet build) has no installed entry points: its entry module registers the games."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CODE = """
import importlib.metadata as md
md.entry_points = lambda **kw: []          # as in a packaged app: no installed metadata
import companion.core.registry as registry
assert registry.available() == [], registry.available()
import companion_main
print(registry.available())
"""


def test_the_build_entry_registers_every_game_without_entry_points():
    out = subprocess.run([sys.executable, "-c", CODE], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['dragon', 'chinatown', 'dayu']"
