"""Every rule id the Da Yu engine cites, and every message it uses, exists in English and Spanish."""

from __future__ import annotations

import random
import re
from pathlib import Path

from dayu_helpers import play_random

from companion.core import Table
from companion.core.rulebook import rules
from companion.i18n import catalog

SOURCE = Path(__file__).resolve().parents[2] / "companion" / "games" / "dayu"
LITERAL = re.compile(r'"(dayu\.[a-z_]+(?:\.[a-z_]+)*)"')


def cited_rule_ids() -> set[str]:
    """Every "dayu.x.y" literal in the engine that is not a message key is a rule id it cites."""
    keys = catalog("en")
    found = set()
    for path in SOURCE.glob("*.py"):
        found |= {lit for lit in LITERAL.findall(path.read_text(encoding="utf-8")) if lit not in keys}
    return found


def test_every_cited_rule_id_exists_in_both_languages() -> None:
    ids = cited_rule_ids() | {f"dayu.flood.{k}" for k in ("free_move", "free_flip", "free_tool", "exchange")}
    assert len(ids) > 20
    for lang in ("en", "es"):
        missing = ids - set(rules("dayu", lang))
        assert not missing, (lang, missing)
    assert set(rules("dayu", "en")) == set(rules("dayu", "es"))
    statuses = {r.status for r in rules("dayu", "en").values()}
    assert statuses == {"official", "decision"}
    # the app's readings (an empty flood pile, markers on a refilled place, a drain taken back)
    for lang, word in (("en", "Decision: "), ("es", "Decisión: ")):
        for rid in ("dayu.capture.refill", "dayu.drain.fit", "dayu.move.gap", "dayu.capture.markers"):
            assert rules("dayu", lang)[rid].status == "decision" and word in rules("dayu", lang)[rid].text


def test_a_played_game_renders_every_text_in_both_languages() -> None:
    table = Table.new("dayu", ["Ana", "Ben", "Cy", "Di"], {"opening": "chosen"})
    play_random(table, random.Random(11))
    en, es = catalog("en"), catalog("es")
    for _, _entry, effects in table.history:
        for fx in effects:
            assert fx.rule_id in rules("dayu", "en") or fx.rule_id.startswith("core.")
            for lang in ("en", "es"):
                text = fx.msg.render(lang)
                assert "dayu." not in text and "{" not in text, text
    assert all(key in es for key in en if key.startswith("dayu."))
    for lang in ("en", "es"):
        assert "{" not in table.banner.render(lang)
        for row in table.scoreboard.rows:
            assert all("{" not in line.label.render(lang) for line in row.breakdown)


def test_the_tools_question_says_the_room_left_in_words_that_agree_with_one() -> None:
    """The drain's question ends with the room on the card: "caben 1" (room for 1) broke the
    agreement in Spanish; "hay sitio para 1" agrees with every number."""
    rng = random.Random(13)
    table = Table.new("dayu", ["Ana", "Ben", "Carla"])
    rooms: set[int] = set()
    while table.prompt is not None and rooms != {1, 2, 3}:
        p = table.prompt
        if p.kind == "drain_tools":
            room = p.msg.args["room"]
            rooms.add(room)
            assert p.msg.render("es").endswith(f"; hay sitio para {room})")
            assert p.msg.render("en").endswith(f"; room for {room})")
        table.auto(rng) if p.auto else table.submit(rng.choice(p.choices))
    assert 1 in rooms  # the game this test needs
