"""An effect line's text takes the whole width; its rule is a link at the end of that text
(History and the Play screen's "Last:" card at 412 px: a titled button beside the text took up
to half the width, and a Chinatown year's income lines wrapped to three lines and more)."""

import random

import flet as ft
from random_play import play_until
from ui_testkit import new_hub, started

from companion.core import Table
from companion.core.rulebook import rule
from companion.ui.settings import PREFIX

NAMES = ["Ana", "Ben", "Carla", "Dai"]


def income_table(hub) -> Table:
    """A Chinatown table whose last entry paid a year's income (a line per business)."""
    table = hub.create(Table.new("chinatown", NAMES))
    return play_until(
        table,
        random.Random(3),
        lambda t: (
            t.last is not None and sum(f.rule_id.startswith("chinatown.income") for f in t.last[2]) >= 4
        ),
    )


def check_line(h, key: str, rule_id: str, lang: str) -> None:
    """The line at ``key``: a dot perhaps, then one text over the rest of the width, which ends
    with the rule's title as a tappable span named "Read the rule: <title>"; nothing beside it."""
    line = h.by_key(key)
    assert isinstance(line, ft.Row), key
    *dots, text = line.controls
    assert len(dots) <= 1 and isinstance(text, ft.Text), (key, line.controls)
    assert text.expand or text.key.endswith("-rule-only"), key  # the text gets the width left
    (span,) = text.spans
    title = rule(rule_id, lang).title
    assert span.text.strip().replace("\u00a0", " ") == title, (span.text, title)
    assert span.on_click is not None and span.key == f"{key}-rule"
    reader = {"en": "Read the rule: ", "es": "Leer la regla: "}[lang]
    assert span.semantics_label == reader + title, span.semantics_label


async def test_history_income_lines_end_with_their_rule(tmp_path):
    hub = new_hub(tmp_path)
    table = income_table(hub)
    i, _, effects = table.last
    for lang in ("en", "es"):
        h = await started(hub, route=f"/table/{table.id}/history", prefs={PREFIX + "lang": lang})
        lines = [k for k in range(len(effects)) if h.has(f"entry-{i}-fx-{k}")]
        assert len(lines) == len(effects)
        for k in lines:
            check_line(h, f"entry-{i}-fx-{k}", effects[k].rule_id, lang)
        # no button or icon beside any line of the entry: the span is the only link
        buttons = [c for c in h.controls() if isinstance(c, ft.TextButton | ft.IconButton)]
        assert not [c for c in buttons if str(c.key).startswith(f"entry-{i}-fx-")]
        # a tap on the link opens that rule, as the button did
        await h.click(f"entry-{i}-fx-0-rule")
        assert h.has("rule-dialog")
        h.close()


async def test_the_play_screens_last_card_links_each_line_in_the_text(tmp_path):
    hub = new_hub(tmp_path)
    table = income_table(hub)
    _, _, effects = table.last
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": "en"})
    shown = [k for k in range(len(effects)) if h.has(f"why-{k}")]
    assert shown
    for k in shown:
        check_line(h, f"why-{k}", effects[k].rule_id, "en")
    await h.click(f"why-{shown[-1]}-rule")
    assert h.has("rule-dialog")
    h.close()
