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
