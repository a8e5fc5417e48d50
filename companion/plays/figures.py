"""Game-specific figures of a finished table, read off its log (pure, no I/O).

Each game's function takes (states, effects, entries, scoreboard) as ``table_history`` gives
them and returns Figures; the store keeps them as rows so the statistics are SQL sums.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from companion.core.protocol import Effect, Scoreboard
from companion.plays.models import Figure

History = Callable[[Sequence[Any], Sequence[list[Effect]], Sequence[Any], Scoreboard], list[Figure]]

# The figures the games break a tie on the best total by (kept for every play, the plays scored
# with a calculator too, so a play's tie line can give them without its table: companion/plays/ties.py).
TRACK_PLACE = "track_place"  # Dragon: the place on the person track at the end (1 = furthest ahead)
SHOP_TILES = "shop_tiles"  # Chinatown: shop tiles on the board at the end
FLOOD_CARDS = "flood_cards"  # Da Yu: flood cards taken
TIE_FIGURES = {"dragon": TRACK_PLACE, "chinatown": SHOP_TILES, "dayu": FLOOD_CARDS}

# Dragon effects that say a person left a realm for good.
RELEASE_KEYS = {
    "dragon.fx.release",
    "dragon.fx.release_forced",
    "dragon.fx.release_new",
    "dragon.fx.displace",
    "dragon.fx.quake_gone",
}


def _points(board: Scoreboard) -> list[Figure]:
    """Every game: each seat's points by the rule that gave them (the scoreboard's breakdown)."""
    out: Counter[tuple[int, str]] = Counter()
    for row in board.rows:
        for line in row.breakdown:
            out[(row.seat, line.rule_id)] += line.points
    return [Figure(seat=s, name="points", key=k, value=v) for (s, k), v in sorted(out.items())]


def generic(
    states: Sequence[Any], effects: Sequence[list[Effect]], entries: Sequence[Any], board: Scoreboard
) -> list[Figure]:
    """A game without figures of its own: its points by rule."""
    return _points(board)


def _loss_cause(rule_id: str) -> str:
    """A person's loss by what caused it: the event, the wall check, a super event, no room."""
    if rule_id == "dragon.wall.check":
        return "wall"
    if rule_id == "dragon.decision.full_palaces":
        return "no_room"
    for prefix in ("dragon.event.", "dragon.super."):
        if rule_id.startswith(prefix):
            return rule_id.removeprefix(prefix)
    return "other"


def _releases(fx: Sequence[Effect], seat: int, gone: int) -> list[tuple[str, int]]:
    """Each person ``seat`` lost in one entry, under the cause of its own release effect: one entry
    can release for two causes (no room, then the Tribute; an invasion, then the wall check)."""
    out: list[tuple[str, int]] = []
    for e in fx:
        if e.seat != seat or e.msg.key not in RELEASE_KEYS:
            continue
        if e.msg.key == "dragon.fx.quake_gone":  # a whole palace at once ("—" when it stood empty)
            persons = e.msg.args.get("persons")
            count = len(persons) if isinstance(persons, list) else 0
        else:
            count = 1
        if count:
            out.append((_loss_cause(e.rule_id), count))
    counted = sum(n for _, n in out)
    if counted != gone:  # an effect the keys above miss: count the rest, never drop a person
        out.append(("other", gone - counted))
    return out


def dragon(
    states: Sequence[Any], effects: Sequence[list[Effect]], entries: Sequence[Any], board: Scoreboard
) -> list[Figure]:
    from companion.games.dragon.public import RULES

    end = states[-1]
    figures = _points(board)
    for seat, player in enumerate(end.players):
        vp: Counter[str] = Counter()
        for item in player.ledger:
            vp[item.source] += item.points
        figures += [Figure(seat=seat, name="vp", key=k, value=v) for k, v in sorted(vp.items())]
    lost: Counter[tuple[int, str]] = Counter()
    for i, fx in enumerate(effects):
        before, after = states[i].players, states[i + 1].players
        for seat, (old, new) in enumerate(zip(before, after, strict=True)):
            gone = len(new.released) - len(old.released)
            if gone > 0:
                for cause, count in _releases(fx, seat, gone):
                    lost[(seat, cause)] += count
    figures += [Figure(seat=s, name="lost", key=k, value=v) for (s, k), v in sorted(lost.items())]
    # The tie-break's figure: each seat's place on the person track (1 = furthest ahead, on top)
    figures += [Figure(seat=s, name=TRACK_PLACE, value=n) for n, s in enumerate(end.track_order(), start=1)]
    if end.options.great_wall:
        done = int(len(end.wall) >= RULES.wall.max_sections)
        figures.append(Figure(name="wall_finished", value=done))
        figures.append(Figure(name="wall_sections", value=len(end.wall)))
    return figures


def chinatown(
    states: Sequence[Any], effects: Sequence[list[Effect]], entries: Sequence[Any], board: Scoreboard
) -> list[Figure]:
    from companion.games.chinatown.public import DATA, Trade, find_businesses

    end = states[-1]
    figures = _points(board)
    for year, paid in enumerate(end.income):
        figures += [
            Figure(seat=seat, name="income", key=str(DATA.years[year]), value=v)
            for seat, v in enumerate(paid)
        ]
    largest = Counter[int]()
    for b in find_businesses(end.owner, end.shop):
        largest[b.owner] = max(largest[b.owner], b.size)
    figures += [Figure(seat=s, name="largest_business", value=largest[s]) for s in range(end.n)]
    figures += [Figure(seat=s, name=SHOP_TILES, value=end.tiles_on_board(s)) for s in range(end.n)]
    trades = [e for e in entries if isinstance(e, Trade)]
    took_part: Counter[int] = Counter()
    got: Counter[int] = Counter()
    gave: Counter[int] = Counter()
    for trade in trades:
        for seat in {g.giver for g in trade.gives} | {g.receiver for g in trade.gives}:
            took_part[seat] += 1
        for g in trade.gives:
            got[g.receiver] += g.money
            gave[g.giver] += g.money
    for s in range(end.n):
        figures += [
            Figure(seat=s, name="trades", value=took_part[s]),
            Figure(seat=s, name="trade_money_in", value=got[s]),
            Figure(seat=s, name="trade_money_out", value=gave[s]),
        ]
    figures.append(Figure(name="table_trades", value=len(trades)))
    figures.append(Figure(name="table_trade_money", value=sum(g.money for t in trades for g in t.gives)))
    return figures


def dayu(
    states: Sequence[Any], effects: Sequence[list[Effect]], entries: Sequence[Any], board: Scoreboard
) -> list[Figure]:
    end = states[-1]
    figures = _points(board)
    figures += [Figure(seat=s, name=FLOOD_CARDS, value=len(p.flood)) for s, p in enumerate(end.players)]
    figures += _frame_bonus(board)
    return figures


def _frame_bonus(board: Scoreboard) -> list[Figure]:
    return [
        Figure(
            seat=row.seat,
            name="frame_bonus",
            value=sum(line.points for line in row.breakdown if line.rule_id == "dayu.flood.frame_bonus"),
        )
        for row in board.rows
    ]


FIGURES: dict[str, History] = {"dragon": dragon, "chinatown": chinatown, "dayu": dayu}


def calc_figures(game: str, rows: list[dict[str, Any]]) -> list[Figure]:
    """The figures a final-scoring calculator's result holds: points by rule (and source), Da Yu's
    flood cards and frame bonuses, and each game's tie-break figure (``TIE_FIGURES``)."""
    out: list[Figure] = []
    if game == "dragon":  # further ahead first; on one space, the player listed first is higher
        by_track = sorted(range(len(rows)), key=lambda i: (-int(rows[i]["track"]), i))
        out += [Figure(seat=i, name=TRACK_PLACE, value=n) for n, i in enumerate(by_track, start=1)]
    elif game == "chinatown":
        out += [Figure(seat=i, name=SHOP_TILES, value=int(row["shops"])) for i, row in enumerate(rows)]
    for seat, row in enumerate(rows):
        by_rule: Counter[str] = Counter()
        by_source: Counter[str] = Counter()
        for line in row.get("breakdown", []):
            by_rule[str(line["rule_id"])] += int(line["points"])
            if game == "dragon" and isinstance(line.get("label"), str):
                by_source[line["label"] if line["label"] != "vp" else "rounds"] += int(line["points"])
        out += [Figure(seat=seat, name="points", key=k, value=v) for k, v in sorted(by_rule.items())]
        out += [Figure(seat=seat, name="vp", key=k, value=v) for k, v in sorted(by_source.items())]
        if game == "dayu":
            out.append(Figure(seat=seat, name=FLOOD_CARDS, value=int(row.get("flood_cards", 0))))
            frame = sum(
                int(line["points"])
                for line in row.get("breakdown", [])
                if line.get("rule_id") == "dayu.flood.frame_bonus"
            )
            out.append(Figure(seat=seat, name="frame_bonus", value=frame))
    return out
