"""Names of the game-specific figures, as the statistics show them."""

from __future__ import annotations

from companion.core.msg import Msg, msg
from companion.core.rulebook import rule
from companion.i18n import MONEY_AVERAGE_STEP, catalog, translate

# Dragon ledger sources and the causes of a person's loss that are not an event's name.
DRAGON_SOURCES = (
    "rounds",
    "palaces",
    "ladies",
    "privileges",
    "research",
    "festival",
    "mongol",
    "persons",
    "monks",
    "leftovers",
    "wall_bonus",
    "wall",
    "lantern",
    "buddha",
    "charter",
)


def _cause(key: str) -> Msg:
    if key == "wall":
        return msg("dragon.wall.name")
    for area in ("event", "super"):
        if f"dragon.{area}.{key}" in catalog("en"):
            return msg(f"dragon.{area}.{key}")
    return msg("plays.fig.cause.no_room" if key == "no_room" else "plays.fig.cause.other")


def figure_label(game: str, name: str, key: str, lang: str) -> str:
    """``name``/``key`` of a stored figure (companion/plays/figures.py) as a line's label, in
    ``lang``: a person reads rule titles, never rule ids."""
    return _label(game, name, key, lang).render(lang)


def _label(game: str, name: str, key: str, lang: str) -> Msg:
    if name == "points":
        found = rule(key, lang)
        return msg("plays.fig.points", rule=found.title if found else msg("plays.fig.cause.other"))
    if name == "vp":
        source = f"plays.fig.source.{key}"
        return msg("plays.fig.vp", source=msg(source) if key in DRAGON_SOURCES else key)
    if name == "lost":
        return msg("plays.fig.lost", cause=_cause(key))
    if name == "income":
        return msg("plays.fig.income", year=key)
    return msg(f"plays.fig.{name}")


def money_game(game: str) -> bool:
    """Whether ``game``'s final score is money (its spec says; a game this build lacks: points)."""
    from companion.core.registry import UnknownGame, spec

    try:
        return spec(game).score_unit == "money"
    except UnknownGame:
        return False


def _with_unit(game: str, number: str, lang: str) -> str:
    """A number of points with its unit where the game's spec names it ("41 VP" / "41 PV", joined
    by a non-breaking space); the bare number for a game this build lacks (its unit unknown)."""
    from companion.core.registry import UnknownGame, spec

    try:
        unit = spec(game).score_unit
    except UnknownGame:
        return number
    return translate("plays.score_vp", lang, n=number) if unit == "vp" else number


def format_final_score(game: str, score: int | None, lang: str) -> str:
    """A play's final score as the game counts it: "$760,000" / "760.000 $", or "42 VP"; "no
    score" when it is not known (a play logged with its winners alone)."""
    from companion.i18n import format_money, translate

    if score is None:
        return translate("plays.no_score", lang)
    return format_money(score, lang) if money_game(game) else _with_unit(game, str(score), lang)


def seat_score_text(game: str, score: int | None, winner: bool, lang: str) -> str:
    """A seat's result in the log: its final score, or for a play logged with its winners alone
    "won" / "no score" ("ganó" / "sin puntos")."""
    from companion.i18n import translate

    if score is None and winner:
        return translate("plays.score_won", lang)
    return format_final_score(game, score, lang)


def score_text(game: str, value: float | None, lang: str) -> str:
    """A score, a best or a worst as the game counts it: money in the reader's format for
    Chinatown ("$670,000" / "670.000 $"), else points ("36 VP" / "36 PV"); "no scores" when no
    score is behind it (plays logged with their winners alone), never a 0."""
    from companion.i18n import format_money, format_number, translate

    if value is None:
        return translate("plays.no_scores", lang)
    if money_game(game):
        return format_money(round(value), lang)
    return _with_unit(game, format_number(value, lang), lang)


# Below this, an average of money is written to the dollar: rounded to MONEY_AVERAGE_STEP it
# would lose its figures (scores a BoardGameGeek or BG Stats group logged in thousands, "670" for
# $670,000, averaged "$0" beside a best of "$150"). A formatting bound, ten rounding steps, not a
# rule of any game.
THOUSANDS_LOGGED = 10 * MONEY_AVERAGE_STEP


def average_shown(game: str, value: float) -> float:
    """An average as ``average_text`` writes it, for a chart to plot what its texts say:
    Chinatown's money to the nearest 1,000 (to the dollar when the scores were logged in
    thousands), else points to a tenth."""
    from companion.i18n import average_amount

    if not money_game(game):
        return round(value, 1)
    return average_amount(value, "money") if abs(value) >= THOUSANDS_LOGGED else average_amount(value, "vp")


def average_text(game: str, value: float | None, lang: str) -> str:
    """An average score: Chinatown's money to the nearest 1,000 ("$673,000" / "673.000 $", not
    "673.333 $"; to the dollar for scores logged in thousands, "$106", not "$0"), else points to
    a tenth ("36.4 VP" / "36,4 PV"); "no scores" when no score is
    behind it (plays logged with their winners alone), never a 0."""
    from companion.i18n import format_money, format_number, translate

    if value is None:
        return translate("plays.no_scores", lang)
    if money_game(game):
        return format_money(average_shown(game, value), lang)  # "$106" in thousands, never "$0"
    return _with_unit(game, format_number(value, lang), lang)


# Game figures counted in money (companion/plays/figures.py): income, money handed over in trades.
MONEY_FIGURES = frozenset({"income", "trade_money_in", "trade_money_out", "table_trade_money"})


def figure_text(game: str, name: str, value: float | None, lang: str, *, mean: bool = False) -> str:
    """A figure's total or ``mean``: money where the figure is money (Chinatown's points are
    too), a mean of money to the nearest 1,000 as every average of money."""
    from companion.i18n import format_average, format_money, format_number

    if value is None:
        return "-"
    if name in MONEY_FIGURES or (money_game(game) and name == "points"):
        return format_average(value, "money", lang) if mean else format_money(round(value), lang)
    return format_number(value, lang)


def streak_text(current: int, lang: str) -> str:
    """A current streak (companion/store/plays_insights.py) in words: wins in a row, plays in a
    row without a win, or none."""
    from companion.i18n import translate

    if current > 0:
        return translate("insights.streak_wins", lang, n=current)
    if current < 0:
        return translate("insights.streak_losses", lang, n=-current)
    return translate("insights.streak_none", lang)
