"""Quick score for a Dragon game played without the app: the final-scoring calculator as a form.

The numbers come from the engine's own calculator (``dragon_final``, from the public module);
this screen only collects what is on the table and shows the result line by line. The form is
a component given its draft (``DragonQuick``, an observable kept in the session's drafts): a
player, a palace or a floor count tapped, or the form scored, redraws it alone; what is typed
or picked in a drop-down is kept without a redraw.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import flet as ft

from companion.games.dragon.public import GAME, RULES, dragon_final, final_tie, line_msg, stack_msg, tile_msg
from companion.i18n import format_score
from companion.ui.chart_axes import CHAR_EM
from companion.ui.i18n import Tr
from companion.ui.in_view import scroll_key, use_into_view
from companion.ui.log_play import log_play_button, name_field, row_card, row_name, score_form
from companion.ui.palette import TAP
from companion.ui.rule_links import rule_link
from companion.ui.services import Services, Session
from companion.ui.widgets import button, card, heading, icon_button, named_dropdown, own_node, quiet, small

NUMBERS = ("vp", "track", "yuan", "rice", "fireworks")
RESULT_TOP = "quick-result-top"  # the result's heading, scrolled to when it is computed


@dataclass
class Palace:
    """A palace as tapped: its floors, and the person tile on each ("" for none)."""

    floors: int
    persons: list[str]


@dataclass
class QuickPlayer:
    """One player's row (a plain object: typing is kept, never a redraw itself; a name's field
    left redraws, ``log_play.name_field``): the name and numbers as typed, and the palaces."""

    name: str = ""
    numbers: dict[str, str] = field(default_factory=lambda: dict.fromkeys(NUMBERS, "0"))
    palaces: list[Palace] = field(default_factory=lambda: [Palace(f, [""] * f) for f in RULES.setup.palaces])


@ft.observable
@dataclass
class DragonQuick:
    """Dragon's Quick score as typed (kept while the session lasts): one row per player, the
    result and the refusal. A tap inside a row puts a new row in its place (the rows are plain)."""

    players: list[QuickPlayer] = field(
        default_factory=lambda: [QuickPlayer() for _ in range(GAME.min_players)]
    )
    result: Any = None
    error: str | None = None
    scored: int = 0  # taps on Compute: each one brings the result into view

    def add_player(self) -> None:
        self.players.append(QuickPlayer())

    def remove_player(self, i: int) -> None:
        del self.players[i]

    def _palaces(self, i: int, palaces: list[Palace]) -> None:
        """Player ``i``'s row with these palaces: a new row in its place (the list says it changed)."""
        self.players[i] = replace(self.players[i], palaces=palaces)

    def add_palace(self, i: int) -> None:
        self._palaces(i, [*self.players[i].palaces, Palace(1, [""])])

    def remove_palace(self, i: int, k: int) -> None:
        self._palaces(i, [p for j, p in enumerate(self.players[i].palaces) if j != k])

    def set_floors(self, i: int, k: int, n: int) -> None:
        """Palace ``k`` of player ``i`` has ``n`` floors: the persons of the floors that stay stay."""
        palaces = list(self.players[i].palaces)
        palaces[k] = Palace(n, (palaces[k].persons + [""] * n)[:n])
        self._palaces(i, palaces)


def quick_score(services: Services, session: Session) -> list[ft.Control]:
    return [DragonQuickForm(services, session, session.drafts.keep(DragonQuick), key="quick-part")]


@ft.component
def DragonQuickForm(
    services: Services, session: Session, form: DragonQuick, key: str | None = None
) -> ft.Control:
    """A card per player, Add player and Compute, then the refusal or the result and "Log this play"."""
    tr = session.tr
    column = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    laid_out = use_into_view(column, RESULT_TOP, form.scored if form.result else None)  # each tap
    out: list[ft.Control] = [small(tr("dragon.quick.hint"))]
    out += [_player_card(tr, form, i) for i in range(len(form.players))]
    out.append(
        button(
            tr("setup.add_player"),
            "quick-add-player",
            lambda _: form.add_player(),
            icon=ft.Icons.PERSON_ADD,
            disabled=len(form.players) >= GAME.max_players,
        )
    )
    out.append(
        button(
            tr("dragon.quick.compute"),
            "quick-compute",
            lambda _: score_form(tr, form, lambda: dragon_final(data_of(tr, form))),
            icon=ft.Icons.CALCULATE,
            filled=True,
        )
    )
    if form.error:
        out.append(ft.Text(form.error, key="quick-error", color=ft.Colors.ERROR))
    if form.result:
        out.append(_result(tr, services.show_rule, form.result, laid_out))
        typed = lambda: [p.name.strip() for p in form.players]  # noqa: E731
        out.append(
            log_play_button(
                session, services.repos, "dragon-final", lambda: (data_of(tr, form), form.result, typed())
            )
        )
    column.controls = out
    return column


def _number(tr: Tr, player: QuickPlayer, field: str, i: int) -> ft.Control:
    def change(e: Any) -> None:
        player.numbers[field] = e.control.value or ""

    label = tr(f"dragon.quick.{field}")
    return ft.TextField(
        label=label,
        value=player.numbers[field],
        key=f"quick-{field}-{i}",
        on_change=change,
        keyboard_type=ft.KeyboardType.NUMBER,
        width=field_width(label),
        dense=True,
        input_filter=ft.NumbersOnlyInputFilter(),
    )


def field_width(label: str, least: int = 96) -> int:
    """A number field wide enough for its label on one line as it floats over the value (12 px,
    the widest letters counted, as a chart's tick is): "Fuegos artificiales" wrapped in 96 px."""
    return max(least, math.ceil(len(label) * 12 * CHAR_EM) + 24)


def _player_card(tr: Tr, form: DragonQuick, i: int) -> ft.Control:
    player = form.players[i]
    palaces = [_palace_row(tr, form, i, k) for k in range(len(player.palaces))]
    return row_card(
        tr,
        player.name,
        i,
        ft.Row(
            [
                name_field(tr, form.players, i, f"quick-name-{i}", expand=True),
                icon_button(
                    ft.Icons.REMOVE_CIRCLE_OUTLINE,
                    f"quick-remove-player-{i}",
                    tr("setup.remove", player=row_name(tr, form.players[i].name, i)),
                    lambda _: form.remove_player(i),
                    disabled=len(form.players) <= 1,
                ),
            ]
        ),
        ft.Row([_number(tr, player, f, i) for f in NUMBERS], wrap=True, spacing=6, run_spacing=6),
        *palaces,
        button(
            tr("dragon.quick.add_palace"),
            f"quick-add-palace-{i}",
            lambda _: form.add_palace(i),
            icon=ft.Icons.ADD_HOME,
            name=tr("dragon.quick.add_palace_of", player=row_name(tr, player.name, i)),
        ),
        key=f"quick-player-{i}",
        padding=8,
    )


def _palace_row(tr: Tr, form: DragonQuick, i: int, k: int) -> ft.Control:
    """Palace k of player i: its floor count (chips) and the person on each floor."""
    palace = form.players[i].palaces[k]
    whose = tr("dragon.quick.palace_of", n=k + 1, player=row_name(tr, form.players[i].name, i))
    people = _persons(tr, palace, i, k, whose)
    chips = _floor_chips(tr, form, palace, i, k, whose)
    return ft.Column(
        [
            ft.Row(
                [
                    # a node of its own: merged, it named the player's whole card "Palace 1 Palace 2"
                    ft.Semantics(
                        content=ft.Text(tr("dragon.quick.palace", n=k + 1), weight=ft.FontWeight.BOLD),
                        container=True,
                        header=True,
                    ),
                    *chips,
                    icon_button(
                        ft.Icons.DELETE_OUTLINE,
                        f"quick-remove-palace-{i}-{k}",
                        tr(
                            "dragon.quick.remove_palace",
                            n=k + 1,
                            player=row_name(tr, form.players[i].name, i),
                        ),
                        lambda _: form.remove_palace(i, k),
                    ),
                ],
                wrap=True,
                spacing=6,
            ),
            ft.Row(people, wrap=True, spacing=6, run_spacing=6),
        ],
        spacing=4,
    )


def _persons(tr: Tr, palace: Palace, i: int, k: int, whose: str) -> list[ft.Control]:
    """A drop-down per floor: the person tile living there, or empty; named for a screen reader
    with its palace and player (``whose``: "Ana's palace 1"), each floor of each palace alike."""

    def person(slot: int) -> Any:
        def go(e: Any) -> None:
            palace.persons[slot] = "" if e.control.value in (None, "none") else e.control.value

        return go

    options = [ft.DropdownOption(key="none", text=tr("dragon.empty"))]
    options += [ft.DropdownOption(key=t, text=tr.msg(tile_msg(t))) for t in RULES.tile_ids]
    return [
        named_dropdown(
            ft.Dropdown(
                key=f"quick-person-{i}-{k}-{s}",
                value=palace.persons[s] or "none",
                options=options,
                on_select=person(s),
                width=170,
                dense=True,
                label=tr("dragon.quick.floor", n=s + 1),
            ),
            name=tr("dragon.quick.floor_of", palace=whose, n=s + 1),
        )
        for s in range(palace.floors)
    ]


def _floor_chips(tr: Tr, form: DragonQuick, palace: Palace, i: int, k: int, whose: str) -> list[ft.Control]:
    """A chip per possible floor count; picking one keeps the persons of the floors that stay.
    Named with the palace and player (``whose``): every palace has its "2 floors"."""

    def floors(n: int) -> Any:
        return lambda _=None: form.set_floors(i, k, n)

    return [
        ft.Chip(
            label=ft.Text(
                str(n),
                semantics_label=tr(
                    "dragon.quick.floors_of", palace=whose, floors=tr("dragon.quick.floors", n=n)
                ),
            ),
            key=f"quick-floors-{i}-{k}-{n}",
            selected=palace.floors == n,
            on_select=floors(n),
            tooltip=quiet(tr("dragon.quick.floors", n=n)),
            height=TAP,
        )
        for n in range(1, RULES.setup.max_floors + 1)
    ]


def _int(text: str) -> int:
    text = (text or "0").strip()
    return int(text) if text.lstrip("-").isdigit() else -1  # the calculator names the bad value


def data_of(tr: Tr, form: DragonQuick) -> dict[str, Any]:
    """The calculator's input, from the form (an empty floor is simply not a person)."""
    players = []
    for i, p in enumerate(form.players):
        entry: dict[str, Any] = {"name": row_name(tr, p.name, i)}
        entry.update({f: _int(p.numbers[f]) for f in NUMBERS})
        entry["palaces"] = [
            {"floors": pal.floors, "persons": [x for x in pal.persons if x]} for pal in p.palaces
        ]
        players.append(entry)
    return {"players": players}


def _label(tr: Tr, line: dict[str, Any]) -> str:
    """The calculator names each line by an id; the engine's ``line_msg`` is its text."""
    return tr.msg(line_msg(line))


def _result(
    tr: Tr, show_rule: Callable[[str], None], result: dict[str, Any], laid_out: Callable[[Any], None]
) -> ft.Control:
    totals = {p["name"]: p for p in result["players"]}
    items: list[ft.Control] = [
        heading(tr("dragon.quick.result"), key=scroll_key(RESULT_TOP), on_size_change=laid_out),
        ft.Text(tr("scores.winner", names=result["ranking"][0]), key="quick-winner", size=18),
    ]
    # Players the listing order split (equal VP, the same track space): said, not silently ranked.
    items += [
        small(tr.msg(stack_msg(names)), key=f"quick-stack-{k}")
        for k, names in enumerate(result.get("stack_order", []))
    ]
    tie = final_tie(result)
    if tie is not None:  # how the tie on VP was decided: each tied player's place on the track
        items.append(small(tr.msg(tie), key="quick-tie-detail"))
    for place, name in enumerate(result["ranking"], start=1):
        items.append(_result_rows(tr, show_rule, place, name, totals[name]))
    return card(*items, key="quick-result")


def _result_rows(
    tr: Tr, show_rule: Callable[[str], None], place: int, name: str, p: dict[str, Any]
) -> ft.Control:
    """A player's total and lines, named by the player for a screen reader (every player has a
    "0 persons"), each line a node of its own with its rule's link."""
    rows: list[ft.Control] = [
        ft.Text(
            f"{place}. {name}: {tr('play.points', n=p['total'])}",
            weight=ft.FontWeight.BOLD,
            key=f"quick-total-{place}",
        )
    ]
    for k, line in enumerate(p["breakdown"]):
        rows.append(
            own_node(
                ft.Row(
                    [
                        ft.Text(_label(tr, line), expand=True, size=13),
                        ft.Text(
                            format_score(line["points"], "points", tr.lang, change=True),
                            width=44,
                            text_align=ft.TextAlign.RIGHT,
                        ),
                        rule_link(tr, show_rule, line["rule_id"], f"quick-rule-{place}-{k}"),
                    ]
                )
            )
        )
    return own_node(ft.Column(rows, spacing=8), name)
