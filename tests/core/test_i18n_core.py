from companion.core import msg
from companion.core.rulebook import fold, rule, search
from companion.i18n import translate


def test_translate_falls_back_and_keeps_unknown_placeholders():
    assert translate("core.entry.wrong_seat", "es", player="Ana") == "Le toca decidir esto a Ana."
    assert translate("no.such.key", "es") == "no.such.key"
    assert "{player}" in translate("core.entry.wrong_seat", "en")


def test_msg_renders_nested_msgs():
    inner = msg("core.entry.game_over")
    outer = msg("core.file.bad_entry", n=3, detail=inner)
    assert outer.render("en").endswith(inner.render("en"))
    assert outer.render("es").endswith(inner.render("es"))


def test_search_ignores_case_and_accents():
    assert fold("Sequía ÁRBITRO") == "sequia arbitro"
    hits = search("core", "arbitro", "es")
    assert [r.id for r in hits] == ["core.entry"]
    assert rule("core.turn", "es").title == "A quién le toca"
    assert rule("nogame.x") is None
