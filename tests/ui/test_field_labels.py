"""A text field of a fixed width has a label that fits on one line in it, at 412 px, in both
languages. At phone size "Shop tiles on the board" / "Losetas en el tablero" wrapped onto a second
line inside Chinatown's 150 px field (the letters on the field's border), as did "Fuegos
artificiales" over Dragon's 96 px field and "Día de la partida (AAAA-MM-DD)" over the date."""

import flet as ft
import pytest
from ui_testkit import new_hub, started

from companion.ui.chart_axes import CHAR_EM

FIELD_PADDING = 24  # a dense outlined field's text starts 12 px in from each side


def too_long(field: ft.TextField) -> bool:
    """The label at the size it is drawn: 16 px in an empty field, 12 px floating over a value."""
    size = 12 if field.value else 16
    return len(field.label) * size * CHAR_EM > field.width - FIELD_PADDING


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", ["chinatown", "dragon", "dayu"])
async def test_a_quick_score_fields_label_fits_on_its_line(tmp_path, lang, game):
    h = await started(new_hub(tmp_path), route=f"/quick/{game}", prefs={"table_companion.lang": lang})
    fields = [c for c in h.controls() if isinstance(c, ft.TextField) and c.width and c.label]
    assert [(f.key, f.label) for f in fields if too_long(f)] == []
    assert fields  # the game's number fields (Da Yu's: the date its play is logged on)
    h.close()
