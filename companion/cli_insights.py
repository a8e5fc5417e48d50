"""`companion stats --player NAME` and `--records`: a player's page and the games' records as
text, in either language (companion/store/plays_insights.py computes them)."""

from __future__ import annotations

from typing import Any

from companion.i18n import format_percent, format_when, translate
from companion.plays.labels import streak_text


def _t(lang: str) -> Any:
    return lambda key, **kw: translate(key, lang, **kw)


def record_value(record: Any, lang: str) -> str:
    """A record's value: points as the game writes them, a length in minutes."""
    from companion.plays.labels import score_text

    if record.kind in ("longest", "shortest"):
        return translate("plays.cli.minutes", lang, n=round(record.value / 60))
    return score_text(record.game, record.value, lang)


def record_line(record: Any, lang: str, *, with_game: bool = False) -> str:
    """One record: what, its value, its holders, when, and the play's id (for `companion play`)."""
    from companion.core.limits import shown
    from companion.games import get

    t = _t(lang)
    what = t(f"insights.record.{record.kind}")
    if with_game:
        what = f"{get(record.game).title.render(lang)} · {what}"
    return t(
        "insights.record_line",
        what=what,
        value=record_value(record, lang),
        holders=", ".join(shown(h.name) for h in record.holders),
        date=format_when(record.date, lang, time=False),
        id=record.play_id[:8],
    ) + _doubt(record, lang)


def rescore_command(play_id: str) -> str:
    """The command that corrects a play's scores (a command, never translated): under a doubtful
    play (`companion plays`) and under a record one holds (`stats --records`)."""
    return f"companion play {play_id[:8]} --scores"


def _doubt(record: Any, lang: str) -> str:
    """Under a score record held by a play with a score the game cannot give: the flag
    `companion plays` puts under such a play, with the command that corrects it."""
    if not record.doubtful:
        return ""
    from companion.plays.bounds import record_doubt

    doubt = record_doubt(record.game, record.doubt_name or "", record.doubt_score or 0)
    said = translate(
        "plays.cli.doubt", lang, doubt=doubt.render(lang), command=rescore_command(record.play_id)
    )
    return "\n    " + said


def records_text(by_game: list[tuple[str, list[Any]]], group_h: int | None, lang: str) -> str:
    """The records of each game (title, then a line per record), and the group's H-index."""
    from companion.games import get

    t = _t(lang)
    out = []
    for game, records in by_game:
        title = get(game).title.render(lang)
        if not records:
            out.append(t("insights.records_none", game=title))
            continue
        out.append(t("insights.records_head", game=title))
        out += ["  " + record_line(r, lang) for r in records]
    if group_h is not None:
        out.append(t("insights.group_h_index", n=group_h))
    return "\n".join(out)


def page_text(page: Any, lang: str) -> str:
    """A player's page as lines: totals, per game, first and last play, streaks, seat, rival and
    nemesis, records held, head-to-head."""
    from companion.core.limits import shown
    from companion.games import get
    from companion.plays.labels import average_text, score_text
    from companion.store.plays_insights import MIN_SHARED

    t = _t(lang)
    name = shown(page.name)
    if not page.plays:
        return t("insights.page_none", name=name)
    out = [
        t(
            "insights.page_head",
            name=name,
            plays=page.plays,
            wins=page.wins,
            rate=format_percent(page.win_rate, lang),
        )
    ]
    for g in page.games:
        out.append(
            "  "
            + t(
                "insights.page_game" if g.average is not None else "insights.page_game_unscored",
                game=get(g.game).title.render(lang),
                plays=g.plays,
                wins=g.wins,
                rate=format_percent(g.win_rate, lang),
                average=average_text(g.game, g.average, lang),
                best=score_text(g.game, g.best, lang),
            )
        )
    out.append(
        t(
            "insights.page_first_last",
            first=format_when(page.first_play.date, lang, time=False, day_only=page.first_play.day_only),
            last=format_when(page.last_play.date, lang, time=False, day_only=page.last_play.day_only),
        )
    )
    out.append(
        t(
            "insights.page_streaks",
            longest=page.longest_win_streak,
            current=streak_text(page.current_streak, lang),
        )
    )
    out.append(
        t("insights.page_seat", seat=page.favourite_seat + 1)
        + " · "
        + t("insights.page_h_index", n=page.h_index)
    )
    out += _rivals(page, lang, MIN_SHARED)
    if page.records:
        out.append(t("insights.page_records"))
        out += ["  " + record_line(r, lang, with_game=True) for r in page.records]
    if page.head_to_head:
        out.append(t("insights.page_h2h"))
        out += [
            "  " + t("insights.page_h2h_line", n=h.shared, **h.model_dump() | {"name": shown(h.name)})
            for h in page.head_to_head
        ]
    return "\n".join(out)


def _rivals(page: Any, lang: str, least: int) -> list[str]:
    from companion.core.limits import shown

    t = _t(lang)
    if page.rival is None:
        return [t("insights.page_no_rival", min=least)]
    out = [t("insights.page_rival", name=shown(page.rival.name), n=page.rival.shared, min=least)]
    if page.nemesis is not None:
        n = page.nemesis
        out.append(t("insights.page_nemesis", name=shown(n.name), n=n.behind, shared=n.shared))
    return out
