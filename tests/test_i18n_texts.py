"""Every text of random complete games reads right in English and Spanish, and comes from a
catalogue (the qps pseudo-locale shows anything that bypasses them).

The games (tests/i18n_games.py) are Dragon with both expansions, Chinatown and Da Yu; every
prompt, choice label, effect, banner, history line and score line is checked.
"""

from __future__ import annotations

import re

import pytest
from i18n_games import NAMES, game_messages

from companion.core.msg import msg
from companion.games.dragon.text import tile_msg
from companion.i18n import LANGUAGES, PSEUDO, load, translate
from companion.i18n.textcheck import DOUBLED_PUNCTUATION, DOUBLED_WORD, ENGLISH_WORDS, RAW_KEY

# A count of one followed by a plural noun: what hand-built plurals produce ("1 floors").
PLURAL_NOUNS = {
    "en": "persons|floors|palaces|dragons|monks|sections|spaces|tools|points|shops|tiles|cards|entries"
    "|rules|steps|codes|choices|tokens|players|buildings|fireworks tiles|fireworks(?! tiles?\\b)",
    "es": "personas|pisos|palacios|dragones|monjes|tramos|casillas|herramientas|puntos|tiendas|losetas"
    "|cartas|anotaciones|reglas|pasos|códigos|opciones|fichas|jugadores|yuanes|edificios",
}
ONE_PLURAL = {
    lang: re.compile(rf"(?<![\d.,])1[ \u00a0](?:{nouns})\b") for lang, nouns in PLURAL_NOUNS.items()
}


def rendered(lang: str) -> list[tuple[str, str, str]]:
    return [(game, m.key, m.render(lang)) for game, m in game_messages()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_text_reads_right(lang):
    problems = []
    for game, key, text in rendered(lang):
        checks = {
            "unreplaced field": "{" in text or "}" in text,
            "raw key": bool(RAW_KEY.search(text)),
            "1 + plural noun": bool(ONE_PLURAL[lang].search(text)),
            "doubled punctuation": bool(DOUBLED_PUNCTUATION.search(text)),
            "doubled word": bool(DOUBLED_WORD.search(text)),
            "English word": lang == "es" and bool(ENGLISH_WORDS.search(text)),
        }
        problems += [f"{game} {key}: {what}: {text!r}" for what, bad in checks.items() if bad]
    assert not problems, "\n".join(sorted(set(problems))[:40])


@pytest.mark.parametrize(
    ("lang", "line", "check"),
    [  # lines the issue found, as the old catalogues wrote them: each check must catch its kind
        ("en", "Month 3: court ladies (1 dragons)", ONE_PLURAL["en"]),
        ("en", "Skip: +1 spaces", ONE_PLURAL["en"]),
        ("en", "Wall bonus: +1 fireworks", ONE_PLURAL["en"]),
        ("es", "Mes 3: Fiesta de las linternas (1 personas)", ONE_PLURAL["es"]),
        ("es", "Impuestos: +1 yuanes", ONE_PLURAL["es"]),
        ("en", "Trade: Ana gives Ben: tiles Sea Food., Fer gives Ana: $10,000.", DOUBLED_PUNCTUATION),
        ("en", "Setup · Setup · Ana", DOUBLED_WORD),
        ("en", "1965 (year 1 of 6) · first player · first player ?", DOUBLED_WORD),
        ("en", "1965 (year 1 of 6) · first player · first player ?", DOUBLED_PUNCTUATION),
        ("es", "Preparación · Preparación ·", DOUBLED_PUNCTUATION),
        ("es", "Ana: +3 VP for the monks", ENGLISH_WORDS),
    ],
)
def test_the_checks_catch_the_lines_of_the_issue(lang, line, check):
    assert check.search(line)


def test_the_games_show_every_kind_of_text():
    keys = {m.key for _, m in game_messages()}
    for needed in (
        "dragon.fx.super_event",
        "dragon.fx.wall_build",
        "dragon.score.ladies",
        "chinatown.fx.give",
        "chinatown.fx.income_total",
        "dayu.fx.capture",
        "dragon.label.skip",
    ):
        assert needed in keys, needed
    assert len(keys) > 180


def bypasses(text: str, data: tuple[str, ...] = tuple(NAMES)) -> bool:
    """In qps every catalogue text is bracketed and accented: a plain letter did not come from one.

    Exempt, as data: the players' names (and the given data). Digits and signs carry no letters.
    """
    for word in data:
        text = text.replace(word, "")
    return bool(re.search(r"[A-Za-z]", text))


def test_every_game_text_comes_from_a_catalogue():
    problems = []
    for game, m in game_messages():
        text = m.render(PSEUDO)
        if not text.startswith("[") or bypasses(text):
            problems.append(f"{game} {m.key}: {text!r}")
    assert not problems, "\n".join(problems[:40])


def test_a_text_that_bypasses_the_catalogues_shows_in_qps():
    built_by_hand = msg("dragon.fx.take", player="Ana", tile="old monk")  # English, not a Msg
    assert bypasses(built_by_hand.render(PSEUDO))
    assert not bypasses(msg("dragon.fx.take", player="Ana", tile=tile_msg("monk:old")).render(PSEUDO))


# ---- plural forms --------------------------------------------------------------------------
def plural_keys(lang: str) -> list[str]:
    return sorted(k for k, v in load(lang).messages.items() if not isinstance(v, str))


def test_plural_messages_exist_in_both_languages():
    assert len(plural_keys("en")) > 40
    assert plural_keys("en") == plural_keys("es")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_for_0_1_2_and_5(lang):
    forms = load(lang).messages
    for key in plural_keys(lang):
        # a text argument where a field says "money": written as it is, as str.format writes it
        one, other = (re.sub(r"{(\w+):\+?money}", r"{\1}", f) for f in (forms[key][0], forms[key][-1]))
        args = {name: "x" for name in re.findall(r"{(\w+)", other)}
        for n in (0, 1, 2, 5):
            want = (one if n == 1 else other).format(**{**args, "n": n})
            assert translate(key, lang, **{**args, "n": n}) == want, (lang, key, n)


@pytest.mark.parametrize(
    ("lang", "key", "expected"),
    [
        ("en", "dragon.n_floors", ["0\u00a0floors", "1\u00a0floor", "2\u00a0floors", "5\u00a0floors"]),
        ("es", "dragon.n_floors", ["0\u00a0pisos", "1\u00a0piso", "2\u00a0pisos", "5\u00a0pisos"]),
        ("en", "ui.rules.count", ["0 rules", "1 rule", "2 rules", "5 rules"]),
        ("es", "ui.rules.count", ["0 reglas", "1 regla", "2 reglas", "5 reglas"]),
        (
            "es",
            "dragon.wall.bonus.yuan",
            ["+0\u00a0yuanes", "+1\u00a0yuan", "+2\u00a0yuanes", "+5\u00a0yuanes"],
        ),
        (
            "en",
            "dragon.wall.bonus.fireworks",
            ["+0 fireworks tiles", "+1 fireworks tile", "+2 fireworks tiles", "+5 fireworks tiles"],
        ),
        (
            "es",
            "dragon.wall.bonus.fireworks",
            [
                "+0 fuegos artificiales",
                "+1 fuego artificial",
                "+2 fuegos artificiales",
                "+5 fuegos artificiales",
            ],
        ),
        ("en", "ui.history.undo_to", ["Undo 0 steps", "Undo 1 step", "Undo 2 steps", "Undo 5 steps"]),
        (
            "es",
            "ui.history.undo_to",
            ["Deshacer 0 pasos", "Deshacer 1 paso", "Deshacer 2 pasos", "Deshacer 5 pasos"],
        ),
    ],
)
def test_plural_forms_read_as_said(lang, key, expected):
    assert [translate(key, lang, n=n) for n in (0, 1, 2, 5)] == expected


def test_agreement_with_one_player_and_with_several():
    one = translate("dragon.fx.mongol_weak", "en", helmets=0, players="Ben", n=1)
    two = translate("dragon.fx.mongol_weak", "en", helmets=0, players="Ana, Ben", n=2)
    assert one == "Fewest helmets (0): Ben releases one person"
    assert two == "Fewest helmets (0): Ana, Ben release one person each"
    assert translate("dragon.fx.mongol_weak", "es", helmets=0, players="Ben", n=1).endswith(
        "Ben libera a una persona"
    )


# The screens' own texts too (not only the games'): every Spanish catalogue text.
ENGLISH_ON_SCREENS = re.compile(
    r"\b(?:table|game|share|link|undo|redo|delete|settings|theme|import|export|scores|history|rules"
    r"|back|next|done|start|quick|file|entry|entries|you|your|tap)\b",
    re.IGNORECASE,
)


def test_no_english_word_in_any_spanish_text():
    """Exempt: the app's name (never translated) and a quoted JSON field name ("players")."""
    problems = []
    for key, value in load("es").messages.items():
        for form in [value] if isinstance(value, str) else value:
            text = re.sub(r"\{[^}]*\}|Table Companion|\"\w+\"", "", form)
            if ENGLISH_WORDS.search(text) or ENGLISH_ON_SCREENS.search(text):
                problems.append(f"{key}: {form}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_fireworks_count_of_one_reads_plural(lang):
    """Every catalogue text that counts fireworks with {n} agrees with a count of one."""
    problems = []
    for key, forms in load(lang).messages.items():
        other = forms if isinstance(forms, str) else forms[-1]
        if "{n}" not in other or not re.search(r"firework|fuego", other, re.IGNORECASE):
            continue
        args = {name: "x" for name in re.findall(r"{(\w+)", other)}
        text = translate(key, lang, **{**args, "n": 1})
        if ONE_PLURAL[lang].search(text) or re.search(r"\+1 fuegos", text):
            problems.append(f"{key}: {text!r}")
    assert not problems, "\n".join(problems)


# The app speaks to the one holding the phone with "tú": a vosotros or usted imperative read as
# another voice ("introducid cada trato y pulsad", issue 25, texts58).
OTHER_ADDRESS = re.compile(
    r"\b(?:introducid|pulsad|tocad|elegid|anotad|escribid|mirad|revisad|comprobad|corregid)\b"
    r"|(?:^|[:.¿¡] )(?:Pulse|Introduzca|Toque|Elija|Seleccione|Compruebe|Revise|Escriba|Corrija)\b"
)


def test_spanish_speaks_with_tu():
    said = load("es").messages
    found = [
        key
        for key, value in said.items()
        for form in ([value] if isinstance(value, str) else value)
        if OTHER_ADDRESS.search(form)
    ]
    assert found == []


@pytest.mark.parametrize(
    ("key", "args", "expected"),
    [
        # one other player hit as hard: the singular of "(otros 2 igual)", not "(1 más igual)"
        ("ui.glance.dragon.also_players", {"line": "Ana: −1 arroz", "n": 1}, "Ana: −1 arroz (otro igual)"),
        (
            "plays.score.under",
            {"name": "Ana", "score": "−5", "least": "0"},
            "La puntuación de Ana, −5, es menos de lo que cualquiera tiene al acabar este juego (como mínimo 0).",
        ),
        (
            "foresight.hindsight.line",
            {"player": "Ana", "vp": 3, "lost": "−1 arroz"},
            "Ana: +3\u00a0PV · −1 arroz",
        ),
        ("foresight.hindsight.line_kept", {"player": "Ana", "vp": 3}, "Ana: +3\u00a0PV, sin pérdidas"),
    ],
)
def test_spanish_reads_as_said_at_a_table(key, args, expected):
    assert translate(key, "es", **args) == expected


@pytest.mark.parametrize(
    ("key", "args", "expected"),
    [
        # an action button, as said across the table: not "Privilege: small for 2 yuan" (walk59)
        ("dragon.label.privilege", {"size": "small", "cost": 2}, "A small privilege for 2\u00a0yuan"),
        ("dragon.label.privilege", {"size": "large", "cost": 7}, "A large privilege for 7\u00a0yuan"),
        # a month's summary says the points as every other line does ("+3 VP"), not "VP +3"
        (
            "foresight.hindsight.line",
            {"player": "Ana", "vp": 3, "lost": "−1 rice"},
            "Ana: +3\u00a0VP · −1 rice",
        ),
        ("foresight.hindsight.line_kept", {"player": "Ana", "vp": 3}, "Ana: +3\u00a0VP, nothing lost"),
    ],
)
def test_english_reads_as_said_at_a_table(key, args, expected):
    assert translate(key, "en", **args) == expected
