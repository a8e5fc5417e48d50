"""Issue 16's screens: the rules search in players' words, a rule's card with its related rules
and clarifications, "for this moment" with the clarifications of the state, and the first-game
tips (once per kind, dismissible, off at any time)."""

from __future__ import annotations

import flet as ft
from dragon_helpers import play_until_clarification
from ui_testkit import new_hub, started

from companion.core import Table
from companion.lookup import answering, card, for_moment, search, teach_note
from companion.lookup.tips import table_tips
from companion.store import Store
from companion.store.teach_marks import TeachMarks
from companion.ui.in_view import scroll_key
from companion.ui.settings import PREFIX

ES = {PREFIX + "lang": "es"}


def result_ids(h) -> list[str]:
    return [
        c.key.removeprefix("rule-")
        for c in h.by_key("rules-results").controls
        if str(c.key).startswith("rule-")
    ]


def answers(question: str, game: str | None = None) -> list[str]:
    """The engine's rules that answer ``question``, best first, as the screen lists them before
    "Show more" (companion.lookup.answering)."""
    return [hit.rule_id for hit in answering(search(question, "es", game))[0]]


def bold_words(text_control: ft.Text) -> list[str]:
    return [
        s.text
        for s in text_control.spans or []
        if s.style is not None and s.style.weight == ft.FontWeight.BOLD
    ]


async def test_a_spanish_question_finds_the_rule_with_its_words_in_bold(tmp_path):
    question = "qué pasa si mis palacios están llenos"
    h = await started(new_hub(tmp_path), route="/rules", prefs=ES)
    assert h.has("rules-hint")  # nothing typed yet: how to ask
    await h.type_text("rules-search", question)
    expected = answers(question)
    assert result_ids(h) == expected  # the engine's ranking, best first
    assert expected[0] == "dragon.decision.full_palaces"
    top = h.by_key("rule-dragon.decision.full_palaces")
    assert top.content.controls[0].value == "Todos los palacios llenos"  # its title, never its id
    assert top.content.controls[1].value == "En el año del dragón"  # every game searched: which one
    assert "Decisión" in top.content.controls[2].value
    bold = bold_words(h.by_key("snippet-dragon.decision.full_palaces"))
    assert {"palacios", "llenos"} <= set(bold)
    snippet = "".join(s.text for s in h.by_key("snippet-dragon.decision.full_palaces").spans)
    assert snippet == search(question, "es")[0].snippet
    h.close()


async def test_weak_results_wait_behind_show_more_and_no_filler_is_bold(tmp_path):
    """Reported on a Dragon table (branch searchtail): "qué pasa si no tengo arroz en la sequía"
    listed ten rules, the third on scoring a sliver of the first, with "como" in bold in them.
    The drought comes alone; the rest wait behind a button, and none bolds "como"."""
    question = "qué pasa si no tengo arroz en la sequía"
    h = await started(new_hub(tmp_path), route="/rules", prefs=ES)
    await h.click("rules-game-dragon")
    await h.type_text("rules-search", question)
    assert result_ids(h) == ["dragon.event.drought"]
    assert h.by_key("rules-count").value == "1 regla"
    everything = [hit.rule_id for hit in search(question, "es", "dragon")]
    assert h.by_key("rules-more").content.value == f"Ver {len(everything) - 1} reglas más, que encajan menos"
    await h.click("rules-more")
    assert result_ids(h) == everything and not h.has("rules-more")
    for rid in everything:
        assert "como" not in {w.casefold() for w in bold_words(h.by_key(f"snippet-{rid}"))}, rid
    await h.type_text("rules-search", question + " ")  # another search: the weak ones wait again
    assert result_ids(h) == ["dragon.event.drought"] and h.has("rules-more")
    h.close()


async def test_the_misses_reported_in_december_lead_on_the_spanish_rules_screen(tmp_path):
    # Reported 2026-12-06 (tests/lookup_bank.py, REPORTED): the screen shows the engine's answer.
    h = await started(new_hub(tmp_path), route="/rules", prefs=ES)
    await h.click("rules-game-dragon")
    for question, first in (
        ("cuantas personas puedo tener en un palacio", "dragon.palace.capacity"),
        # the festival costs nothing: the event that costs money is the one the player means
        ("¿qué pasa si no puedo pagar el festival?", "dragon.event.tribute"),
    ):
        await h.type_text("rules-search", question)
        shown = result_ids(h)
        assert shown == answers(question, "dragon")
        assert shown[0] == first, (question, shown)
    # the festival the question names is listed too (after the rules about not being able to pay)
    assert "dragon.event.festival" in shown[:5]
    assert h.by_key(f"rule-{first}").content.controls[0].value == "Tributo imperial"
    h.close()


async def test_the_game_filter_keeps_to_one_game(tmp_path):
    h = await started(new_hub(tmp_path), route="/rules")
    await h.type_text("rules-search", "who gets the money from a shop on a building that was traded")
    everywhere = result_ids(h)
    await h.click("rules-game-dragon")
    only_dragon = result_ids(h)
    assert only_dragon and all(r.split(".")[0] in ("dragon", "core") for r in only_dragon)
    await h.click("rules-game-chinatown")
    assert result_ids(h)[0].startswith("chinatown.")
    assert set(result_ids(h)) != set(only_dragon) and everywhere
    await h.type_text("rules-search", "zzzz xqxqxq")
    assert '"zzzz xqxqxq"' in h.by_key("rules-none").value
    h.close()


async def test_opening_a_result_shows_related_rules_examples_and_clarifications(tmp_path):
    h = await started(new_hub(tmp_path), route="/rules", prefs=ES)
    await h.type_text("rules-search", "palacios llenos")
    await h.click("rule-dragon.decision.full_palaces")
    assert h.open_dialogs() == ["rule-dialog"]
    full = card("dragon.decision.full_palaces", "es")
    assert h.by_key("rule-dialog-text").value == full.text
    assert h.has("rule-dialog-status")  # a reading the project had to decide
    assert h.by_key("rule-example-0").value == full.examples[0]
    for q in full.clarifications:
        assert h.by_key(f"rule-q-{q.id}-question").value == q.question
        assert h.has(f"rule-q-{q.id}-decided") == q.decided
    assert h.by_key(f"rule-q-{full.clarifications[0].id}-decided").value == "lectura del proyecto"
    related = [k.removeprefix("rule-related-") for k in h.keys("rule-related-")]
    assert related == list(full.related)
    chip = h.by_key("rule-related-dragon.palace.capacity")
    assert chip.content.content.value == "Sitio en los palacios"  # by title, on its pill
    await h.click("rule-related-dragon.palace.capacity")  # a related rule opens in its place
    assert h.open_dialogs() == ["rule-dialog"]
    assert h.by_key("rule-dialog-text").value == card("dragon.palace.capacity", "es").text
    assert h.has("rule-related-dragon.decision.full_palaces")  # and links back
    h.close()


def _table_with_a_clarification(hub) -> Table:
    """A real Dragon table played at random until its state has a clarification that applies."""
    return play_until_clarification(hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"])), lang="es")


async def test_for_this_moment_puts_the_question_first_then_what_applies_now(tmp_path):
    hub = new_hub(tmp_path)
    table = _table_with_a_clarification(hub)
    m = for_moment(table, "es")
    h = await started(hub, route=f"/table/{table.id}/rules", prefs=ES)
    order = [c.key for c in h.by_key("moment").content.controls if c.key]
    asked = [f"moment-{r}" for r in table.prompt.rule_ids]
    applies = [f"applies-{c.id}" for c in m.clarifications]
    assert order[: len(asked)] == asked  # the question's own rules first
    assert order[len(asked)] == "applies-now"
    assert order[len(asked) + 1 : len(asked) + 1 + len(applies)] == applies
    for c in m.clarifications:
        assert h.by_key(f"applies-{c.id}-question").value == c.question
    others = [r.rule_id for r in m.rules if r.rule_id not in table.prompt.rule_ids]
    assert [k.removeprefix("also-") for k in order if k.startswith("also-")] == others
    await h.click(f"also-{others[0]}")
    assert h.open_dialogs() == ["rule-dialog"]
    assert h.by_key("rule-dialog-text").value == card(others[0], "es").text
    h.close()


# ---- teach as you play ---------------------------------------------------------------------
async def _new_first_game(h) -> None:
    await h.click("new-table")
    await h.click("game-dragon")
    await h.click("setup-teach-on")
    await h.click("setup-start")


async def _tap(h, table) -> None:
    """One tap that answers the question: let the app deal, or the first choice."""
    if table.prompt.auto:
        await h.click("auto")
    else:
        await h.click(sorted(h.keys("choice-"), key=lambda k: int(k.split("-")[1]))[0])


def _expected(table, seen: set[str]) -> tuple[str, list[str]] | None:
    """What the teach card should say on this screen, worked out from the tips and notes on
    their own: the tips with numbers not shown yet (two at most), else the question's note the
    first time its kind comes, else nothing; ``seen`` gains what is shown."""
    fresh = [t for t in table_tips(table) if t.mark not in seen][:2]
    if fresh:
        seen.update(t.mark for t in fresh)
        return "numbers", [t.msg.render("en") for t in fresh]
    kind = table.prompt.kind
    note = teach_note("dragon", kind, "en")
    if note is None or kind in seen:
        return None
    seen.add(kind)
    return "note", list(note.lines)


async def test_first_game_tips_come_once_each_with_the_tables_numbers(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await _new_first_game(h)
    [info] = hub.store.list()
    table = hub.get(info.id)
    seen: set[str] = set()
    shown = {"numbers": 0, "note": 0, "nothing": 0}
    for tap in range(81):  # 80 taps; each screen, the one after the last tap too, is looked at
        want = _expected(table, seen)
        assert h.has("teach") == (want is not None), (table.prompt.kind, want)
        if want is None:
            shown["nothing"] += 1
        else:
            source, lines = want
            assert [h.by_key(f"teach-line-{i}").value for i in range(len(lines))] == lines
            shown[source] += 1
        if tap < 80:
            await _tap(h, table)
    assert min(shown.values()) >= 3, shown
    assert TeachMarks(hub.store).get(table.id).shown == frozenset(seen)
    h.close()


async def test_a_tip_with_numbers_links_the_rule_it_rests_on(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub, prefs=ES)
    await _new_first_game(h)
    table = hub.get(hub.store.list()[0].id)
    while table.prompt.kind != "group":  # the first action group to choose: where am I in the order?
        if h.has("teach"):
            await h.click("teach-dismiss")
        await _tap(h, table)
    [tip] = [t for t in table_tips(table) if t.kind == "dragon.tip.order"]
    position = table.state.order.index(table.prompt.seat) + 1
    assert h.by_key("teach-line-0").value == tip.msg.render("es")
    assert f"en el turno {position} de {len(table.players)} " in h.by_key("teach-line-0").value
    await h.click("teach-rule")
    assert h.by_key("rule-dialog-text").value == card("dragon.track.order", "es").text
    h.close()


async def test_a_tip_links_its_rule_and_can_be_dismissed_or_turned_off(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub, prefs=ES)
    await _new_first_game(h)
    table = hub.get(hub.store.list()[0].id)
    note = teach_note("dragon", table.prompt.kind, "es")
    assert h.by_key("teach-line-0").value == note.lines[0]
    await h.click("teach-rule")
    assert h.by_key("rule-dialog-text").value == card(note.rule_id, "es").text
    await h.click("rule-dialog-close")
    await h.click("teach-dismiss")
    assert not h.has("teach")
    await h.goto(f"/table/{table.id}")  # the same question again: dismissed stays dismissed
    assert not h.has("teach")
    await _tap(h, table)
    while not h.has("teach"):  # the next kind with a tip
        await _tap(h, table)
    await h.click("teach-off")
    assert not h.has("teach") and not TeachMarks(hub.store).get(table.id).enabled
    for _ in range(15):  # off: no tip for any kind, new or not
        await _tap(h, table)
        assert not h.has("teach")
    # on again from the table's Rules screen; a new session of the same store agrees
    await h.goto(f"/table/{table.id}/rules")
    assert h.by_key("teach-switch").value is False
    assert h.by_key("teach-shown").value.startswith("Ya se han explicado 2")
    await h.select("teach-switch", True)
    assert TeachMarks(Store(hub.store.path)).get(table.id).enabled
    h.close()


async def test_a_table_without_first_game_shows_no_tips_and_its_marks_go_with_it(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await h.click("new-table")
    await h.click("game-dragon")
    await h.click("setup-start")
    table = hub.get(hub.store.list()[0].id)
    assert not h.has("teach")
    marks = TeachMarks(hub.store)
    marks.set_enabled(table.id, True)
    marks.mark_shown(table.id, "event_row")
    hub.delete(table.id)
    assert marks.get(table.id).enabled is False and not marks.get(table.id).shown
    h.close()


async def test_tips_that_cannot_be_saved_never_stop_the_game(tmp_path, monkeypatch):
    """A store that refuses writes (read-only folder, disk full): the question and its tip still
    show, and turning the tips off says why it did not stick."""
    from companion.store import StoreError

    def refuse(*_args, **_kwargs):
        raise StoreError("sec-input.store.read_only", path=str(tmp_path))

    hub = new_hub(tmp_path)
    h = await started(hub)
    await _new_first_game(h)
    table = hub.get(hub.store.list()[0].id)
    await _tap(h, table)
    monkeypatch.setattr(TeachMarks, "mark_shown", refuse)
    monkeypatch.setattr(TeachMarks, "set_enabled", refuse)
    while not h.has("teach"):  # the next kind with a tip, drawn although it cannot be saved
        await _tap(h, table)
    assert h.has("prompt") and not h.has("missing")
    await h.click("teach-off")
    assert h.has("error") and "read" in h.by_key("error").value.lower()
    h.close()


def _left_of_the_tip(h) -> list[object]:
    """What the question's card still holds of the tip: the controls its part draws."""
    return [
        c for c in h.controls() if str(getattr(c, "key", "")).startswith("teach") and c.key != "teach-part"
    ]


async def test_a_dismissed_or_switched_off_tip_leaves_nothing_in_the_question(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await _new_first_game(h)
    table = hub.get(hub.store.list()[0].id)
    assert h.has("teach")
    await h.click("teach-dismiss")
    assert _left_of_the_tip(h) == []  # not even an invisible stand-in until the next redraw
    assert h.has("prompt")  # the question itself stays
    await _tap(h, table)
    while not h.has("teach"):  # the next kind with a tip
        await _tap(h, table)
    await h.click("teach-off")
    assert _left_of_the_tip(h) == []
    h.close()


async def test_a_search_answered_late_never_writes_the_field_back(tmp_path):
    """The browser holds newer letters than the change a redraw answers (a question typed fast):
    the redraw sends the field no value, so the letters typed since stay, and the next change
    brings the results up to the whole question."""
    from companion.ui.views.rules import RulesQuery

    h = await started(new_hub(tmp_path), route="/rules", prefs=ES)
    field = h.by_key("rules-search")
    asked = h.session.store.get("companion.app").drafts.keep(RulesQuery)
    h.session.apply_patch(field._i, {"value": "sequía"})  # the browser's field, as it arrives
    h.conn.messages.clear()
    asked.ask("sequ")  # the change for "sequ", answered after the browser sent "sequía"
    await h.flush()
    assert h.by_key("rules-search").value == "sequía"
    assert "'value'" not in "".join(str(m.body) for m in h.conn.messages)  # nothing written back
    await h.type_text("rules-search", "sequía")
    assert result_ids(h) == answers("sequía")
    h.close()


async def results_laid_out(h) -> None:
    """What the browser says once it has laid the results out: their size."""
    await h.fire("rules-results", "size_change", {"w": 380.0, "h": 400.0})


async def test_a_tables_search_moves_up_as_its_results_are_laid_out_not_each_letter(tmp_path):
    """A scroll a letter was an animation and a reply from the browser each: a question typed fast
    went past the connection's budget at a table. The field moves up when the browser says the
    results were laid out at a new size while a search is typed; a letter that changes nothing
    on the page sends nothing, nor does a size change with the field empty."""
    from test_quick_result_in_view import scrolls

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    h = await started(hub, route=f"/table/{table.id}/rules", prefs=ES)
    await results_laid_out(h)  # the hint, as the screen opens: no search yet
    question = "sequía"
    for n in range(1, len(question) + 1):
        await h.type_text("rules-search", question[:n])
    assert scrolls(h) == []  # letters alone: no scroll
    await results_laid_out(h)
    assert [m.get("scroll_key") for m in scrolls(h)] == ["rules-search-top"]
    await h.type_text("rules-search", "")
    await results_laid_out(h)
    assert len(scrolls(h)) == 1  # an empty field stays where it is
    h.close()


async def test_a_tables_rules_search_asks_an_example_about_its_own_game(tmp_path):
    # Walkthrough 2026-12-06: a Chinatown table's Rules tab said "what if my palaces are full?",
    # a question about In the Year of the Dragon. Each game's hint asks about that game, and the
    # question it quotes finds one of that game's rules first.
    import re

    from companion.i18n import translate

    hub = new_hub(tmp_path)
    players = ["Ana", "Ben", "Carla"]
    for game, first in (("chinatown", "chinatown.income"), ("dayu", "dayu.capture"), ("dragon", None)):
        table = hub.create(Table.new(game, players))
        for lang, prefs in (("en", None), ("es", ES)):
            h = await started(hub, route=f"/table/{table.id}/rules", prefs=prefs)
            hint = h.by_key("rules-hint").value
            h.close()
            if first is None:  # Dragon keeps the palaces' question
                assert hint == translate("ui.rules.hint", lang)
                continue
            assert hint != translate("ui.rules.hint", lang), (game, lang)
            question = re.search(r"[\"«](.+)[\"»]", hint).group(1)
            assert search(question, lang, game)[0].rule_id == first, (game, lang, question)


async def test_every_result_is_as_wide_as_the_screen(tmp_path):
    """A short rule's tile ("Drought: each player pays 1 rice per inhabited palace") shrank to
    its text, narrower than the tiles around it: the results' column stretches each one, on
    /rules and on a table's Rules screen."""
    hub = new_hub(tmp_path)
    table = hub.store.create(Table.new("dragon", ["Ana", "Ben"]))
    for route in ("/rules", f"/table/{table.id}/rules"):
        h = await started(hub, route=route)
        await h.type_text("rules-search", "how much rice does a drought take")
        column = h.by_key("rules-results")
        assert len(result_ids(h)) > 1, route
        assert column.horizontal_alignment == ft.CrossAxisAlignment.STRETCH, route
        h.close()


async def test_a_rules_card_is_read_out_by_a_screen_reader(tmp_path):
    """The card's rule and its answers to questions people ask are selectable text, which
    reaches a screen reader as a text area: unnamed, it read nothing (Chromium at 412 px: two
    empty text areas in the drought's card, and the rule itself never said)."""
    h = await started(new_hub(tmp_path), route="/rules", prefs=ES)
    await h.type_text("rules-search", "cuánto arroz quita la sequía")
    await h.click("rule-dragon.event.drought")
    assert h.open_dialogs() == ["rule-dialog"]
    chosen = [c for c in h.controls() if isinstance(c, ft.Text) and c.selectable]
    assert len(chosen) >= 2  # the rule and an answer
    assert all(c.semantics_label and c.semantics_label == c.value for c in chosen)
    assert h.by_key("rule-dialog-text").semantics_label == card("dragon.event.drought", "es").text
    h.close()


async def test_a_tables_search_scrolled_to_the_top_keeps_its_label_whole(tmp_path):
    """Walkthrough walk57: typed at a table, the search moved its field to the top of the screen,
    and the field's label ("Buscar en las reglas"), which floats over the field's top border,
    was cut in half there. What the screen scrolls to holds room above the field for it."""
    from companion.ui.views.rules import LABEL_ROOM, SEARCH_TOP

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    h = await started(hub, route=f"/table/{table.id}/rules", prefs=ES)
    field = h.by_key("rules-search")
    room = field.parent
    assert isinstance(room, ft.Container) and room.padding.top == LABEL_ROOM >= 8
    assert room.parent.key == scroll_key(SEARCH_TOP)  # the block scrolled to starts with the room
    h.close()
