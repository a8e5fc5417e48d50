"""tables.py (the numbers the final scoring reads without pydantic) holds what data.py's
validated ``RULES`` holds."""

from companion.games.dragon import tables
from companion.games.dragon.data import RULES


def test_the_plain_tables_equal_the_validated_rules():
    assert RULES.tile_ids == tables.TILE_IDS
    assert {tile: face.symbols for tile, face in RULES.faces.items()} == tables.FACE_SYMBOLS
    assert RULES.symbol_of == tables.SYMBOL_OF
    assert RULES.types["monk"].symbol == tables.MONK_SYMBOL
    assert RULES.setup.max_floors == tables.MAX_FLOORS
    final = RULES.scoring.final
    assert (
        final.per_person,
        final.yuan_per_leftover_tile,
        final.yuan_per_vp,
    ) == (tables.PER_PERSON, tables.YUAN_PER_LEFTOVER_TILE, tables.YUAN_PER_VP)
