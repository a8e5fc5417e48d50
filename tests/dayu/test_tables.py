"""tables.py and kinds.py (what the final-scoring calculator reads without pydantic) hold what
data.py's validated model holds."""

from companion.games.dayu import data, kinds, tables


def test_the_plain_tables_equal_the_validated_data():
    assert (data.FRAMES, data.POINTS_KIND) == (kinds.FRAMES, kinds.POINTS_KIND)
    assert (data.MIN_PLAYERS, data.MAX_PLAYERS) == (tables.MIN_PLAYERS, tables.MAX_PLAYERS)
    for span, plain in (
        (data.DATA.vp_per_face, tables.VP_PER_FACE),
        (data.DATA.flood_card_points, tables.FLOOD_CARD_POINTS),
    ):
        assert (span.low, span.high) == (plain.low, plain.high)
        assert [v for v in range(-3, 12) if v in span] == [v for v in range(-3, 12) if v in plain]
    assert {k: (f.points, f.frame) for k, f in data.DATA.flood_kinds.items()} == {
        k: (f.points, f.frame) for k, f in tables.FLOOD_KINDS.items()
    }
    assert list(data.DATA.flood_kinds) == list(tables.FLOOD_KINDS)  # the order lines are listed in
