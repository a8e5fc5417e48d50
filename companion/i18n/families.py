"""Message keys built at run time (``msg(f"dragon.type.{kind}")``), declared here.

Extraction (keys.py) reads literals; an f-string key cannot be read, so each one must match a
family below. A family lists the values it takes when the game data names them; a family
given as ``None`` takes every catalogue key of that shape (one more segment), and its keys
are checked instead by rendering random complete games in every language
(tests/test_i18n_games.py), which fails on any key a catalogue lacks.
"""

from __future__ import annotations

from collections.abc import Iterable

STATUSES = ("official", "decision", "unverified")  # a rule's status (companion/core/rulebook.py)


def _keys(pattern: str, values: Iterable[str]) -> set[str]:
    return {pattern.format(v) for v in values}


def families() -> dict[str, set[str] | None]:
    from companion.core.table import PLAYER_COLORS
    from companion.games.chinatown.data import DATA as CHINATOWN
    from companion.games.dayu.data import DATA as DAYU
    from companion.games.dayu.data import FRAMES
    from companion.games.dayu.data import POINTS_KIND as DAYU_POINTS
    from companion.games.dragon.data import RULES
    from companion.games.dragon.hindsight import MONTH_SOURCES
    from companion.i18n import LANGUAGES
    from companion.i18n.termbase import GAMES
    from companion.store.plays_insights import RECORD_KINDS
    from companion.ui.settings import THEMES
    from companion.ui.views.chrome import FINISHED_TABS as TABS

    return {
        "dragon.type.{}": _keys("dragon.type.{}", RULES.type_ids),
        "dragon.tile.{}.{}": _keys("dragon.tile.{}", {t.replace(":", ".") for t in RULES.faces}),
        "dragon.power.{}": _keys("dragon.power.{}", {t.symbol for t in RULES.types.values()}),
        "chinatown.shop.{}": _keys("chinatown.shop.{}", CHINATOWN.shop_ids),
        "ui.chinatown.short.{}": _keys("ui.chinatown.short.{}", CHINATOWN.shop_ids),
        "dayu.frame.{}": _keys("dayu.frame.{}", FRAMES),
        "foresight.dayu.a_card.{}": _keys("foresight.dayu.a_card.{}", set(DAYU.flood_kinds) - {DAYU_POINTS}),
        "ui.color.{}": _keys("ui.color.{}", PLAYER_COLORS),
        "ui.nav.{}": _keys("ui.nav.{}", TABS),
        "ui.scores.by_round.{}": _keys("ui.scores.by_round.{}", GAMES),
        "ui.scores.round_axis.{}": _keys("ui.scores.round_axis.{}", GAMES),
        "ui.settings.{}.{}": _keys("ui.settings.theme.{}", THEMES) | _keys("ui.settings.lang.{}", LANGUAGES),
        "ui.rules.status.{}": _keys("ui.rules.status.{}", STATUSES),
        "cli.status.{}": _keys("cli.status.{}", STATUSES),
        "insights.record.{}": _keys("insights.record.{}", RECORD_KINDS),
        # Steps, cards, phases and sources named by the engines' own tables:
        "chinatown.phase.{}": None,
        "dayu.banner.over_{}": None,
        "dayu.card.{}": None,
        "dayu.fx.over_{}": None,
        "dayu.kind.{}": None,
        "dayu.flood.{}": None,
        "dragon.action.{}": None,
        "dragon.super.{}": None,
        "dragon.tip.super.{}": _keys("dragon.tip.super.{}", RULES.super_events.events),
        "dragon.tip.super_done.{}": _keys(
            "dragon.tip.super_done.{}", ("lantern", "buddha", "assassination", "volcano", "eclipse")
        ),
        "dragon.calc.{}": None,
        "dragon.err.row_{}": None,
        "dragon.fx.charter_{}": None,
        "dragon.fx.{}": None,
        "dragon.label.charter_{}": None,
        "dragon.label.{}": None,
        "dragon.did.{}": None,
        "dragon.privilege.{}": None,
        "dragon.prompt.{}": None,
        "dragon.score.{}": None,
        "dragon.step.{}": None,
        "dragon.wall.bonus.{}": None,
        "share.part.{}": None,
        "ui.dragon.quick.{}": None,
        # Foresight lines named by the kind of change or hint they report:
        "foresight.dragon.hint.{}": None,
        "foresight.dragon.part.{}": None,
        "foresight.dragon.ask.{}": None,
        "foresight.dragon.{}": _keys("foresight.dragon.{}", ("fireworks", "helmets")),
        "foresight.chinatown.change.{}": None,
        "foresight.chinatown.tile.{}": None,
        "foresight.hindsight.source.{}": _keys("foresight.hindsight.source.{}", MONTH_SOURCES),
        # Play-log columns, sources and statistics named by companion/plays:
        "plays.csv.{}": None,
        "plays.source.{}": None,
        "plays.fig.source.{}": None,
        "plays.fig.{}": None,
        "foresight.dayu.{}": _keys("foresight.dayu.{}", ("hand_fits", "hand_fits_up_to", "hand_no_fit")),
    }
