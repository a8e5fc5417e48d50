"""Every message the engine shows exists in English and Spanish, and every rule it cites exists."""

import random
import re
from pathlib import Path

from chinatown_helpers import new_table, play_random

import companion.games.chinatown as pkg
from companion.core.rulebook import rule, rules
from companion.i18n import catalog

ROOT = Path(pkg.__file__).resolve().parents[3]


def _catalog(lang):
    return {k: v for k, v in catalog(lang).items() if k.startswith("chinatown.")}


def test_catalogues_have_the_same_keys_and_placeholders():
    en, es = _catalog("en"), _catalog("es")
    assert set(en) == set(es)
    for key in en:
        assert set(re.findall(r"{(\w+)", en[key])) == set(re.findall(r"{(\w+)", es[key])), key


def test_rule_files_have_the_same_ids():
    assert set(rules("chinatown", "en")) == set(rules("chinatown", "es"))


def test_rule_ids_in_the_source_exist():
    source = "\n".join(p.read_text(encoding="utf-8") for p in Path(pkg.__file__).parent.glob("*.py"))
    cited = set(
        re.findall(
            r'"(chinatown\.(?:setup|year|buildings|tiles|trade|place|income|end|money)'
            r'(?:\.[a-z_]+)*)"',
            source,
        )
    )
    assert cited, "the pattern must find the cited rules"
    for rule_id in cited:
        assert rule(rule_id) is not None and rule(rule_id, "es") is not None, rule_id


def test_a_whole_game_renders_in_both_languages():
    table = new_table(5)
    seen = []

    def collect(t):
        if t.prompt is not None:
            seen.append(t.prompt.msg)
        seen.append(t.banner)

    play_random(table, random.Random(11), trades=3, on_step=collect)
    for _, entry, effects in table.history:
        seen.append(table.game.describe(table.state, entry))
        for fx in effects:
            seen.append(fx.msg)
            assert rule(fx.rule_id) is not None and rule(fx.rule_id, "es") is not None, fx.rule_id
    seen += [line.label for row in table.scoreboard.rows for line in row.breakdown]
    for m in seen:
        for lang in ("en", "es"):
            text = m.render(lang)
            assert "chinatown." not in text and "{" not in text, (m.key, text)


def test_the_games_page_says_trading_as_the_rules_do():
    """Issue 25: docs/games/chinatown.md kept an older wording of trading ("A building takes its
    shop with it", no word of turns or of $10,000 bills) after the rules text was brought to
    players' words. Its trades step says each point of the rules' own sentences."""
    page = (ROOT / "docs" / "games" / "chinatown.md").read_text(encoding="utf-8")
    [step] = [line for line in page.splitlines() if line.lstrip().startswith("- **Trades.**")]
    ids = ("chinatown.trade", "chinatown.trade.holdings", "chinatown.trade.money")
    said = " ".join(rule(r, "en").text for r in ids)
    for point in (
        "negotiate at once, with no turns",
        "shop tiles not yet placed and money among any number of players; gifts are allowed",
        "a building they do not own, a tile they do not hold, or more money than they have",
        "Placed shop tiles cannot be traded on their own",
        "changes hands empty, or together with any shop standing on it",
        "bills of $10,000, $50,000, $100,000 and $200,000",
        "a multiple of $10,000",
    ):
        assert point in said, point  # a point of the rules as they stand
        assert point.lower() in step.lower(), point


# "Factory 38-41 (2/6)", the rulebook's notation for two buildings of one business, read as a
# range of buildings, 38 to 41 (39 and 40 were another player's): a business's buildings are
# said as a list, in the reader's language, wherever one is written.
def test_a_business_names_its_buildings_as_a_list_never_a_range():
    from companion.core import msg
    from companion.games.chinatown.text import business_msg, business_short, income_msg

    tea = business_msg("tea_house", (16, 17, 19), 3, True, 50_000)
    pair = business_msg("factory", (38, 41), 2, False, 20_000)
    assert tea.render("en") == "+\u2060$50,000: Tea House 16, 17, and 19, complete (3/3)"
    assert tea.render("es") == "+50.000\xa0$: Casa de té en 16, 17 y 19, negocio completo (3/3)"
    assert business_short(pair).render("en") == "Factory 38 and 41 (2/6)"
    assert business_short(pair).render("es") == "Fábrica en 38 y 41 (2/6)"
    assert (
        income_msg("Ana", pair).render("en") == "Ana: +\u2060$20,000 from Factory 38 and 41, incomplete (2/6)"
    )
    split = msg(
        "foresight.chinatown.change.splits",
        shop=msg("chinatown.shop.factory"),
        before="38-41-42",
        after="38-41 + 50",
        income_before=0,
        income_after=0,
        max=6,
    )
    assert "Factory 38, 41, and 42 becomes 38 and 41 + 50" in split.render("en")


def test_no_text_of_a_whole_game_writes_buildings_as_a_range():
    from random_play import play_to_end

    from companion.core import Table

    table = Table.new("chinatown", ["Ana", "Ben", "Carla"])
    seen = []

    def collect(t):
        if t.prompt is not None:
            seen.append(t.prompt.msg)
            seen.extend(t.game.describe(t.state, c) for c in (t.prompt.choices or [])[:40])

    play_to_end(table, random.Random(3), collect)  # Carla's Laundry 39 and 42, Ana's Factory 38 and 41
    seen += [fx.msg for _, _, effects in table.history for fx in effects]
    joined = [
        m for m in seen if any(isinstance(v, str) and re.fullmatch(r"\d+(-\d+)+", v) for v in m.args.values())
    ]
    assert len(joined) >= 2  # businesses of two buildings or more
    for m in seen:
        for lang in ("en", "es"):
            assert not re.search(r"\b\d+-\d+\b", m.render(lang)), m.render(lang)
