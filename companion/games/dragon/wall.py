"""The Great Wall expansion: the "Build the Wall" action and the wall check.

A wall section is (builder seat, bonus); the wall lies under the event row from month 1 on.
The wall check runs after each Mongol Invasion and once more after the month-12 event
(reference §5; the either/or reading of the check is unverified, §9 item 4).
"""

from __future__ import annotations

from companion.core.msg import Msg, msg
from companion.core.offers import offer
from companion.core.protocol import Effect, RuleViolation, told
from companion.games.dragon.data import RULES
from companion.games.dragon.entries import Act
from companion.games.dragon.state import (
    DragonState,
    release_task,
    score_item,
    without,
)

CARD = RULES.wall.card.id


def wall_refusal(state: DragonState, seat: int) -> RuleViolation | None:
    """Why the player cannot build the wall now, or None."""
    if len(state.wall) >= RULES.wall.max_sections:
        return RuleViolation("dragon.wall.build", "dragon.err.wall_full", max=RULES.wall.max_sections)
    if not state.players[seat].wall_tiles:
        return RuleViolation("dragon.wall.build", "dragon.err.wall_no_tiles")
    return None


def wall_options(state: DragonState, seat: int) -> list[Act]:
    """One "Build the Wall" action per wall tile the player still holds (none when refused)."""
    if wall_refusal(state, seat) is not None:
        return []
    return [offer(Act, seat=seat, card=CARD, bonus=b) for b in state.players[seat].wall_tiles]


def bonus_msg(bonus: str) -> Msg:
    return msg(f"dragon.wall.bonus.{bonus}", n=RULES.wall_bonus[bonus])


def bonus_tile_msg(bonus: str) -> Msg:
    """The bonus as a wall tile's two lines say it: the track's is shortened ("person track +3"),
    said whole elsewhere ("3 spaces on the person track"), as History and the names have room."""
    if bonus == "track":
        return msg("dragon.wall.tile.track", n=RULES.wall_bonus[bonus])
    return bonus_msg(bonus)


def build_wall(s: DragonState, e: Act, fx: list[Effect]) -> bool:
    """Lay the wall tile and take its bonus; True when floors are still to be placed."""
    assert e.bonus is not None
    p = s.player_mut(e.seat)
    amount = RULES.wall_bonus[e.bonus]
    p.wall_tiles = without(p.wall_tiles, e.bonus)
    s.wall = [*s.wall, (e.seat, e.bonus)]
    if e.bonus == "track":
        s.move(e.seat, amount)
    elif e.bonus == "rice":
        p.rice += amount
    elif e.bonus == "palace":
        s.floors_left = amount
    elif e.bonus == "yuan":
        p.yuan += amount
    elif e.bonus == "fireworks":
        p.fireworks += amount
    elif e.bonus == "vp":
        p.score(score_item(s.month, "wall_bonus", amount, amount))
    fx.append(
        told(
            "dragon.wall.bonus",
            e.seat,
            "dragon.fx.wall_build",
            player=p.name,
            section=len(s.wall),
            bonus=bonus_msg(e.bonus),
        )
    )
    return bool(s.floors_left)


def sections(state: DragonState) -> list[int]:
    """How many wall sections each seat has built."""
    built = [0] * len(state.players)
    for seat, _ in state.wall:
        built[seat] += 1
    return built


def wall_check(s: DragonState, fx: list[Effect]) -> None:
    """A wall shorter than the month number costs the fewest builders a person each;
    otherwise every builder scores per section."""
    built = sections(s)
    order = s.track_order()
    if len(s.wall) < s.month:
        fewest = min(built)
        losers = [seat for seat in order if built[seat] == fewest]
        fx.append(
            told(
                "dragon.wall.check",
                None,
                "dragon.fx.wall_short",
                length=len(s.wall),
                month=s.month,
                fewest=fewest,
                players=[s.players[i].name for i in losers],
                n=len(losers),
            )
        )
        for seat in losers:
            s.tasks = [
                *s.tasks,
                release_task(seat, RULES.wall.releases_per_fewest, "dragon.wall.check"),
            ]
        return
    fx.append(told("dragon.wall.check", None, "dragon.fx.wall_holds", length=len(s.wall), month=s.month))
    for seat in order:
        if not built[seat]:
            continue
        points = built[seat] * RULES.wall.vp_per_section
        s.player_mut(seat).score(score_item(s.month, "wall", points, built[seat]))
        fx.append(
            told(
                "dragon.wall.check",
                seat,
                "dragon.fx.wall_vp",
                player=s.players[seat].name,
                vp=points,
                n=built[seat],
            )
        )
