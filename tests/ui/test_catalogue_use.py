"""Every ui.* key the code asks for exists in English and Spanish.

The generic screens use companion/i18n/<lang>/ui.json; each game's panels (companion/ui/games/<game>/)
keep their keys, ``ui.<game>.*``, in companion/i18n/<lang>/ui_<game>.json.
"""

import re
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES, catalog
from companion.ui.palette import PLAYER_COLORS
from companion.ui.settings import THEMES
from companion.ui.views.chrome import FINISHED_TABS as TABS

UI = Path(__file__).resolve().parents[2] / "companion" / "ui"
LITERAL = re.compile(r'\btr\(\s*"([a-z0-9_.]+)"')
SPEC_KEY = re.compile(r'(?:label_key|quick_score_key)=?\s*"([a-z0-9_.]+)"|Choice\([^,]+,\s*"([a-z0-9_.]+)"\)')


GAMES = sorted(p.name for p in (UI / "games").iterdir() if p.is_dir() and (p / "__init__.py").exists())


def sources(area: str) -> list[Path]:
    if area == "generic":
        return [p for p in UI.rglob("*.py") if (UI / "games") not in p.parents or p.parent == UI / "games"]
    return list((UI / "games" / area).rglob("*.py"))


def used_keys(area: str) -> set[str]:
    keys = set()
    for path in sources(area):
        text = path.read_text(encoding="utf-8")
        keys |= set(LITERAL.findall(text))
        for a, b in SPEC_KEY.findall(text):
            keys.add(a or b)
    if area != "generic":
        return keys
    keys |= {f"nav.{t}" for t in TABS} | {f"color.{c}" for c in PLAYER_COLORS}
    keys |= {f"settings.theme.{t}" for t in THEMES} | {f"settings.lang.{lang}" for lang in LANGUAGES}
    keys |= {f"rules.status.{s}" for s in ("official", "decision", "unverified")}
    return keys


@pytest.mark.parametrize("area", ["generic", *GAMES])
def test_every_used_key_is_translated(area):
    keys = used_keys(area)
    assert keys
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if f"ui.{k}" not in catalog(lang))
        assert not missing, f"{lang}: {missing}"


def test_every_colour_a_table_can_give_has_a_swatch():
    from companion.core.table import PLAYER_COLORS
    from companion.ui.palette import PLAYER_COLORS as SWATCHES

    assert list(SWATCHES) == list(PLAYER_COLORS)
