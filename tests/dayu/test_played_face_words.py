"""The side of a tool card a drain played has one name in History and in the questions (a walk
read "played face" on one line and "used side" on the next, "cara jugada" and "cara usada")."""

import pytest

from companion.core import msg


@pytest.mark.parametrize(
    ("lang", "word", "other"), [("en", "played face", "used side"), ("es", "cara jugada", "cara usada")]
)
def test_the_played_face_is_named_alike(lang, word, other):
    texts = [
        msg("dayu.did.tools", player="Ana", n=2).render(lang),
        msg("dayu.did.vp", player="Ana", vp=4).render(lang),
        msg("dayu.ask.tools", room=3).render(lang),
        msg("dayu.ask.vp").render(lang),
    ]
    assert all(word in t.lower() for t in texts), texts
    assert not any(other in t.lower() for t in texts), texts
