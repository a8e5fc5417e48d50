"""Each text check finds the kind of line it is for (the lines the translation review found), and
lets the corrected line pass; the termbase is validated as it is read."""

from __future__ import annotations

import pytest

from companion.i18n import lint_texts
from companion.i18n import termbase as tb
from companion.i18n.textcheck import check

NAMES = ("Ana", "Ben", "Carla")


@pytest.mark.parametrize(
    ("lang", "game", "bad", "good", "kind"),
    [
        (
            "es",
            "dragon",
            "Ana libera la ficha monje mayor",
            "Ana libera la ficha de monje anciano",
            "termbase",
        ),
        ("es", "dragon", "Ana libera la ficha monje anciano", "Ana libera la ficha de monje anciano", "de"),
        ("es", "dragon", "Epidemia: suelta 1 menos", "Epidemia: libera 1 menos", "termbase"),
        ("es", "dragon", "personas que despedir: 2", "personas que liberar: 2", "termbase"),
        ("es", None, "Puntuada con Puntuación rápida", "Puntuada con Recuento rápido", "termbase"),
        ("es", "dayu", "Preparando el anillo", "Preparando el círculo", "termbase"),
        # which track? (issue 25: the wall bonus named it, the Military parade did not)
        (
            "en",
            "dragon",
            "Military parade: +2 spaces",
            "Military parade: person track +2",
            "termbase",
        ),
        (
            "es",
            "dragon",
            "Desfile: +1 casilla; 1 casco contra los mongoles",
            "Desfile: marcador de personas +1; 1 casco contra los mongoles",
            "termbase",
        ),
        (
            "es",
            "chinatown",
            "El tablero tiene 3 fichas de Lavandería",
            "El tablero tiene 3 losetas de Lavandería",
            "termbase",
        ),
        (
            "es",
            None,
            "Personas perdidas por la fiesta de los faroles",
            "Personas perdidas: Fiesta de las linternas",
            "termbase",
        ),
        ("es", "dragon", "Prepara arroz y curanderos", "Prepara arroz y sanadores", "termbase"),
        ("es", "dayu", "Roba de otro montón", "Roba de otro mazo", "termbase"),
        (
            "es",
            "chinatown",
            "Lavandería 58, incompleto (1/5)",
            "Lavandería en 58, negocio incompleto (1/5)",
            "agreement",
        ),
        (
            "es",
            "dragon",
            "A Ana le faltan 1 para pagar el tributo",
            "A Ana le falta 1 yuan para pagar el tributo",
            "agreement",
        ),
        (
            "es",
            "dragon",
            "Ana pierde todos sus privilegios (1 pequeños, 0 grandes)",
            "Ana pierde todos sus privilegios (pequeños: 1, grandes: 0)",
            "agreement",
        ),
        ("es", None, "5 partidas, 1 ganadas", "5 partidas, 1 ganada", "agreement"),
        ("es", "dragon", "6 yuan (reglas de 2007)", "6 yuanes (reglas de 2007)", "agreement"),
        ("es", "dragon", "6\u00a0yuan (reglas de 2007)", "6\u00a0yuanes (reglas de 2007)", "agreement"),
        ("en", "dragon", "Palace 2 (1\u00a0floors)", "Palace 2 (1\u00a0floor)", "agreement"),
        ("es", "dayu", "Robar del mazo verde (queda 2)", "Robar del mazo verde (2 en el mazo)", "agreement"),
        (
            "en",
            "chinatown",
            "Building 12 already holds a Antiques",
            "Building 12 already has a shop (Antiques)",
            "agreement",
        ),
        (
            "en",
            "dragon",
            "Month 3: court ladies (1 dragons)",
            "Month 3: court ladies (1 dragon)",
            "agreement",
        ),
        ("es", None, "Puntos: 36.4 de media", "Puntos: 36,4 de media", "numbers"),
        ("en", None, "Points: 36,4 on average", "Points: 36.4 on average", "numbers"),
        ("es", None, "Dinero: 10,000 $", "Dinero: 10.000 $", "numbers"),
        ("es", "chinatown", "Ana gana $50000", "Ana gana 50.000 $", "money"),
        ("es", "chinatown", "Ana: 490000", "Ana: 490.000 $", "money"),
        ("en", "chinatown", "Ana earns 50,000 $ this year", "Ana earns $50,000 this year", "money"),
        ("en", None, "See dragon.event.tribute", "See the rule: Imperial tribute", "raw key"),
        (
            "es",
            "dragon",
            "Solo hay una posibilidad: Liberar la nueva ficha",
            "Solo hay una posibilidad: «Liberar la nueva ficha»",
            "colon capital",
        ),
        ("es", None, "Ana: {vp} PV", "Ana: 3 PV", "unreplaced field"),
        (
            "es",
            None,
            "Ana toma el grupo 2 (Impuestos, Cosecha) de de los dos",
            "Ana toma el grupo 2",
            "doubled word",
        ),
        ("es", None, "Preparación · Preparación ·", "Preparación · Ana", "doubled punctuation"),
        ("es", "dragon", "Ana: +3 VP for the monks", "Ana: +3 PV por los monjes", "English word"),
    ],
)
def test_each_check_finds_its_kind_of_line_and_passes_the_fixed_one(lang, game, bad, good, kind):
    assert kind in {f.check for f in check(bad, lang, game, NAMES)}, check(bad, lang, game, NAMES)
    assert not check(good, lang, game, NAMES), check(good, lang, game, NAMES)


def test_names_keep_their_capital_after_a_colon():
    for line in (
        "Mes 3: Fiesta de las linternas, 2 personas",
        "Trato: Ana da a Ben el edificio 12",
        "Da Yu: El Conquistador de la Inundación",
        "Carta de inundación: Bonificación de marco verde",
    ):
        assert not check(line, "es", None, NAMES), line


def test_a_count_list_takes_the_plural_of_the_whole_list():
    assert not check("con 3, 2 y 1 fuegos artificiales", "es", "dragon", NAMES)


def test_the_search_phrasings_may_hold_variants_but_what_a_player_reads_may_not(tmp_path):
    game = tmp_path / "dragon"
    game.mkdir()
    (game / "lookup.es.json").write_text(
        '{"rules": {"x": {"phrasings": ["los curanderos protegen"]}},'
        ' "teach": {"y": {"lines": ["Prepara curanderos"]}}}',
        encoding="utf-8",
    )
    found = lint_texts.rules_data_findings("es", tmp_path)
    assert len(found) == 1 and "teach.y.lines[0]" in found[0] and "curanderos" in found[0]


def test_the_shipped_catalogues_and_rules_data_have_no_findings():
    assert lint_texts.findings() == []


@pytest.mark.parametrize(
    ("row", "error"),
    [
        ("x,dragon,noun,monk,monks,monje,monjes,m,,(unclosed,", "line 2"),
        ("Bad Id,dragon,noun,monk,monks,monje,monjes,m,,,", "line 2"),
        ("x,moon,noun,monk,monks,monje,monjes,m,,,", "line 2"),
        ("x,dragon,noun,,monks,monje,monjes,m,,,", "line 2"),
        (
            "monk,dragon,noun,monk,monks,monje,monjes,m,,,\nmonk,dragon,noun,monk,monks,monje,monjes,m,,,",
            "twice",
        ),
    ],
)
def test_a_bad_termbase_row_or_a_concept_twice_fails_at_load(tmp_path, row, error):
    path = tmp_path / "termbase.csv"
    header = tb.TERMBASE.read_text(encoding="utf-8").splitlines()[0]
    path.write_text(f"{header}\n{row}\n", encoding="utf-8")
    with pytest.raises(tb.TermbaseError, match=error):
        tb.read_termbase(path)


def test_the_termbase_names_every_concept_once_in_both_languages():
    terms = tb.terms()
    assert len(terms) >= 130
    assert all(t.en and t.es for t in terms)
    kinds = {t.id for t in terms}
    for needed in (
        "release",
        "old",
        "healer",
        "yuan",
        "shop_tile",
        "circle",
        "quick_score",
        "festival",
        "lantern",
    ):
        assert needed in kinds, needed


def test_every_old_tile_is_named_with_an_adjective_that_agrees():
    """Spanish: "monje anciano", but a feminine type would need "anciana"; each tile has its own
    key, so the catalogue says it whole. Checked against the termbase's genders."""
    from companion.games.dragon.data import RULES
    from companion.i18n import translate

    gender = {t.id: t.es_gender for t in tb.terms()}
    for tile in RULES.faces:
        kind, age = tile.split(":")
        name = translate(f"dragon.tile.{kind}.{age}", "es")
        if age == "old":
            assert name.endswith("anciana" if gender[kind] == "f" else "anciano"), name
        else:
            assert name.endswith("joven"), name


def test_a_games_history_lines_all_end_alike():
    """Issue 25: Chinatown's History read "Ana cobra 20.000 $ en 1966." under "Ana: +10.000 $ por
    Antigüedades en 1, negocio incompleto (1/6)", and Dragon's lines ended without a full stop
    where Da Yu's and Chinatown's had one: every game's lines end without one, as the entry lines
    above them; the income card's fragments are not lines."""
    mixed = {
        "chinatown.fx.first": "{player} takes the start player card",
        "chinatown.fx.new_year": "Year {year} begins",
        "chinatown.fx.business_complete": "{amount:+money}: {shop}.",  # a fragment
        "dayu.fx.rest": "{player} rests.",
        "dragon.fx.peace": "Peace: nothing happens",
        "dragon.fx.order": "Order: {order}",
    }
    (found,) = lint_texts.fx_ending_findings("en", mixed)
    assert found.startswith("en dayu.fx.rest: History line with a full stop")
    for lang in ("en", "es"):
        assert lint_texts.fx_ending_findings(lang) == []
