"""``companion review FILE [--seat NAME] [--json] [--lang es]``: the review of a table file (issue 30).

Imported only when the command runs (the CLI's lazy imports, tests/cli/test_cli_imports.py).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from companion.i18n import format_average, format_score, restates, translate
from companion.review.model import as_msg


def run(args: argparse.Namespace, read: Any, seat_of: Any) -> None:
    """``read(path)`` gives the file's text, ``seat_of(table, name)`` the seat of a player name
    (both from cli.py, which owns the error messages)."""
    from companion.core import Table
    from companion.review import Budget, review

    table = Table.from_json(read(args.file))
    seat = None if args.seat is None else seat_of(table, args.seat)
    budget = Budget(alternatives=args.alternatives, seconds=args.seconds)
    result = review(table, seat=seat, budget=budget)
    if args.json:
        print(json.dumps(review_json(result, args.lang), ensure_ascii=False, indent=2))
        return
    for line in review_lines(result, args.lang):
        print(line)


def review_json(result: Any, lang: str) -> Any:
    """The review as JSON, with every message also rendered in ``lang`` (``text`` beside it)."""
    return _rendered(result.model_dump(mode="json"), lang)


def _rendered(node: Any, lang: str) -> Any:
    """``node`` with ``text`` added beside every message ({"key", "args"}) in it."""
    if isinstance(node, list):
        return [_rendered(item, lang) for item in node]
    if not isinstance(node, dict):
        return node
    if set(node) == {"key", "args"}:
        return {**node, "text": as_msg(node).render(lang)}
    return {key: _rendered(value, lang) for key, value in node.items()}


def review_lines(result: Any, lang: str) -> list[str]:
    """The review as the terminal shows it: each line cites the rule behind it in brackets."""
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    unit = result.unit
    lines = [f"{note.render(lang)} [core.review]" for note in result.notes]
    for player in result.players:
        lines.append("")
        if player.hidden:
            lines.append(t("review.cli.hidden", player=player.name))
            continue
        lines.append(_headline(player, unit, lang))
        for source in player.sources:
            lines.append(_source_line(source, unit, lang))
        if player.decisions and not player.turning_points:  # none looked at: nothing to say
            lines.append("  " + t("review.cli.no_turning", n=player.decisions))
        for decision in player.turning_points:
            lines += _decision_lines(decision, unit, lang)
        if player.unexamined:  # the budget ran out first: which ones, as the play log numbers them
            lines.append(
                "  " + t("review.cli.unexamined", n=len(player.unexamined), entries=_positions(player))
            )
    lines.append("")
    lines.append(
        t("review.cli.work", done=result.evaluated, left=result.unevaluated, seconds=f"{result.seconds:.2f}")
    )
    return lines


LISTED = 12  # unexamined decisions named on the line; the JSON has them all


def _positions(player: Any) -> str:
    shown = ", ".join(str(i + 1) for i in player.unexamined[:LISTED])
    return shown + (", …" if len(player.unexamined) > LISTED else "")


def _headline(player: Any, unit: str, lang: str) -> str:
    total = format_score(player.total, unit, lang)
    if player.against_average is None or player.rank is None:
        return translate("review.cli.player_secret", lang, player=player.name, total=total)
    against = format_average(player.against_average, unit, lang, change=True)
    return translate(
        "review.cli.player", lang, player=player.name, total=total, rank=player.rank, against=against
    )


def _source_line(source: Any, unit: str, lang: str) -> str:
    from companion.core.rulebook import rule

    found = rule(source.rule_id, lang)
    name = found.title if found is not None else source.rule_id
    points = format_score(source.points, unit, lang)
    if source.average is None:
        return (
            "  "
            + translate("review.cli.source_secret", lang, source=name, points=points)
            + f" [{source.rule_id}]"
        )
    average = format_average(source.average, unit, lang)
    return (
        "  "
        + translate("review.cli.source", lang, source=name, points=points, average=average)
        + f" [{source.rule_id}]"
    )


def _decision_lines(decision: Any, unit: str, lang: str) -> list[str]:
    best = decision.alternatives[0]
    delta = format_score(best.delta, unit, lang, change=True)
    key = "review.cli.cost" if best.delta > 0 else "review.cli.won"
    lines = [
        "  "
        + translate(
            "review.cli.decision",
            lang,
            n=decision.index + 1,
            when=decision.when.render(lang),
            logged=decision.logged.render(lang),
        ),
        "    "
        + translate(
            key,
            lang,
            alternative=best.label.render(lang),
            delta=delta,
            total=format_score(best.total, unit, lang),
        ),
    ]
    lines += [f"      + {text} [{rule}]" for text, rule in _beyond(best.gained, best.label, lang)]
    lines += [f"      − {text} [{rule}]" for text, rule in _beyond(best.lost, decision.logged, lang)]
    lines.append(
        "      "
        + translate(
            "review.cli.assumed",
            lang,
            kept=best.kept,
            replaced=best.replaced,
            dropped=best.dropped,
            facts=best.facts_replaced,
            added=best.added,
        )
        + " [core.review]"
    )
    return lines


def _beyond(effects: list[Any], move: Any, lang: str) -> list[tuple[str, str]]:
    """(text, rule id) of each effect that says more than the ``move`` line above it: the pick's
    "Ana takes the old monk" under the choice that says so is left out, as on the Review tab."""
    told = move.render(lang)
    said = [(fx.msg.render(lang), fx.rule_id) for fx in effects]
    return [(text, rule) for text, rule in said if not restates(told, text)]
