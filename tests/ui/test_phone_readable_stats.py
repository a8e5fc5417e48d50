"""The Statistics screen, the Scores chart and the post-game review as read at 412 px in English
and Spanish (the new-user walkthrough): every chart's axes titled with their meaning and unit,
money ticks compact on one line in the room kept for them, the game figures' names over the whole
width, the group's player counts as shares of its plays, and each review row a sentence of what
happened with its rule on a book icon that leaves the text its width."""

from __future__ import annotations

import random
import re

import flet as ft
import pytest
from chinatown_helpers import play_random
from random_play import play_to_end
from ui_testkit import hover, new_hub, started

from companion.core import Table
from companion.review import Budget
from companion.store.reviews import StoredReviews
from companion.ui.i18n import Tr
from companion.ui.repos import ReviewsRepo
from companion.ui.rule_links import rule_title

ES = {"table_companion.lang": "es"}
NBSP = "\xa0"
# Roboto's digits and letters are at most ~0.6 em: what a tick label at 11 px needs, at least
TICK_EM = 0.6 * 11


@pytest.fixture
def hub(tmp_path):
    """Three finished Chinatown games of three players, logged as plays by the store."""
    hub = new_hub(tmp_path)
    hub.finished = []
    ids = [hub.store.create_player(name).id for name in ("Ana", "Ben", "Carla")]
    for seed in (4, 5, 6):
        table = Table.new("chinatown", ["Ana", "Ben", "Carla"])
        play_random(table, random.Random(seed), trades=1)
        hub.finished.append(hub.store.create(table, ids))
    hub.ana = ids[0]
    return hub


def ticks(axis) -> list[str]:
    return [label.label.value for label in axis.labels]


def fits(axis) -> bool:
    """Each tick on one line, in the width the axis keeps for its labels."""
    texts = ticks(axis)
    room = max(len(t) for t in texts) * TICK_EM
    return all(label.label.no_wrap for label in axis.labels) and axis.label_size >= room


@pytest.mark.parametrize(
    ("prefs", "money", "count", "month", "average", "compact"),
    [
        ({}, "Money at the end ($)", "How many scores", "Month", "Average money ($)", "K"),
        (ES, "Dinero al final ($)", "Cuántos resultados", "Mes", "Dinero medio ($)", f"{NBSP}mil"),
    ],
)
async def test_the_charts_axes_say_what_and_in_what_unit(hub, prefs, money, count, month, average, compact):
    h = await started(hub, "/stats/chinatown", prefs=prefs)
    spread = h.by_key("stats-spread-chart")
    assert spread.left_axis.title.value == count and spread.bottom_axis.title.value == money
    under = ticks(spread.bottom_axis)  # compact money, the unit in the title: "800K" / "800 mil"
    assert all("$" not in t for t in under) and any(t.endswith(compact) for t in under)
    chart = h.by_key("stats-month-chart")
    assert chart.left_axis.title.value == average and chart.bottom_axis.title.value == month
    assert all("$" not in t for t in ticks(chart.left_axis)) and fits(chart.left_axis)
    trend = h.by_key("stats-trend-chart")
    assert trend.left_axis.title.value and trend.bottom_axis.title.value == month
    assert fits(trend.left_axis)
    h.close()


async def test_a_players_win_rate_by_month_is_titled(hub):
    h = await started(hub, "/stats/chinatown", prefs=ES)
    await h.select("stats-player", hub.ana)
    chart = h.by_key("stats-wins-chart")
    assert chart.left_axis.title.value == "Victorias (%)" and chart.bottom_axis.title.value == "Mes"
    assert fits(chart.left_axis)
    h.close()


async def test_the_scores_chart_ticks_are_compact_in_spanish(hub):
    table = hub.finished[0]
    h = await started(hub, f"/table/{table.id}/scores", prefs=ES)
    axis = h.by_key("chart").left_axis
    assert axis.title.value == "Dinero ($)"
    assert any(t.endswith(f"{NBSP}mil") for t in ticks(axis)) and fits(axis)  # "800 mil", not "800 mil $"
    h.close()


async def test_the_game_figures_names_have_the_whole_width(hub):
    """A figure's name over its numbers: beside them, "Ingresos en 1970" broke mid-word."""
    h = await started(hub, "/stats/chinatown", prefs=ES)
    lines = h.by_key("stats-figures").content.controls
    assert lines and all(isinstance(line, ft.Column) for line in lines)
    income = [
        line.controls[0].value for line in lines if line.controls[1].key.startswith("stats-fig-income-")
    ]
    assert income and all(name.startswith("Ingresos") for name in income)
    h.close()


async def test_the_groups_player_counts_are_shares_of_its_plays(hub):
    """The group wins every play: its win rate at three players is always 1 in 3. The bar is
    how often the game was played at that count, the line says how many plays."""
    h = await started(hub, "/stats/chinatown")
    assert "Plays by number of players" in h.all_text() and "Wins by number of players" not in h.all_text()
    line = h.by_key("stats-count-3")
    assert line.controls[1].value == 1.0  # all three plays had three players
    assert h.by_key("stats-count-3-said").value == "3 games (100%)"
    h.close()


# A budget of replays, not seconds of CPU: two of the three reviews were cut by the clock (2 s of
# the suite's CPU each, and what they found depended on the machine's speed).
BUDGET = Budget(alternatives=40)


@pytest.fixture
def reviewed(reviewed_once, monkeypatch):
    """A finished game of each game with its review kept (a short budget: the layout is the
    subject, not the review's depth); the screens look for a review of that budget."""
    monkeypatch.setattr(ReviewsRepo, "_budget", lambda _self: BUDGET)
    return reviewed_once


@pytest.fixture(scope="module")
def reviewed_once(tmp_path_factory):
    """The reviews, made once for the module's tests, which only read them (five tests made all
    three again: about 20 s of the suite's CPU)."""
    hub = new_hub(tmp_path_factory.mktemp("reviewed"))
    names = {"dragon": ["Ana", "Ben", "Carla"], "chinatown": ["Ana", "Ben", "Carla"], "dayu": ["Ana", "Ben"]}
    tables = {}
    for game, seed in (("dragon", 7), ("chinatown", 4), ("dayu", 5)):
        table = Table.new(game, names[game])
        play_to_end(table, random.Random(seed))
        table = hub.store.create(table)
        tables[game] = (table, StoredReviews(hub.store).review(table, None, BUDGET))
    return hub, tables


@pytest.mark.parametrize("game", ["dayu", "dragon", "chinatown"])
async def test_each_review_row_says_what_happened(reviewed, game):
    hub, tables = reviewed
    table, found = tables[game]
    h = await started(hub, f"/table/{table.id}/review", prefs=ES)
    unit = "$" if game == "chinatown" else f"{NBSP}PV"  # "71 PV" on one line: "PV)" never alone
    rows = [(p.seat, s.rule_id) for p in found.players for s in p.sources]
    assert rows
    for seat, rule_id in rows:
        said, link = h.by_key(f"review-source-{seat}-{rule_id}").controls
        title = rule_title(Tr("es"), rule_id)
        # the row's text is the sentence, the rule named inside it; the link a book icon
        assert said.value != title and f"«{title}»" in said.value and unit in said.value
        assert not re.search(r"\d PV", said.value)  # every figure held to its unit
        assert said.expand and isinstance(link, ft.IconButton)
        assert hover(link) == f"Leer la regla: {title}"
    # each consequence's rule a link at the end of its text, the text over the whole row
    turns = [f"review-turn-{p.seat}-{d.index}" for p in found.players for d in p.turning_points]
    links = [k for t in turns for k in h.keys(t) if re.fullmatch(rf"{t}-(gained|lost)-\d+", k)]
    assert links
    for k in links:  # the line's text ends with its rule, a link named after it
        (link,) = h.by_key(f"{k}-text").spans
        assert link.on_click is not None and link.semantics_label.startswith("Leer la regla: ")
    h.close()


async def test_the_other_choices_effects_are_named_plainly(reviewed):
    hub, tables = reviewed
    table, found = tables["dayu"]
    assert any(d.alternatives[0].gained for p in found.players for d in p.turning_points)
    h = await started(hub, f"/table/{table.id}/review")
    assert "What that choice would have brought:" in h.all_text()
    assert "Only with that choice:" not in h.all_text()
    h.close()
    h = await started(hub, f"/table/{table.id}/review", prefs=ES)
    assert "Lo que habría traído esa opción:" in h.all_text()
    assert "Solo con esa opción" not in h.all_text()
    h.close()


async def test_the_month_chart_plots_the_averages_its_texts_say(hub):
    """The texts round a money average to the nearest 1,000 ("$813,000"); the line went through
    the unrounded figure ($813,333.33) under that tooltip: it plots the figure said."""
    h = await started(hub, "/stats/chinatown")
    [line] = h.by_key("stats-month-chart").data_series
    for point in line.points:
        assert point.y == int(point.y) and point.y % 1000 == 0
        assert f"${int(point.y):,}" in point.tooltip
    months = hub.store.by_month("chinatown", None)
    assert any(m.average % 1000 for m in months), "every average is round already: nothing shown"
    h.close()


async def test_a_review_figure_and_its_unit_stay_on_one_line(reviewed):
    """ "(media de la mesa: 71 PV)" wrapped with "PV)" alone on the last line: the figure and its
    unit are joined by a non-breaking space, in the headline, each source and each turning point."""
    hub, tables = reviewed
    table, found = tables["dragon"]
    h = await started(hub, f"/table/{table.id}/review", prefs=ES)
    said = [h.by_key(f"review-head-{p.seat}").controls[1].value for p in found.players]
    said += [
        h.by_key(f"review-source-said-{p.seat}-{s.rule_id}").value for p in found.players for s in p.sources
    ]
    said += [
        h.by_key(f"review-turn-{p.seat}-{d.index}").value for p in found.players for d in p.turning_points
    ]
    assert all(re.search(rf"\d{NBSP}PV", t) for t in said)
    assert not any(re.search(r"\d PV", t) for t in said)
    assert re.search(rf"\(media de la mesa: \d+{NBSP}PV\)", " ".join(said))
    h.close()


async def test_a_place_on_the_person_track_is_no_figure_to_add_up(tmp_path):
    """Review 2026-12-06: each play keeps Dragon's place on the person track (the tie-break's
    figure); Statistics added them up ("12 · 2 a player a game"), a sum of places means nothing."""
    hub = new_hub(tmp_path)
    table = Table.new("dragon", ["Ana", "Ben", "Carla"])
    play_to_end(table, random.Random(7))
    hub.store.create(table)  # a finished table: the store logs its play
    h = await started(hub, "/stats/dragon")
    lines = h.by_key("stats-figures").content.controls
    keys = [line.controls[1].key for line in lines]
    assert keys and not any(k.startswith("stats-fig-track_place") for k in keys), keys
    h.close()


async def test_months_without_a_play_keep_their_room_on_the_month_charts(tmp_path):
    """Plays in January, February and December: the month chart and the win rate over time
    drew December right after February, under no month name, where March would be. Each month
    sits at its place on the calendar, and the names under the chart are calendar months at a
    round step, from the first month to the last."""
    hub = new_hub(tmp_path)
    ids = [hub.store.create_player(name).id for name in ("Ana", "Ben")]
    for day, vp in (("2025-01-10", (3, 2)), ("2025-02-10", (2, 3)), ("2025-12-10", (3, 1))):
        players = [
            {"name": name, "vp_cards": [{"frame": "silver", "vp": v}], "flood_cards": []}
            for name, v in zip(("Ana", "Ben"), vp, strict=True)
        ]
        hub.store.log_calculated(
            "dayu-final", {"players": players}, date=f"{day}T20:00:00+00:00", player_ids=ids
        )
    h = await started(hub, "/stats/dayu")
    for key in ("stats-month-chart", "stats-trend-chart"):
        chart = h.by_key(key)
        assert {p.x for s in chart.data_series for p in s.points} == {0, 1, 11}, key
        assert chart.max_x == 11, key
        under = [(label.value, label.label.value) for label in chart.bottom_axis.labels]
        assert under == [(0, "Jan 2025"), (3, "Apr 2025"), (6, "Jul 2025"), (9, "Oct 2025")], key
    h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_money_tick_reads_as_its_value(lang):
    """Chinatown's money by year at 412 px had a tick "1,2 M" at 1,250,000 (Babel rounds to one
    decimal, halves to even): every tick at a round step of money reads back as its value."""
    from companion.ui.chart_axes import nice_step, tick_text

    suffix = {"en": {"K": 1_000, "M": 1_000_000}, "es": {"mil": 1_000, "M": 1_000_000}}[lang]

    def read(text: str) -> float:
        number, _, unit = (
            text.replace(NBSP, " ").partition(" ") if lang == "es" else (text[:-1], "", text[-1])
        )
        if lang == "en" and not unit.isalpha():
            number, unit = text, ""
        figure = float(number.replace(".", "").replace(",", ".") if lang == "es" else number)
        return figure * suffix.get(unit, 1)

    for top in (90_000, 400_000, 1_100_000, 1_300_000, 2_400_000, 6_000_000):
        for lines in (4, 5, 6):
            step = nice_step(top, lines)
            for y in range(0, top + step, step):
                assert read(tick_text(y, "money", lang)) == y, (y, tick_text(y, "money", lang))


async def test_a_single_month_is_a_dot_on_an_axis_from_zero(hub):
    """Every play in one month (the fixture's three Chinatown games): the month chart's axis was
    a step of $1 around the average ("875,001 mil" its one label) with nothing drawn (a line of
    one point), and the win rates' lines were nothing either. A lone point is drawn as a dot in
    the middle, on an axis from 0 at a round step of money."""
    h = await started(hub, "/stats/chinatown", prefs=ES)
    chart = h.by_key("stats-month-chart")
    [line] = chart.data_series
    assert len(line.points) == 1 and line.point is True
    assert (chart.min_x, chart.max_x) == (-1, 1) and line.points[0].x == 0
    assert chart.min_y == 0 and chart.max_y > line.points[0].y
    assert all(label.value % 1000 == 0 for label in chart.left_axis.labels)
    assert all(",0" not in t for t in ticks(chart.left_axis))  # no "875,001 mil"
    trend = h.by_key("stats-trend-chart")
    assert all(len(s.points) == 1 and s.point is True for s in trend.data_series)
    assert (trend.min_x, trend.max_x) == (-1, 1)
    h.close()


async def test_a_single_month_of_points_has_its_axis_from_zero_too(tmp_path):
    """A Dragon month's average of 36.4 VP (not a whole number) was drawn on an axis from 36 to
    38, the dot under its lowest label: a lone figure's axis starts at 0 whatever it is."""
    hub = new_hub(tmp_path)
    for vp in ((3, 2), (2, 2)):
        players = [
            {"name": name, "vp_cards": [{"frame": "silver", "vp": v}], "flood_cards": []}
            for name, v in zip(("Ana", "Ben"), vp, strict=True)
        ]
        hub.store.log_calculated("dayu-final", {"players": players}, date="2025-03-10T20:00:00+00:00")
    h = await started(hub, "/stats/dayu")
    chart = h.by_key("stats-month-chart")
    [line] = chart.data_series
    assert line.points[0].y != int(line.points[0].y)  # an average between two whole numbers
    assert chart.min_y == 0 and line.point is True
    h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_scores_logged_in_thousands_get_an_axis_that_fits_them(lang):
    """Issue 25: a group logging Chinatown's money in thousands ("120" for $120,000) averaged
    $106 in a month; the month chart's axis reached 1K (a step of money never under 1,000), the
    line a flat stroke along the bottom of an empty chart. The axis fits the figures at a round
    step, its ticks Babel's numbers; money in dollars keeps its steps of 1,000."""
    from companion.ui.repos import Period
    from companion.ui.views.stats_insights import month_chart

    tr = Tr(lang)
    lone = month_chart(
        tr, [Period(key="2026-11", plays=7, seats=7, wins=1, total=742, best=150)], "chinatown"
    )
    chart = lone.content.content
    assert (chart.min_y, chart.max_y) == (0, 150)
    assert ticks(chart.left_axis) == ["50", "100", "150"]  # the lowest, 0, left for the corner
    two = [
        Period(key="2026-10", plays=3, seats=3, wins=1, total=285, best=110),
        Period(key="2026-11", plays=7, seats=7, wins=1, total=742, best=150),
    ]
    chart = month_chart(tr, two, "chinatown").content.content
    assert chart.min_y <= 95 and 106 <= chart.max_y <= 120
    dollars = [Period(key="2026-11", plays=3, seats=3, wins=1, total=2_440_000, best=900_000)]
    chart = month_chart(tr, dollars, "chinatown").content.content
    assert all(label.value % 1000 == 0 for label in chart.left_axis.labels)
    assert chart.max_y >= 813_000 and fits(chart.left_axis)
