"""Every text a player can see, rendered, from random complete games of the three games: for the
text-quality checks (wording, placeholders left unfilled, the same text in both languages).

``corpus(lang)`` plays ``games_per_game`` fixed-seed games of Dragon (both expansions on in most
games, each alone or both off in a few, both ``large_privilege_cost`` values), Chinatown and
Da Yu with 2 to 5 players, and returns each distinct text once, as a ``Rendered``:

- prompt, choice (each choice's label), banner, standing, effect, history (each entry's
  label), score (score lines, and the Scores screen's winner and totals) and tie_break, as
  i18n_games.py collects them;
- foresight: Dragon's forecast of the coming events (every ~15 versions), Chinatown's trade and
  building previews, Da Yu's marker card, with the headings the screens put over them;
- summary: the round summaries, the lines the round card shows (companion/ui/foresight.py) and
  History's round headers;
- statistics and plays: the finished games logged into a temporary store, then the Stats
  screen's texts (companion/ui/views/stats.py) and the CLI's ``stats`` text, for the group and
  for each player; the Plays screen's cards and the CLI's ``plays`` lines (cli_plays.py);
- tip: the "first game" tips (lookup teach notes) and the tip card's own texts; rule: each
  rule's title and text, its examples and clarifications (the rule card);
- error: refused entries (a choice of an earlier prompt, a wrong seat, malformed dicts, an entry
  after the end, Chinatown's illegal trades and placements), damaged table files and damaged
  snapshot codes.

The games are played once: their Msgs (or, for texts that are not Msgs, a function of the
language) are kept, and each language renders the same ones.
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers beside this file

from chinatown_helpers import illegal_entry, random_trade
from i18n_games import NAMES
from random_play import play_to_end

from companion.core import Msg, Table
from companion.core.foresight import table_history
from companion.core.protocol import RuleViolation
from companion.i18n import format_score, translate

GAMES_PER_GAME = 20
FORECAST_EVERY = 15  # Dragon: the forecast at every this many versions
ERRORS_EVERY = 12  # the refused entries tried at every this many versions
MAX_HAPPENED = 4  # the round card shows the event's first lines (companion/ui/foresight.py)
LIMITS = {"dragon": (2, 5), "chinatown": (3, 5), "dayu": (2, 4)}


@dataclass(frozen=True)
class Rendered:
    game: str  # "dragon" | "chinatown" | "dayu" | "app"
    source: str  # "prompt", "choice", "effect", "banner", "history", ... (see the module's doc)
    key: str  # the catalogue key of the outermost Msg (the rule id for tips and rules; "(money)"
    # or "(number)" for a bare amount the Plays screen shows)
    lang: str
    text: str


# A text before it is rendered: a Msg, or a function of the language.
Text = Msg | Callable[[str], str]


@dataclass(frozen=True)
class Item:
    game: str
    source: str
    key: str
    text: Text

    def render(self, lang: str) -> str:
        return self.text.render(lang) if isinstance(self.text, Msg) else self.text(lang)


def names() -> tuple[str, ...]:
    """The players' names every game uses (a checker leaves them alone)."""
    return tuple(NAMES)


PLAIN = (str, int, bool, float, type(None))


def _ident(value: Any) -> Any:
    """What tells two Msgs apart, as their repr did (key, arguments in order, each argument's
    type and value), built as a tuple: a game's step offers hundreds of Msgs, mostly seen
    already, and a dataclass repr costs several times more."""
    kind = type(value)
    if kind is Msg:
        return (value.key, tuple((k, _ident(v)) for k, v in value.args.items()))
    if kind in PLAIN:
        return (kind, value)
    if kind in (list, tuple):
        return (kind, tuple(_ident(v) for v in value))
    return repr(value)


class Collector:
    """Items, each distinct Msg once per (game, source)."""

    def __init__(self) -> None:
        self.items: dict[tuple[str, str, Any], Item] = {}

    def msg(self, game: str, source: str, m: Msg | None) -> None:
        if m is not None:
            self.items.setdefault((game, source, _ident(m)), Item(game, source, m.key, m))

    def ui(self, game: str, source: str, key: str, /, **args: Any) -> None:
        """A screen's own text: ``app.tr(key, ...)`` is ``translate("ui." + key, ...)``
        (companion/ui/i18n.py), Msg arguments rendered in the same language."""
        self.msg(game, source, Msg(f"ui.{key}", args))

    def raw(self, game: str, source: str, key: str, text: Callable[[str], str], ident: str = "") -> None:
        self.items.setdefault((game, source, f"{key}|{ident}"), Item(game, source, key, text))


# ---- the games ----------------------------------------------------------------------------
def game_setups(game: str, count: int) -> list[tuple[int, dict[str, Any], int]]:
    """(players, options, seed) of each game: counts cycle through the game's limits."""
    low, high = LIMITS[game]
    out = []
    for i in range(count):
        n = low + i % (high - low + 1)
        options: dict[str, Any] = {}
        if game == "dragon":
            wall, supers = {5: (True, False), 11: (False, True), 7: (False, False), 16: (False, False)}.get(
                i, (True, True)
            )
            options = {"great_wall": wall, "super_events": supers, "large_privilege_cost": 6 + i % 2}
        out.append((n, options, 1000 * (1 + list(LIMITS).index(game)) + i))
    return out


def _step_texts(c: Collector, table: Table) -> None:
    game = table.game_id
    c.msg(game, "banner", table.banner)
    c.msg(game, "standing", table.standing)
    if (p := table.prompt) is not None:
        c.msg(game, "prompt", p.msg)
        for choice in p.choices or ():
            c.msg(game, "choice", table.game.describe(table.state, choice))


def _refused(c: Collector, game: str, table: Table, entry: Any) -> None:
    try:
        table.check(entry)
    except RuleViolation as exc:
        c.msg(game, "error", exc.msg)


def _errors_at(c: Collector, table: Table, earlier: list[Any], rng: random.Random) -> None:
    """A few entries the table refuses at this point (``check`` changes nothing)."""
    game, p = table.game_id, table.prompt
    _refused(c, game, table, {"kind": "no_such_kind"})
    _refused(c, game, table, "not an entry")
    if p is None:
        if earlier:
            _refused(c, game, table, earlier[-1])
        return
    _refused(c, game, table, {"kind": p.kind})  # its fields missing
    for old in earlier[-3:]:
        _refused(c, game, table, old)  # a choice of an earlier prompt
        seat = getattr(old, "seat", None)
        if p.seat is not None and seat is not None and seat != p.seat:
            _refused(c, game, table, old.model_copy(update={"seat": p.seat}))  # asked of this seat now
    for choice in (p.choices or [])[:2]:
        seat = getattr(choice, "seat", None)
        if seat is not None:
            _refused(c, game, table, choice.model_copy(update={"seat": (seat + 1) % len(table.players)}))
    if game == "chinatown" and (bad := illegal_entry(table, rng)) is not None:
        _refused(c, game, table, bad[0])


def _foresight_at(c: Collector, table: Table, rng: random.Random) -> None:
    game, state = table.game_id, table.state
    if game == "chinatown":
        from companion.games.chinatown.preview import building_preview, trade_preview

        if state.phase == "trade" and (trade := random_trade(state, rng)) is not None:
            try:
                preview = trade_preview(state, trade)
            except RuleViolation:
                preview = None
            if preview is not None:  # companion/ui/games/chinatown/foresight.py trade_lines
                c.ui(game, "foresight", "foresight.trade_income")
                for party in preview.parties:
                    c.msg(game, "foresight", party.line.msg)
                    for change in party.changes:
                        c.msg(game, "foresight", change.effect.msg)
                    if not party.changes:
                        c.ui(game, "foresight", "foresight.trade_no_change")
        empty = sorted(b for b in state.owner if b not in state.shop)
        for b in rng.sample(empty, min(2, len(empty))):  # building_lines
            preview = building_preview(state, b)
            c.msg(game, "foresight", preview.line.msg)
            for option in preview.options:
                c.msg(game, "foresight", option.effect.msg)
    elif game == "dayu" and state.phase == "actions":  # companion/ui/games/dayu/foresight.py
        from companion.games.dayu.preview import marker_preview

        preview = marker_preview(state)
        c.ui(game, "foresight", "foresight.marker")
        c.msg(game, "foresight", preview.line.msg)
        if preview.place is not None:
            if preview.fit is not None:
                c.msg(game, "foresight", preview.fit.msg)
            else:
                c.ui(game, "foresight", "foresight.marker_no_cards")
            c.ui(game, "foresight", "foresight.marker_worth")
            for worth in preview.worth:
                c.msg(game, "foresight", worth.effect.msg)


def _dragon_forecasts(c: Collector, table: Table) -> None:
    """companion/ui/games/dragon/foresight.py: the Play card, a line's detail dialog and the
    Rules screen's section."""
    from companion.games.dragon.forecast import coming_events

    for version in range(0, table.version + 1, FORECAST_EVERY):
        found = coming_events(table.state_at(version))
        if found:
            c.ui("dragon", "foresight", "foresight.coming_tap")
            c.ui("dragon", "foresight", "foresight.coming")
        for f in found:
            c.msg("dragon", "foresight", f.headline.msg)
            for fx in f.table:
                c.msg("dragon", "foresight", fx.msg)
            if f.table:
                c.ui("dragon", "foresight", "foresight.whole_table")
            for sf in f.seats:
                c.msg("dragon", "foresight", sf.line.msg)
                c.ui("dragon", "foresight", "foresight.line_name", headline=f.headline.msg, line=sf.line.msg)
                for fx in sf.detail:
                    c.msg("dragon", "foresight", fx.msg)


def _summaries(c: Collector, table: Table) -> None:
    """The round card (companion/ui/foresight.py round_card), every finished round."""
    game = table.game_id
    module = __import__(f"companion.games.{game}", fromlist=["round_summaries"])
    found = module.round_summaries(*table_history(table))
    # the screens read each line through the seat's view (companion/ui/foresight.py round_card):
    # a game with secrets (Chinatown's money) words them otherwise for the others
    views = _views(table)
    for summary in [*found, *(view.summary(s) for view in views for s in found)]:
        c.msg(game, "summary", summary.title.msg)
        for sr in summary.seats:
            c.msg(game, "summary", sr.line.msg)
            for fx in [*sr.gained, *sr.lost]:
                c.msg(game, "summary", fx.msg)
        if summary.happened:
            c.ui(game, "summary", "foresight.happened")
        for fx in summary.happened[:MAX_HAPPENED]:
            c.msg(game, "summary", fx.msg)
        if summary.order_line is not None:
            c.msg(game, "summary", summary.order_line.msg)
        c.ui(game, "summary", "foresight.see_round")
        # History's round header and focus bar (companion/ui/views/history_rounds.py: group_header, focus_bar)
        c.ui(game, "summary", "history.round_hint", n=summary.entries[1] - summary.entries[0] + 1)
        c.ui(game, "summary", "history.showing", title=summary.title.msg)
        c.ui(game, "summary", "foresight.see_round_hint", title=summary.title.msg)


def _views(table: Table) -> list[Any]:
    """The public view and each seat's before the last entry (while secrets are still kept),
    for a game that hides something (none otherwise)."""
    from companion.core.table import player_view

    if getattr(table.game, "player_view", None) is None:
        return []
    before = table.state_at(table.version - 1)
    return [player_view(table.game, before, seat) for seat in [None, *range(len(table.players))]]


def _end_texts(c: Collector, table: Table) -> None:
    game = table.game_id
    views = _views(table)
    for i, entry, effects in table.history:
        c.msg(game, "history", table.game.describe(table.state_at(i), entry))
        c.msg(game, "history", table.game.narrate(table.state_at(i), entry))  # the made entry's header
        for fx in effects:
            c.msg(game, "effect", fx.msg)
            for view in views:  # History shows each effect as the seat may read it
                c.msg(game, "effect", view.effect(fx).msg)
    board = table.scoreboard
    for row in board.rows:
        for line in row.breakdown:
            c.msg(game, "score", line.label)
    c.msg(game, "tie_break", board.tie_break)
    c.msg(game, "tie_break", board.tie_detail)  # how a tie on the best total was decided (when one was)
    # the Scores screen (companion/ui/views/scores.py view and the rows under it)
    winners = board.shared or board.ranking[:1]
    c.ui(game, "score", "scores.winner", names=", ".join(winners))
    if board.shared and len(board.shared) > 1:
        c.ui(game, "score", "scores.shared")
    for row in board.rows:  # total_text in companion/ui/views/scores.py
        if board.unit == "money":
            c.raw(
                game,
                "score",
                "(money)",
                lambda lang, v=row.total: format_score(v, "money", lang),
                str(row.total),
            )
        else:
            c.ui(game, "score", "play.points", n=row.total)


def play_one(c: Collector, game: str, n: int, options: dict[str, Any], seed: int) -> Table:
    table = Table.new(game, list(NAMES[:n]), options)
    rng, side = random.Random(seed), random.Random(-seed)  # side: previews and errors, not the game
    earlier: list[Any] = []

    def step(t: Table) -> None:
        _step_texts(c, t)
        _foresight_at(c, t, side)
        if t.version % ERRORS_EVERY == 0:
            _errors_at(c, t, earlier, side)
        if (p := t.prompt) is not None and p.choices:
            earlier.append(side.choice(p.choices))
            del earlier[:-6]

    step(table)
    play_to_end(table, rng, step)
    _errors_at(c, table, earlier, side)  # after the end
    _end_texts(c, table)
    _summaries(c, table)
    if game == "dragon":
        _dragon_forecasts(c, table)
    return table


# ---- statistics ---------------------------------------------------------------------------
def _statistics(c: Collector, tables: list[Table]) -> None:
    from companion.cli_plays import _plays_text, _stats_text
    from companion.games import get
    from companion.store import Store

    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "corpus.sqlite3")
        ids = {name: store.create_player(name).id for name in NAMES}
        for k, table in enumerate(tables):
            seats = [ids[p.name] if (k + s) % 5 else None for s, p in enumerate(table.players)]
            # a copy (the store attaches itself); trusted: its entries were checked as it was played
            store.create(Table.from_dict(table.to_dict(), trusted=True), seats)
        for game in LIMITS:
            for player in [None, *ids.values()]:
                s = store.stats(game, player)
                if not s.plays:
                    continue
                _stats_screen(c, game, s)
                _stats_cli(c, game, s, _stats_text)
            plays = store.plays(game)
            c.ui(game, "plays", "plays.count", n=len(plays))
            for play in plays:
                _play_card(c, play, store)
                # `companion plays`: one line a play (cli_plays._plays_text)
                c.raw(
                    game,
                    "plays",
                    "plays.cli.won",
                    lambda lang, p=play: _plays_text([p], lang).rstrip("\n"),
                    play.id,
                )
            _trend(c, game, store.win_rates(game))
        empty = store.stats("dayu", store.create_player("Zoe").id)  # a player with no plays
        c.ui("app", "statistics", "stats.none", game=get("dayu").title)  # view, line 51
        c.raw("app", "statistics", "plays.cli.stats_none", lambda lang: _stats_text(empty, lang))
        c.raw("app", "plays", "plays.cli.no_plays", lambda lang: _plays_text([], lang).rstrip("\n"))
        c.ui("app", "plays", "plays.none")
        store.close()


def _play_card(c: Collector, play: Any, store: Any) -> None:
    """A play on the Plays screen (companion/ui/views/plays.py ``play_card`` and ``when``; the tie
    line, views/play_tie.py, read now: the store is gone once the corpus is rendered)."""
    from companion.i18n import format_when
    from companion.plays.labels import format_final_score, money_game

    game = play.game
    c.ui(game, "plays", "plays.won")
    c.ui(game, "plays", "plays.winners", names=", ".join(play.winners), n=len(play.winners))
    if play.tie_break:
        from companion.ui.i18n import Tr
        from companion.ui.repos import PlaysRepo
        from companion.ui.views.play_tie import tie_text

        said = {lang: tie_text(Tr(lang), PlaysRepo(store), play) or "" for lang in ("en", "es", "qps")}
        c.raw(game, "plays", "ui.plays.tie", lambda lang: said[lang], play.id)
    if play.seconds is not None:
        c.raw(
            game,
            "plays",
            "ui.plays.when_long",
            lambda lang: translate(
                "ui.plays.when_long",
                lang,
                when=format_when(play.date, lang),
                n=max(1, round(play.seconds / 60)),
            ),
            play.id,
        )
    c.raw(  # the play's "Send to BG Stats", named for screen readers (views/exchange.py send_button)
        game,
        "plays",
        "ui.plays.exchange.send_name",
        lambda lang: translate(
            "ui.plays.exchange.send_name",
            lang,
            game=translate(f"{game}.title", lang),
            when=format_when(play.date, lang, time=False),
        ),
        play.id,
    )
    for s in play.seats:  # _score: the score as the game counts it (money in Chinatown)
        c.raw(
            game,
            "plays",
            "(money)" if money_game(game) else "(number)",
            lambda lang, v=s.score: format_final_score(game, v, lang),
            str(s.score),
        )


def _trend(c: Collector, game: str, lines: list[Any]) -> None:
    """The win-rate-over-time section of the game's page (companion/ui/views/stats_trend.py):
    heading, hint, the chart's name, each point's tooltip and each legend line."""
    from companion.i18n import format_month, format_percent
    from companion.ui.views.stats_trend import MOST_LINES

    shown = lines[:MOST_LINES]
    if not shown:
        return
    ui = lambda key, **args: c.ui(game, "statistics", key, **args)  # noqa: E731
    ui("insights.trend")
    ui("insights.trend_hint" if len(lines) > MOST_LINES else "insights.trend_hint_one", n=len(shown))
    ui("insights.trend_label")
    ui("insights.axis_win_rate")  # the chart's axes
    ui("insights.axis_month")

    def said(key: str, ident: str, q: Any, **args: Any) -> None:
        """A text with a point's month and rate, formatted in the language rendered."""
        c.raw(
            game,
            "statistics",
            key,
            lambda lang: translate(
                key, lang, month=format_month(q.month, lang), rate=format_percent(q.rate, lang), **args
            ),
            ident,
        )

    for line in shown:
        for q in line.points:  # each point's tooltip
            said(
                "ui.insights.trend_point", f"{line.player_id}-{q.month}", q, name=line.name, n=q.plays_so_far
            )
        last = line.points[-1]  # the legend line
        said(
            "ui.insights.trend_line",
            line.player_id,
            last,
            name=line.name,
            wins=last.wins_so_far,
            n=last.plays_so_far,
        )


def _stats_screen(c: Collector, game: str, s: Any) -> None:
    """The texts of companion/ui/views/stats.py (``view``, ``figures_of``, ``_player_line``,
    ``_rates``, ``_rate_line``, ``spread_chart``), with the same keys and the computed values
    (the line numbers below are that file's)."""
    from companion.i18n import format_percent
    from companion.plays.labels import _label, average_text, figure_label, figure_text, money_game, score_text
    from companion.ui.views.stats import buckets

    ui = lambda key, **args: c.ui(game, "statistics", key, **args)  # noqa: E731
    late = lambda key, fn, ident: c.raw(game, "statistics", key, fn, ident)  # noqa: E731
    ui("stats.title")  # view, line 56
    ui("stats.everyone")  # _pickers, line 85
    ui("plays.player")  # line 91
    ui("stats.plays", n=s.plays)  # figures_of, line 111
    if s.player_id:
        late(
            "ui.stats.wins",
            lambda lang: translate("ui.stats.wins", lang, n=s.wins, rate=format_percent(s.win_rate, lang)),
            f"{s.player_id}",
        )
    key = "ui.stats.scores_money" if money_game(game) else "ui.stats.scores"  # line 118
    late(
        key,
        lambda lang, key=key: translate(  # key bound now: the name is reused below
            key,
            lang,
            average=average_text(game, s.average, lang),
            best=score_text(game, s.best, lang),
            worst=score_text(game, s.worst, lang),
        ),
        repr((s.average, s.best, s.worst)),
    )
    if s.average_seconds is not None:
        ui("stats.length", n=max(1, round(s.average_seconds / 60)))  # line 127
    for key in (
        "stats.spread",
        "stats.players",
        "stats.by_seat",
        "stats.plays_by_count" if s.player_id is None else "stats.by_count",
        "stats.game_figures",
    ):  # headings, figures_of
        ui(key)
    for p in s.players:  # _player_line, lines 170-175
        late(
            "ui.stats.player_line",
            lambda lang, p=p: translate(
                "ui.stats.player_line",
                lang,
                n=p.plays,
                won=translate("ui.stats.won", lang, n=p.wins),
                rate=format_percent(p.win_rate, lang),
                average=average_text(game, p.average, lang),
                best=score_text(game, p.best, lang),
            ),
            repr(p),
        )
    for rates, key, shift, group in (
        (s.by_seat, "stats.seat", 1, False),
        (s.by_count, "stats.count", 0, s.player_id is None),
    ):
        for r in rates:  # _rates and _rate_line; the group's player counts: _count_shares
            ui(key, n=r.key + shift)
            if group:
                late(
                    "ui.stats.count_share",
                    lambda lang, r=r: translate(
                        "ui.stats.count_share",
                        lang,
                        n=r.seats // r.key,
                        share=format_percent(r.seats // r.key / s.plays, lang),
                    ),
                    repr(r),
                )
            else:
                late(
                    "ui.stats.rate",
                    lambda lang, r=r: translate(
                        "ui.stats.rate", lang, n=r.seats, wins=r.wins, rate=format_percent(r.win_rate, lang)
                    ),
                    repr(r),
                )
    shown = [f for f in s.figures if f.name != "points"]  # figures_of, lines 139-160
    if shown:
        ui("stats.figures_hint_player" if s.player_id else "stats.figures_hint")
    for f in shown:
        label_key = _label(game, f.name, f.key, "en").key  # the Msg figure_label renders
        late(label_key, lambda lang, f=f: figure_label(game, f.name, f.key, lang), f"{f.name}/{f.key}")
        key = "ui.stats.figure" if f.per_seat else "ui.stats.figure_table"
        late(
            key,
            lambda lang, f=f, key=key: translate(
                key,
                lang,
                total=figure_text(game, f.name, f.total, lang),
                mean=figure_text(game, f.name, f.mean, lang, mean=True),
            ),
            repr(f),
        )
    ui("stats.axis_count")  # spread_chart's axes
    ui("stats.axis_money" if money_game(game) else "stats.axis_points")
    for a, b, n in buckets(s.spread):  # spread_chart's bar tooltips, lines 250-252
        if a != b:
            late(
                "ui.stats.bar",
                lambda lang, a=a, b=b, n=n: translate(
                    "ui.stats.bar", lang, low=score_text(game, a, lang), high=score_text(game, b, lang), n=n
                ),
                f"{a}-{b}-{n}",
            )
        else:
            late(
                "ui.stats.bar_one",
                lambda lang, a=a, n=n: translate(
                    "ui.stats.bar_one", lang, score=score_text(game, a, lang), n=n
                ),
                f"{a}-{n}",
            )


def _stats_cli(c: Collector, game: str, s: Any, stats_text: Callable[[Any, str], str]) -> None:
    """``companion stats``: cli_plays._stats_text, one item a line (each line's first key)."""
    keys = ["plays.cli.stats_head"]
    keys += ["plays.cli.stats_length"] * (s.average_seconds is not None) + ["plays.cli.stats_scores"]
    keys += ["plays.cli.stats_wins"] * bool(s.player_id) + ["plays.cli.stats_players"]
    keys += ["plays.cli.stats_player"] * len(s.players)
    keys += ["plays.cli.stats_by_seat", "plays.cli.stats_by_count", "plays.cli.stats_spread"]
    figures = [f for f in s.figures if f.name != "points"]
    keys += (["plays.cli.stats_figures"] + ["plays.cli.figure"] * len(figures)) if figures else []
    for i, key in enumerate(keys):
        c.raw(
            game,
            "statistics",
            key,
            lambda lang, i=i: stats_text(s, lang).split("\n")[i],
            f"cli-{s.player_id}-{i}",
        )


# ---- tips and rules -----------------------------------------------------------------------
def _tips_and_rules(c: Collector) -> None:
    """The "first game" tip card (companion/ui/teach.py) and the rule card
    (companion/ui/rule_card.py): lookup texts and rule texts in the reader's language."""
    from companion.core.rulebook import rules
    from companion.lookup.data import GAMES, book

    for lookup_game in GAMES:
        game = "app" if lookup_game == "core" else lookup_game
        for rid in rules(lookup_game, "en"):
            for part in ("title", "text"):
                c.raw(
                    game,
                    "rule",
                    rid,
                    lambda lang, g=lookup_game, r=rid, a=part: getattr(rules(g, lang)[r], a),
                    part,
                )
            for i, _ in enumerate(book(lookup_game, "en").extra_of(rid).examples):
                c.raw(
                    game,
                    "rule",
                    rid,
                    lambda lang, g=lookup_game, r=rid, i=i: book(g, lang).extra_of(r).examples[i],
                    f"example-{i}",
                )
        for i, q in enumerate(book(lookup_game, "en").extra.clarifications):
            for part in ("question", "answer"):
                c.raw(
                    game,
                    "rule",
                    q.rule_id,
                    lambda lang, g=lookup_game, i=i, a=part: getattr(
                        book(g, lang).extra.clarifications[i], a
                    ),
                    f"{q.id}-{part}",
                )
        for kind, note in book(lookup_game, "en").extra.teach.items():
            for i, _ in enumerate(note.lines):
                c.raw(
                    game,
                    "tip",
                    note.rule_id,
                    lambda lang, g=lookup_game, k=kind, i=i: book(g, lang).extra.teach[k].lines[i],
                    f"{kind}-{i}",
                )
            title = lambda lang, r=note.rule_id: rules(r.split(".", 1)[0], lang)[r].title  # noqa: E731
            c.raw(
                game,
                "tip",
                "ui.rules.teach.rule",
                lambda lang, t=title: translate("ui.rules.teach.rule", lang, title=t(lang)),
                kind,
            )
    for key in ("rules.teach.title", "rules.teach.off", "rules.teach.dismiss"):  # teach_card: lookup_text
        c.raw("app", "tip", key, lambda lang, k=key: translate(k, lang))
    for key in (
        "rules.teach.switch",
        "rules.teach.on",
        "rules.teach.option",
        "rules.teach.without",
        "rules.teach.with",
    ):
        c.ui("app", "tip", key)  # teach_switch and setup_option: the translator
    for n in (1, 2, 5):
        c.ui("app", "tip", "rules.teach.left", n=n)


# ---- file and code errors -----------------------------------------------------------------
def _file_errors(c: Collector, table: Table) -> None:
    from companion.core.table import TableError
    from companion.share import snapshot
    from companion.share.errors import SnapshotError

    good = table.to_dict()
    damaged = [
        "{",
        "",
        "[]",
        '{"game": "chess"}',
        table.to_json().replace('"players"', '"people"', 1),
        table.to_json().replace(f'"{good["game"]}"', '"chess"', 1),
    ]
    for text in damaged:
        try:
            Table.from_json(text)
        except TableError as exc:
            c.msg("app", "error", exc.msg)
    try:
        code = snapshot.encode(table)
    except SnapshotError as exc:
        c.msg("app", "error", exc.msg)
        return
    middle = len(code) // 2
    flipped = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1 :]
    for text in ["", "hello", code[: len(code) // 2], flipped, code + "7", "X" + code[1:]]:
        try:
            snapshot.decode(text)
        except SnapshotError as exc:
            c.msg("app", "error", exc.msg)


@cache
def _items(games_per_game: int) -> tuple[tuple[Item, ...], dict[str, int]]:
    c = Collector()
    tables: list[Table] = []
    played: dict[str, int] = {}
    for game in LIMITS:
        for n, options, seed in game_setups(game, games_per_game):
            tables.append(play_one(c, game, n, options, seed))
            played[game] = played.get(game, 0) + 1
    for table in tables[:: max(1, games_per_game // 2)]:
        _file_errors(c, table)
    _statistics(c, tables)
    _tips_and_rules(c)
    return tuple(c.items.values()), played


def games_played(games_per_game: int = GAMES_PER_GAME) -> dict[str, int]:
    """How many complete games of each game ``corpus`` read."""
    return dict(_items(games_per_game)[1])


@cache
def _corpus(lang: str, games_per_game: int) -> tuple[Rendered, ...]:
    out: dict[tuple[str, str, str, str], Rendered] = {}
    for item in _items(games_per_game)[0]:
        text = item.render(lang)
        out.setdefault(
            (item.game, item.source, item.key, text), Rendered(item.game, item.source, item.key, lang, text)
        )
    return tuple(out.values())


def corpus(lang: str, games_per_game: int = GAMES_PER_GAME) -> list[Rendered]:
    """Every distinct text the games show in ``lang`` (played once, cached per arguments)."""
    return list(_corpus(lang, games_per_game))


if __name__ == "__main__":
    import time
    from collections import Counter

    start = time.perf_counter()
    found = {lang: corpus(lang) for lang in ("en", "es")}
    print(f"{time.perf_counter() - start:.1f} s; games {games_played()}")
    for lang, texts in found.items():
        print(lang, len(texts), sorted(Counter(r.source for r in texts).items()))
