"""Issue 31's screens through the headless harness on a real store: a player's page opened from
Players, the records on the statistics screen (a tap opens the play), the month chart, the
period filter, and a play's location set in Edit."""

from __future__ import annotations

import re

import flet as ft
import flet_charts as fc
import pytest
from plays_insights_helpers import make_play
from ui_testkit import new_hub, started

from companion.i18n import translate


@pytest.fixture
def hub(tmp_path):
    hub = new_hub(tmp_path)
    store = hub.store
    ana, ben = store.create_player("Ana").id, store.create_player("Ben").id
    # Ana wins the first three (January to March), Ben the last two (April, May, at the club)
    for i, (a, b) in enumerate([(30, 20), (31, 20), (25, 24), (10, 20), (12, 20)]):
        store.restore_play(
            make_play(
                "dayu",
                f"2026-0{i + 1}-10T20:00:00+00:00",
                [("Ana", ana, a), ("Ben", ben, b)],
                seconds=600 * (i + 1),
                play_id=f"p{i}",
            )
        )
        if i >= 3:
            store.set_play_location(f"p{i}", "Club")
    hub.ids = {"Ana": ana, "Ben": ben}
    return hub


async def test_a_tap_on_a_player_opens_their_page(hub):
    ana = hub.ids["Ana"]
    h = await started(hub, "/players")
    await h.click(f"player-open-{ana}")
    assert h.route() == f"/player/{ana}"
    assert h.by_key("player-page-head").value == "Ana: played 5, won 3 (60%)"
    assert (
        h.by_key("player-streaks").value == "Longest winning streak: 3. Now: 2 plays in a row without a win"
    )
    assert (
        h.by_key("player-rival").value.startswith("Rival")
        and "Ben, 5 plays" in h.by_key("player-rival").value
    )
    assert "Ben" in h.by_key("player-nemesis").value
    assert h.has(f"player-h2h-{hub.ids['Ben']}")
    assert h.has("record-dayu-high_win")  # Ana's 31 in February
    # the period filter: from April only Ben won
    await h.type_text("player-page-since", "2026-04-01")
    await h.fire("player-page-since", "blur")
    assert h.by_key("player-page-head").value == "Ana: played 2, won 0 (0%)"
    await h.type_text("player-page-since", "April")
    await h.fire("player-page-since", "blur")
    assert h.has("player-page-bad-date")
    h.close()


async def test_records_open_their_play_and_the_month_chart_shows_each_month(hub):
    h = await started(hub, "/stats/dayu")
    record = h.by_key("record-dayu-high_win")
    assert "31" in record.title.value and "Ana" in record.subtitle.value
    await h.click("record-dayu-high_win")
    assert h.has("play-p1")  # the play it came from, in a dialog
    chart = h.by_key("stats-month-chart")
    assert isinstance(chart, fc.LineChart)
    assert [p.y for p in chart.data_series[0].points] == [25.0, 25.5, 24.5, 15.0, 16.0]
    assert h.by_key("stats-month-2026-04").value.startswith("Apr 2026: 1 play")
    h.close()


async def test_statistics_in_spanish_with_a_location_filter(hub):
    prefs = {"table_companion.lang": "es"}
    h = await started(hub, "/stats/dayu", prefs=prefs)
    await h.type_text("stats-location", "club")
    await h.fire("stats-location", "blur")
    assert h.by_key("stats-plays").value == "2 partidas"
    assert "Puntuación ganadora más alta: 20" in h.by_key("record-dayu-high_win").title.value
    assert (
        h.by_key("stats-month-2026-05").value == "May 2026: 1 partida, media 16\u00a0PV, victorias 50\u00a0%"
    )
    h.close()


async def test_a_location_is_set_in_edit_and_offered_again(hub):
    h = await started(hub, "/plays")
    await h.click("play-edit-p0")
    assert h.has("edit-place-0")  # "Club", remembered
    await h.type_text("edit-location", "Casa de Ana")
    await h.click("play-edit-save")
    assert hub.store.play("p0").location == "Casa de Ana"
    assert "Played at Casa de Ana" in h.by_key("play-p0-location").value
    await h.click("play-edit-p1")
    await h.click("edit-place-0")  # the latest used: Casa de Ana
    await h.click("play-edit-save")
    assert hub.store.play("p1").location == "Casa de Ana"
    h.close()


async def test_dragon_statistics_split_by_expansions(tmp_path):
    hub = new_hub(tmp_path)
    store = hub.store
    ana = store.create_player("Ana").id
    for i, wall in enumerate([False, True, True]):
        store.restore_play(
            make_play(
                "dragon",
                f"2026-02-0{i + 1}T20:00:00+00:00",
                [("Ana", ana, 40 + i), ("Bo", None, 30)],
                options={"great_wall": wall, "super_events": False},
            )
        )
    h = await started(hub, "/stats/dragon")
    assert h.by_key("stats-expansion-base").value == "Base game: 1 game, average 35\u00a0VP"
    assert (
        h.by_key("stats-expansion-great_wall").value
        == "The Great Wall (expansion): 2 games, average 35.8\u00a0VP"
    )  # (41 + 30 + 42 + 30) / 4
    await h.select("stats-player", ana)
    assert h.by_key("stats-expansion-great_wall").value.endswith("won 2 (100%)")
    # a game never played with an expansion shows no split
    await h.click("stats-game-dayu")
    assert not h.has("stats-expansions")
    h.close()


@pytest.mark.parametrize(
    "lang,unsaid,base",
    [
        ("en", "Expansions not said: 2 games", "Base game: 1 game"),
        ("es", "Expansiones sin indicar: 2 partidas", "Juego base: 1 partida"),
    ],
)
async def test_plays_whose_expansions_were_never_said_are_their_own_split(tmp_path, lang, unsaid, base):
    """A play brought in from BGG or BG Stats says no expansions: it was counted as the base game."""
    hub = new_hub(tmp_path)
    said = {"great_wall": False, "super_events": False}
    for i, options in enumerate([said, {}, {}]):
        hub.store.restore_play(
            make_play(
                "dragon",
                f"2026-02-0{i + 1}T20:00:00+00:00",
                [("Ana", None, 40), ("Bo", None, 30)],
                options=options,
            )
        )
    h = await started(hub, "/stats/dragon", prefs={"table_companion.lang": lang})
    assert h.by_key("stats-expansion-base").value.startswith(base + ",")
    assert h.by_key("stats-expansion-unsaid").value.startswith(unsaid + ",")
    assert h.keys("stats-expansion-")[-1] == "stats-expansion-unsaid"  # after the expansions said
    h.close()


@pytest.mark.parametrize(
    "lang,two,one",
    [
        ("en", "Replay score of the group: 2 (2 games", "Replay score of the group: 1 (1 game played"),
        (
            "es",
            "Índice de repetición del grupo: 2 (2 juegos",
            "Índice de repetición del grupo: 1 (1 juego jugado",
        ),
    ],
)
async def test_the_statistics_screen_shows_the_groups_h_index(tmp_path, lang, two, one):
    """Da Yu played 3 times, the Dragon twice, Chinatown once: h = 2; from March each game once: h = 1."""
    hub = new_hub(tmp_path)
    ana = hub.store.create_player("Ana").id
    games = [("dayu", 1), ("dayu", 2), ("dayu", 3), ("dragon", 2), ("dragon", 3), ("chinatown", 3)]
    for game, month in games:
        seats = [("Ana", ana, 30), ("Bo", None, 20)] + ([("Cy", None, 10)] if game == "chinatown" else [])
        hub.store.restore_play(make_play(game, f"2026-0{month}-10T20:00:00+00:00", seats))
    h = await started(hub, "/stats/dragon", prefs={"table_companion.lang": lang})
    assert h.by_key("stats-h-index").value.startswith(two)
    await h.type_text("stats-since", "2026-03-01")
    await h.fire("stats-since", "blur")
    assert h.by_key("stats-h-index").value.startswith(one)
    h.close()


async def test_a_players_win_rate_by_month_is_a_chart_of_its_own(hub):
    h = await started(hub, "/stats/dayu")
    assert not h.has("stats-wins-chart")  # the group's: one seat in two, every month
    await h.select("stats-player", hub.ids["Ben"])
    chart = h.by_key("stats-wins-chart")
    # Ben won April and May, lost January to March (the fixture's plays)
    assert [p.y for p in chart.data_series[0].points] == [0.0, 0.0, 0.0, 100.0, 100.0]
    assert chart.data_series[0].points[3].tooltip == "Apr 2026: won 100% of 1 play"
    h.close()


async def test_win_rate_over_time_is_a_chart_of_its_own_with_a_line_per_player(hub):
    ana, ben = hub.ids["Ana"], hub.ids["Ben"]
    h = await started(hub, "/stats/dayu")
    chart = h.by_key("stats-trend-chart")
    assert isinstance(chart, fc.LineChart)
    # Ana won January to March, Ben April and May: their share of wins so far, month by month
    assert [[p.y for p in s.points] for s in chart.data_series] == [
        [100.0, 100.0, 100.0, 75.0, 60.0],
        [0.0, 0.0, 0.0, 25.0, 40.0],
    ]
    assert [p.x for p in chart.data_series[1].points] == [0, 1, 2, 3, 4]
    assert chart.data_series[0].points[4].tooltip == "Ana, May 2026: won 60% of 5 plays so far"
    assert chart.data_series[0].color != chart.data_series[1].color
    assert [a.label.value for a in chart.bottom_axis.labels] == [
        "Jan 2026",
        "Feb 2026",
        "Mar 2026",
        "Apr 2026",
        "May 2026",
    ]
    assert h.by_key("stats-trend").label == "Chart: win rate over time"  # its accessible name
    assert (
        h.by_key(f"stats-trend-line-{ben}").content.controls[1].value
        == "Ben: 40%, won 2 of 5 plays by May 2026"
    )
    # one player chosen: their line alone
    await h.select("stats-player", ben)
    chart = h.by_key("stats-trend-chart")
    assert [[p.y for p in s.points] for s in chart.data_series] == [[0.0, 0.0, 0.0, 25.0, 40.0]]
    # a period: the count starts again from April
    await h.type_text("stats-since", "2026-04-01")
    await h.fire("stats-since", "blur")
    chart = h.by_key("stats-trend-chart")
    assert [[p.y for p in s.points] for s in chart.data_series] == [[100.0, 100.0]]
    h.close()
    h = await started(hub, f"/player/{ana}", prefs={"table_companion.lang": "es"})
    chart = h.by_key("player-trend-chart")
    assert [[p.y for p in s.points] for s in chart.data_series] == [[100.0, 100.0, 100.0, 75.0, 60.0]]
    tip = chart.data_series[0].points[4].tooltip
    assert tip.startswith("Ana, may 2026: ganó el 60") and tip.endswith("de 5 partidas hasta entonces")
    assert h.by_key("player-trend").label == "Gráfico: victorias a lo largo del tiempo"
    h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_head_to_head_tally_ends_no_line(hub, lang):
    """ "contra Ben: 8 partidas en común, victorias 1–2, por delante 2–" with "6" alone under it, at 412 px:
    the dash between a tally's two figures is followed by a word joiner, so the line breaks before
    the tally, never inside it."""
    h = await started(hub, f"/player/{hub.ids['Ana']}", prefs={"table_companion.lang": lang})
    said = h.by_key(f"player-h2h-{hub.ids['Ben']}").title.value
    tallies = re.findall(r"\d–\u2060?\d", said)
    assert len(tallies) == 2 and all("\u2060" in t for t in tallies), said
    h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_no_replay_score_before_any_play(tmp_path, lang):
    """A new user's Statistics said "Replay score of the group: 0 (0 games played at least 0
    times each)" over "No plays of ... yet": the replay score shows once there is one."""
    h = await started(new_hub(tmp_path), "/stats", prefs={"table_companion.lang": lang})
    assert h.has("stats-none") and not h.has("stats-h-index")
    h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_player_pages_headings_end_without_a_colon(hub, lang):
    """ "Récords:" and "Cara a cara:" (the command line's lines) stood among headings without one."""
    h = await started(hub, f"/player/{hub.ids['Ana']}", prefs={"table_companion.lang": lang})
    headings = [
        c.value
        for c in h.controls()
        if isinstance(c, ft.Text) and c.theme_style == ft.TextThemeStyle.TITLE_MEDIUM and c.value
    ]
    assert len(headings) >= 4 and not [t for t in headings if t.endswith(":")], headings
    assert translate("ui.insights.head_to_head", lang) in headings
    h.close()


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [("en", "1 play together,", "plays together,"), ("es", "1 partida en común,", "partidas en común,")],
)
async def test_a_head_to_head_line_says_what_it_counts(hub, lang, one, many):
    """The walk's player page said "contra Ben: 1 juntos, victorias 0–1" ("vs Ben: 1 together"):
    a bare count with no noun. The count of plays shared is said as plays, with its plural."""
    h = await started(hub, f"/player/{hub.ids['Ana']}", prefs={"table_companion.lang": lang})
    said = h.by_key(f"player-h2h-{hub.ids['Ben']}").title.value
    assert many in said, said
    h.close()
    said_one = translate(
        "insights.page_h2h_line", lang, n=1, name="Ben", shared=1, wins=0, their_wins=1, ahead=0, behind=1
    )
    assert one in said_one, said_one
