"""The Scores screen: the chart ends with the final scoring, its labels sit on grid lines, the
tie-break sentence only when it decided, and Chinatown shows only public numbers during play."""

import math
import random

import pytest
from chinatown_helpers import play_random
from flet_harness import Harness
from ui_testkit import finished_on_hub as finished
from ui_testkit import new_hub, started

from companion.core import Scoreboard, ScoreRow, Table
from companion.ui.chart_axes import nice_step
from companion.ui.views.scores import series_points, tie_decided


def chart_of(h: Harness):
    return h.by_key("chart")


async def test_the_chart_ends_with_the_final_scores(tmp_path):
    hub = new_hub(tmp_path)
    table = finished(hub, "dragon", ("Ana", "Ben", "Carla"), seed=5)
    board = table.scoreboard
    h = await started(hub, route=f"/table/{table.id}/scores")
    chart = chart_of(h)
    ends = sorted(s.points[-1].y for s in chart.data_series)
    assert ends == sorted(r.total for r in board.rows)
    step = chart.horizontal_grid_lines.interval
    ys = [lab.value for lab in chart.left_axis.labels]
    assert ys == list(range(0, chart.max_y + 1, step)) and chart.max_y % step == 0
    assert chart.max_y > max(r.total for r in board.rows)
    assert h.has("tie-break") == tie_decided(board)
    assert h.has("tie-detail") == (board.tie_detail is not None)
    h.close()


# A Da Yu game whose random play (seed 39) ends with Ana and Carla on the best total.
TIED_SEED = 39
TIE_LINES = {
    "en": "Carla wins the tie: 5 flood cards, ahead of Ana (3).",
    "es": "Carla gana el desempate: 5 cartas de inundación, por delante de Ana (3).",
}


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_tie_on_the_best_total_is_told_with_each_tied_player_s_figure(tmp_path, lang):
    hub = new_hub(tmp_path)
    table = finished(hub, "dayu", ("Ana", "Ben", "Carla"), seed=TIED_SEED)
    board = table.scoreboard
    best = [r.name for r in board.rows if r.total == max(r.total for r in board.rows)]
    assert sorted(best) == ["Ana", "Carla"] and board.ranking[0] == "Carla"  # the game this test needs
    prefs = {"table_companion.lang": lang}
    h = await started(hub, route=f"/table/{table.id}/scores", prefs=prefs)
    assert h.has("tie-break")  # the rule, and under it how it chose
    assert h.by_key("tie-detail").value == TIE_LINES[lang]
    await h.goto(f"/table/{table.id}")  # the finished card says it too
    assert h.has("finished-card") and h.by_key("tie-detail").value == TIE_LINES[lang]
    h.close()


def test_series_add_the_final_scoring_and_steps_are_round():
    rows = [
        ScoreRow(seat=0, name="Ana", total=46, breakdown=[]),
        ScoreRow(seat=1, name="Ben", total=30, breakdown=[]),
    ]
    board = Scoreboard(rows=rows, ranking=["Ana", "Ben"], by_round=[[10, 28], [12, 30]], final=True)
    # Ben's final scoring added nothing: his line still reaches "Final" (it stopped a step short)
    assert series_points(board) == [[0, 10, 28, 46], [0, 12, 30, 30]]
    ended = board.model_copy(update={"by_round": [[10, 46], [12, 30]]})  # no final scoring at all
    assert series_points(ended) == [[0, 10, 46], [0, 12, 30]]
    assert not tie_decided(board)
    assert tie_decided(board.model_copy(update={"rows": [rows[0], rows[1].model_copy(update={"total": 46})]}))
    assert [nice_step(t) for t in (4, 28, 53, 120, 460)] == [1, 10, 20, 25, 100]


async def test_chinatown_scores_during_play_show_only_public_income(tmp_path):
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))

    def stop_in_year_two(t):
        if t.state.year == 1 and t.state.phase == "trade":
            raise StopIteration

    with pytest.raises(StopIteration):
        play_random(table, random.Random(2), trades=1, on_step=stop_in_year_two)
    h = await started(hub, route=f"/table/{table.id}/scores")
    assert h.has("secret") and h.has("ct-year-0") and h.has("ct-score-income-0")
    paid = table.state.income[0]
    # The shared screen is the public's view: what the board paid each player each year (the
    # board is public), never the money in hand; each player reads theirs on a tap.
    year = h.by_key("ct-year-0").value
    # each name joined to its amount (a non-breaking space: one line)
    assert all(f"{name}\u00a0${a:,}" in year for name, a in zip(("Ana", "Ben", "Carla"), paid, strict=True))
    shown = h.all_text()
    assert not h.keys("ct-money-value-") and not h.keys("score-")
    assert not any(f"${m:,}" in shown for m in table.state.money if m not in paid)
    h.close()


@pytest.mark.parametrize(
    ("game", "names", "title", "axis"),
    [
        ("dragon", ("Ana", "Ben", "Carla"), "Victory points by month", "Month"),
        ("dayu", ("Ana", "Ben"), "Victory points by round", "Round"),
    ],
)
async def test_the_chart_is_titled_in_the_game_s_own_rounds(tmp_path, game, names, title, axis):
    hub = new_hub(tmp_path)
    table = finished(hub, game, names, seed=3)
    h = await started(hub, route=f"/table/{table.id}/scores")
    assert title in h.all_text()
    assert h.by_key("chart").bottom_axis.title.value == axis
    h.close()


async def test_a_finished_chinatown_shows_money_formatted_on_the_ranking_and_the_chart(tmp_path):
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    play_random(table, random.Random(4), trades=1)
    assert table.finished
    h = await started(hub, route=f"/table/{table.id}/scores")
    assert "Money at the end of each year" in h.all_text()
    for row in table.scoreboard.rows:
        assert h.by_key(f"score-{row.seat}").value == f"${row.total:,}"  # never the bare 490000
    chart = h.by_key("chart")
    assert chart.bottom_axis.title.value == "Year"
    # the unit in the axis title, the ticks compact on one line ("$800K" wrapped in its room)
    assert chart.left_axis.title.value == "Money ($)"
    labels = [lab.label.value for lab in chart.left_axis.labels]
    assert labels[0] == "0" and all(lab.label.no_wrap for lab in chart.left_axis.labels)
    assert any(lab.endswith("K") or lab.endswith("M") for lab in labels[1:])
    h.close()


def drawn(axis, low: float, high: float) -> list[str]:
    """The labels the chart draws: it asks for one at its low and high ends and at every
    multiple of ``label_spacing`` between them, and draws those it is given for these values."""
    step = axis.label_spacing
    assert step, "no spacing: the chart picks its own steps and draws only the ends' labels"
    asked = {low, high} | {k * step for k in range(math.ceil(low / step), math.floor(high / step) + 1)}
    return [lab.label.value for lab in axis.labels if lab.value in asked]


async def test_a_da_yu_game_s_turns_are_labelled_at_round_steps(tmp_path):
    """Da Yu's chart ran over its 40-odd turns with "0" and "45" alone under it: its turns are
    labelled 0, 10, 20, 30, 40 (and the final scoring), each one the chart is told to draw."""
    hub = new_hub(tmp_path)
    table = finished(hub, "dayu", ("Ana", "Ben", "Carla"), seed=1)
    h = await started(hub, route=f"/table/{table.id}/scores")
    chart = chart_of(h)
    under = drawn(chart.bottom_axis, chart.min_x, chart.max_x)
    assert under[:5] == ["0", "10", "20", "30", "40"] and chart.max_x >= 40
    assert under == [lab.label.value for lab in chart.bottom_axis.labels]
    assert drawn(chart.left_axis, chart.min_y, chart.max_y) == [
        lab.label.value for lab in chart.left_axis.labels
    ]
    h.close()


def three_dayu_plays(hub) -> Table:
    """Three random Da Yu games of Ana, Ben and Carla, each logged as a play of the three; the last."""
    ids = [hub.store.create_player(n).id for n in ("Ana", "Ben", "Carla")]
    for seed in range(3):
        table, rng = Table.new("dayu", ["Ana", "Ben", "Carla"]), random.Random(seed)
        while table.prompt is not None:
            table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
        hub.store.create(table, ids)
    return table


async def test_every_statistics_chart_draws_each_of_its_labels(tmp_path):
    """The spread of scores, the month's average and the win rate over time, for Da Yu's plays:
    each axis says where its labels are, so the chart draws every one of them."""
    hub = new_hub(tmp_path)
    three_dayu_plays(hub)
    h = await started(hub, route="/stats/dayu")
    for key in ("stats-spread-chart", "stats-month-chart", "stats-trend-chart"):
        chart = h.by_key(key)
        left = drawn(chart.left_axis, chart.min_y or 0, chart.max_y)
        assert left == [lab.label.value for lab in chart.left_axis.labels], key
        if key != "stats-spread-chart":  # a bar chart labels its bars, whatever the spacing
            under = drawn(chart.bottom_axis, chart.min_x or 0, chart.max_x)
            assert under == [lab.label.value for lab in chart.bottom_axis.labels], key
    h.close()


async def test_every_chart_has_a_name_a_screen_reader_says(tmp_path):
    """A chart is a picture to a screen reader: each is named, the spread by its bars' own words,
    the others by what they draw and where their figures are written out."""
    hub = new_hub(tmp_path)
    table = three_dayu_plays(hub)
    for lang, spread, months in (
        ("en", "Chart of the final scores: ", "Chart by month: Average score (VP) (the figures"),
        ("es", "Gráfico de las puntuaciones finales: ", "Gráfico por mes: Puntuación media (PV) (las cifras"),
    ):
        h = await started(hub, route="/stats/dayu", prefs={"table_companion.lang": lang})
        said = h.by_key("stats-spread").label
        bars = [g.rods[0].tooltip for g in h.by_key("stats-spread-chart").groups]
        assert said == spread + "; ".join(bars)
        assert h.by_key("stats-months").label.startswith(months)
        assert h.by_key("stats-trend").label
        await h.goto(f"/table/{table.id}/scores")
        assert h.by_key("chart-box").label.startswith(
            "Chart: each player" if lang == "en" else "Gráfico: la puntuación"
        )
        h.close()


# A whole Chinatown game walked to its end (branch walk4) showed "Winner: Ana" and right under it
# "Equal money: the most shop tiles on the board wins; ...": Ben and Dai had tied for 3rd, but the
# rule alone read as the way Ana won. A tie below the best total then said who and on what total,
# but not the figures that placed them (issue 25); it now says its place and each one's figure.
LOWER = {  # game: (seed of a 4-player random game with a tie for 2nd, what the figure is said as)
    "chinatown": (3, "chinatown.score.tie_tiles"),  # $720,000, then two on $650,000, then $630,000
    "dayu": (15, "dayu.score.tie_floods"),  # 52 VP, then Ana and Carla on 39 VP, then 28 VP
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", sorted(LOWER))
async def test_a_tie_below_the_best_total_says_its_place_and_figures(tmp_path, game, lang):
    from random_play import play_to_end

    from companion.core.msg import msg
    from companion.ui.i18n import Tr
    from companion.ui.views.scores import total_text

    seed, figure = LOWER[game]
    hub = new_hub(tmp_path)
    table = Table.new(game, ["Ana", "Ben", "Carla", "Dai"])
    play_to_end(table, random.Random(seed))
    table = hub.store.create(table)
    board = table.scoreboard
    totals = [board.row(name).total for name in board.ranking]
    level = [name for name in board.ranking if totals.count(board.row(name).total) > 1]
    assert totals[0] > totals[1] == totals[2] and len(level) == 2  # the game this test needs: a tie for 2nd
    prefs = {"table_companion.lang": lang}
    h = await started(hub, route=f"/table/{table.id}/scores", prefs=prefs)
    said = h.by_key("tie-lower-0").value
    assert h.has("tie-break") and not h.has("tie-detail")
    tr = Tr(lang)
    # its place, the total, the one placed ahead and the figures of both
    assert said.startswith(("Tie for 2nd place on ", "Empate por el 2.º puesto con "))
    assert total_text(tr, board, board.row(level[0]).total) in said
    other = tr.msg(msg("core.tie.other", player=level[1], value=_figure(table, level[1])))  # "Carla (0)"
    assert level[0] in said and other in said, said
    assert tr.msg(msg(figure, n=_figure(table, level[0]))) in said, said
    await h.goto(f"/table/{table.id}")  # the finished card says it too
    assert h.has("finished-card") and h.by_key("tie-lower-0").value == said
    h.close()


def _figure(table: Table, name: str) -> int:
    """A player's tie-break figure at the end: Chinatown's shop tiles on the board, Da Yu's flood cards."""
    seat = next(p.seat for p in table.scoreboard.rows if p.name == name)
    state = table.state
    if table.game_id == "chinatown":
        return state.tiles_on_board(seat)
    return len(state.players[seat].flood)
