"""Quick score: a Da Yu game played without a table, scored by tapping each player's cards.

It calls the engine's calculator (companion.games.dayu.calc.dayu_final), so the numbers and
the tie-break are exactly those of a game. The form is a component given its draft
(``DayuQuick``, an observable kept in the session's drafts): a tap changes the draft and redraws
the form alone; a name typed is kept without a redraw until its field is left.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import flet as ft

from companion.core.calc import CalcInputError
from companion.games.dayu.public import (
    DATA,
    FRAMES,
    GAME,
    POINTS_KIND,
    dayu_final,
    final_tie,
    flood_name,
    revive_msg,
)
from companion.i18n import format_score
from companion.ui.games.dayu.panels import FRAME_COLOURS, FRAME_TEXT, frame_name
from companion.ui.i18n import Tr
from companion.ui.log_play import log_play_button, name_field, row_card, row_name
from companion.ui.repos import Repos
from companion.ui.services import Services, Session
from companion.ui.widgets import button, card, heading, own_node, pill_button, small


@dataclass
class DayuRow:
    """One player's cards (a plain object: the name typed is kept, never a redraw itself): the
    frame the next VP card goes in, the VP cards (frame, VP) and the flood cards (a kind, or the
    points printed)."""

    name: str
    frame: str = "silver"
    vp: list[tuple[str, int]] = field(default_factory=list)
    flood: list[str | int] = field(default_factory=list)


@ft.observable
@dataclass
class DayuQuick:
    """Da Yu's Quick score as tapped (kept while the session lasts, until "Clear"): one row per
    player. A tap puts a new row in its place, so the list says it changed."""

    players: list[DayuRow]

    def _row(self, i: int, **change: Any) -> None:
        self.players[i] = replace(self.players[i], **change)

    def set_frame(self, i: int, frame: str) -> None:
        self._row(i, frame=frame)

    def add_vp(self, i: int, vp: int) -> None:
        self._row(i, vp=[*self.players[i].vp, (self.players[i].frame, vp)])

    def add_flood(self, i: int, card: str | int) -> None:
        self._row(i, flood=[*self.players[i].flood, card])

    def take_back(self, i: int, kind: str, k: int) -> None:
        """Card ``k`` of player ``i``'s ``kind`` ("vp" or "flood") taken back."""
        cards = getattr(self.players[i], kind)
        self._row(i, **{kind: [c for j, c in enumerate(cards) if j != k]})

    def add_player(self, tr: Tr) -> None:
        self.players.append(_blank(tr, len(self.players)))

    def remove_player(self) -> None:
        self.players.pop()

    def clear(self, tr: Tr) -> None:
        self.players = _blanks(tr)


def _blanks(tr: Tr) -> list[DayuRow]:
    return [_blank(tr, i) for i in range(GAME.min_players)]


def _blank(tr: Tr, i: int) -> DayuRow:
    return DayuRow(tr("dayu.quick.player", n=i + 1))


def quick_score(services: Services, session: Session) -> list[ft.Control]:
    form = session.drafts.keep(DayuQuick, make=lambda: DayuQuick(_blanks(session.tr)))
    return [DayuQuickForm(session, services.repos, form, key="dy-q-part")]


@ft.component
def DayuQuickForm(session: Session, repos: Repos, form: DayuQuick, key: str | None = None) -> ft.Control:
    """A card per player, Add, Remove and Clear, and the result."""
    tr = session.tr
    players = form.players
    out: list[ft.Control] = [small(tr("dayu.quick.hint"), key="dy-q-hint")]
    out += [player_form(tr, form, i) for i in range(len(players))]
    out.append(
        ft.Row(
            [
                button(
                    tr("dayu.quick.add_player"),
                    "dy-q-add",
                    lambda _: form.add_player(tr),
                    icon=ft.Icons.PERSON_ADD,
                    disabled=len(players) >= GAME.max_players,
                ),
                button(
                    tr("dayu.quick.remove_player"),
                    "dy-q-remove",
                    lambda _: form.remove_player(),
                    icon=ft.Icons.PERSON_REMOVE,
                    disabled=len(players) <= GAME.min_players,
                ),
                button(tr("dayu.quick.clear"), "dy-q-clear", lambda _: form.clear(tr)),
            ],
            wrap=True,
            spacing=8,
        )
    )
    out.append(result_card(session, repos, players))
    return ft.Column(out, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def player_form(tr: Tr, form: DayuQuick, i: int) -> ft.Control:
    """Player i's card: their name, then their VP cards and their flood cards, each a row of
    buttons that add one and a row of chips (a tap takes that card back)."""
    return row_card(
        tr,
        form.players[i].name,
        i,
        name_field(tr, form.players, i, f"dy-q-name-{i}", blank=tr("dayu.quick.player", n=i + 1)),
        *_vp_rows(tr, form, i),
        *_flood_rows(tr, form, i),
        key=f"dy-q-player-{i}",
    )


def said(tr: Tr, p: DayuRow, i: int, what: str) -> str:
    """A row's button as a screen reader names it, with its player ("Ana: Free move"): every
    player's card has the same buttons."""
    return tr("quick.for_player", player=row_name(tr, p.name, i), what=what)


def _vp_rows(tr: Tr, form: DayuQuick, i: int) -> list[ft.Control]:
    """VP cards: pick a frame, then tap a card's VP to add it in that frame; the cards so far."""
    p = form.players[i]
    frames = [
        button(
            tr.msg(frame_name(f)),
            f"dy-q-{i}-frame-{f}",
            lambda _, f=f: form.set_frame(i, f),
            selected=p.frame == f,
            name=said(tr, p, i, tr.msg(frame_name(f))),
        )
        for f in FRAMES
    ]
    vps = [
        button(
            str(v),
            f"dy-q-{i}-vp-{v}",
            lambda _, v=v: form.add_vp(i, v),
            name=said(tr, p, i, tr("dayu.quick.add_vp", frame=frame_name(p.frame), vp=v)),
        )
        for v in DATA.vp_per_face.values()
    ]
    chips = _vp_chips(tr, form, i)
    return [
        own_node(small(tr("dayu.quick.vp_hint"))),
        ft.Row(frames, wrap=True, spacing=6),
        ft.Row(vps, wrap=True, spacing=6),
        ft.Row(chips, wrap=True, spacing=4)
        if chips
        else own_node(small(tr("dayu.none"), key=f"dy-q-{i}-no-vp")),
    ]


def _vp_chips(tr: Tr, form: DayuQuick, i: int) -> list[ft.Control]:
    """The VP cards entered, in their frame's colour; a tap removes one."""
    return [
        pill_button(
            f"{v}",
            f"dy-q-{i}-card-{k}",
            lambda _, k=k: form.take_back(i, "vp", k),
            name=tr("dayu.quick.remove", what=f"{tr.msg(frame_name(f))} {v}"),
            bgcolor=FRAME_COLOURS[f],
            color=FRAME_TEXT[f],
        )
        for k, (f, v) in enumerate(form.players[i].vp)
    ]


def _flood_rows(tr: Tr, form: DayuQuick, i: int) -> list[ft.Control]:
    """Flood cards: a button per kind and per printed points, each adds one; the cards so far."""
    p = form.players[i]
    kinds = [
        button(
            tr.msg(flood_name(k, 0)),
            f"dy-q-{i}-flood-{k}",
            lambda _, k=k: form.add_flood(i, k),
            name=said(tr, p, i, tr.msg(flood_name(k, 0))),
        )
        for k in DATA.flood_kinds
    ]
    printed = [
        button(
            str(n),
            f"dy-q-{i}-pts-{n}",
            lambda _, n=n: form.add_flood(i, n),
            name=said(tr, p, i, tr.msg(flood_name(POINTS_KIND, n))),
        )
        for n in DATA.flood_card_points.values()
    ]
    chips = _flood_chips(tr, form, i)
    return [
        own_node(small(tr("dayu.quick.flood_hint"))),
        ft.Row(kinds, wrap=True, spacing=6),
        ft.Row([own_node(small(tr("dayu.quick.printed"))), *printed], wrap=True, spacing=6),
        ft.Row(chips, wrap=True, spacing=4)
        if chips
        else own_node(small(tr("dayu.none"), key=f"dy-q-{i}-no-flood")),
    ]


def _flood_chips(tr: Tr, form: DayuQuick, i: int) -> list[ft.Control]:
    """The flood cards entered; a tap removes one."""
    return [
        pill_button(
            tr.msg(_flood_label(c)),
            f"dy-q-{i}-fc-{k}",
            lambda _, k=k: form.take_back(i, "flood", k),
            name=tr("dayu.quick.remove", what=tr.msg(_flood_label(c))),
        )
        for k, c in enumerate(form.players[i].flood)
    ]


def data_of(players: list[DayuRow]) -> dict[str, Any]:
    """The calculator's input, from the form."""
    return {
        "players": [
            {
                "name": p.name,
                "vp_cards": [{"frame": f, "vp": v} for f, v in p.vp],
                "flood_cards": [{"points": c} if isinstance(c, int) else c for c in p.flood],
            }
            for p in players
        ]
    }


def result_card(session: Session, repos: Repos, players: list[DayuRow]) -> ft.Control:
    tr = session.tr
    data = data_of(players)
    try:
        result = dayu_final(data)
    except CalcInputError as exc:
        return card(ft.Text(tr.msg(exc.msg), key="dy-q-error", color=ft.Colors.ERROR), key="dy-q-result")
    lines: list[ft.Control] = [heading(tr("dayu.quick.result"))]
    for k, p in enumerate(result["players"]):
        lines.append(
            ft.Text(
                f"{p['name']}: {format_score(p['total'], 'points', tr.lang)}",
                key=f"dy-q-total-{k}",
                weight=ft.FontWeight.BOLD,
                size=16,
            )
        )
        for line in p["breakdown"]:
            lines.append(
                small(
                    f"{format_score(line['points'], 'points', tr.lang, change=True)}  {tr.msg(revive_msg(line['label']))}"
                )
            )
    key = "dayu.quick.shared" if len(result["shared"]) > 1 else "dayu.quick.winner"
    lines.append(ft.Text(tr(key, names=", ".join(result["shared"])), key="dy-q-winner", size=18))
    tie = final_tie(result)
    if tie is not None:  # how the tie on points was decided: each tied player's flood cards
        lines.append(small(tr.msg(tie), key="dy-q-tie-detail"))
    lines.append(log_play_button(session, repos, "dayu-final", lambda: _shown(tr, players)))
    return card(*lines, key="dy-q-result")


def _shown(tr: Tr, players: list[DayuRow]) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """The form as it is now, its result, and the names typed ("" where "Player 2" was left)."""
    data = data_of(players)
    typed = [p.name if p.name != tr("dayu.quick.player", n=i + 1) else "" for i, p in enumerate(players)]
    return data, dayu_final(data), typed


def _flood_label(card: str | int) -> Any:
    return flood_name(POINTS_KIND, card) if isinstance(card, int) else flood_name(card, 0)
