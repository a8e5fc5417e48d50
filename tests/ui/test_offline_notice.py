"""The lost-connection notice's script carries its texts in every language the app speaks."""

import json
import re

from companion.i18n import LANGUAGES, translate
from companion.ui.offline_notice import LINE, LOADING, NOTICE_ID, TITLE, script


def test_the_script_says_it_in_each_language_and_never_in_flets_words():
    written = re.search(r"const texts = (\{.*?\}), fallback", script()).group(1)
    texts = json.loads(written)
    assert set(texts) == set(LANGUAGES)
    for lang in LANGUAGES:
        assert texts[lang] == [translate(TITLE, lang), translate(LINE, lang), translate(LOADING, lang)]
        assert all(t and not t.startswith("ui.") for t in texts[lang])  # rendered, not the key
    assert texts["es"][0] == "Se ha perdido la conexión"
    assert (texts["en"][2], texts["es"][2]) == ("Loading the table…", "Cargando la mesa…")  # the first load
    assert "Working" not in script() and NOTICE_ID in script()
    assert "</" not in written  # nothing in the texts can end the page's script early
