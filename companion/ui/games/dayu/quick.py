"""Quick score: a Da Yu game played without a table, scored by tapping each player's cards.

It calls the engine's calculator (companion.games.dayu.calc.dayu_final), so the numbers and
the tie-break are exactly those of a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.core.calc import CalcInputError
from companion.games.dayu.public import DATA, FRAMES, GAME, POINTS_KIND, dayu_final, flood_name, revive_msg
from companion.ui.games.dayu.panels import FRAME_COLOURS, FRAME_TEXT, frame_name
from companion.ui.i18n import Tr
from companion.ui.log_play import log_play_button
from companion.ui.palette import TAP
from companion.ui.repos import Repos
from companion.ui.services import Services, Session
from companion.ui.state import Drafts
from companion.ui.widgets import button, card, heading, small


@dataclass
class DayuQuick:
    """Da Yu's Quick score as typed (kept while the session lasts, until "Clear"): one row per
    player (``_blank``: name, frame, VP cards, flood cards)."""

    players: list[dict[str, Any]]


def _draft(tr: Tr, drafts: Drafts) -> DayuQuick:
    return drafts.keep(DayuQuick, make=lambda: DayuQuick([_blank(tr, i) for i in range(GAME.min_players)]))


def _blank(tr: Tr, i: int) -> dict[str, Any]:
    return {"name": tr("dayu.quick.player", n=i + 1), "frame": "silver", "vp": [], "flood": []}


def quick_score(services: Services, session: Session) -> list[ft.Control]:
    tr = session.tr
    form = _draft(tr, session.drafts)
    players = form.players

    def change(action: Any) -> Any:
        def go(_: Any = None) -> None:
            action()
            session.refresh()

        return go

    out: list[ft.Control] = [small(tr("dayu.quick.hint"), key="dy-q-hint")]
    out += [player_form(tr, players, i, change) for i in range(len(players))]
    out.append(
        ft.Row(
            [
                button(
                    tr("dayu.quick.add_player"),
                    "dy-q-add",
                    change(lambda: players.append(_blank(tr, len(players)))),
                    icon=ft.Icons.PERSON_ADD,
                    disabled=len(players) >= GAME.max_players,
                ),
                button(
                    tr("dayu.quick.remove_player"),
                    "dy-q-remove",
                    change(lambda: players.pop()),
                    icon=ft.Icons.PERSON_REMOVE,
                    disabled=len(players) <= GAME.min_players,
                ),
                button(tr("dayu.quick.clear"), "dy-q-clear", change(lambda: session.drafts.drop(DayuQuick))),
            ],
            wrap=True,
            spacing=8,
        )
    )
    out.append(result_card(session, services.repos, players))
    return out


def player_form(tr: Tr, players: list[dict[str, Any]], i: int, change: Any) -> ft.Control:
    """Player i's card: their name, then their VP cards and their flood cards, each a row of
    buttons that add one and a row of chips (a tap takes that card back)."""
    return card(
        _name_field(tr, players[i], i),
        *_vp_rows(tr, players[i], i, change),
        *_flood_rows(tr, players[i], i, change),
        key=f"dy-q-player-{i}",
    )


def _name_field(tr: Tr, p: dict[str, Any], i: int) -> ft.Control:
    """The player's name; cleared, it is "Player n" again."""

    def rename(e: Any) -> None:
        p["name"] = e.control.value or tr("dayu.quick.player", n=i + 1)

    return ft.TextField(
        label=tr("setup.player_n", n=i + 1),
        value=p["name"],
        key=f"dy-q-name-{i}",
        on_change=rename,
        dense=True,
        max_length=24,
    )


def _vp_rows(tr: Tr, p: dict[str, Any], i: int, change: Any) -> list[ft.Control]:
    """VP cards: pick a frame, then tap a card's VP to add it in that frame; the cards so far."""
    frames = [
        button(
            tr.msg(frame_name(f)),
            f"dy-q-{i}-frame-{f}",
            change(lambda f=f: p.update(frame=f)),
            selected=p["frame"] == f,
        )
        for f in FRAMES
    ]
    vps = [
        button(
            str(v),
            f"dy-q-{i}-vp-{v}",
            change(lambda v=v: p["vp"].append((p["frame"], v))),
            tooltip=tr("dayu.quick.add_vp", frame=frame_name(p["frame"]), vp=v),
        )
        for v in DATA.vp_per_face.values()
    ]
    chips = _vp_chips(tr, p, i, change)
    return [
        small(tr("dayu.quick.vp_hint")),
        ft.Row(frames, wrap=True, spacing=6),
        ft.Row(vps, wrap=True, spacing=6),
        ft.Row(chips, wrap=True, spacing=4) if chips else small(tr("dayu.none"), key=f"dy-q-{i}-no-vp"),
    ]


def _vp_chips(tr: Tr, p: dict[str, Any], i: int, change: Any) -> list[ft.Control]:
    """The VP cards entered, in their frame's colour; a tap removes one."""
    return [
        ft.Chip(
            label=ft.Text(f"{v}", color=FRAME_TEXT[f], weight=ft.FontWeight.BOLD),
            bgcolor=FRAME_COLOURS[f],
            key=f"dy-q-{i}-card-{k}",
            tooltip=tr("dayu.quick.remove", what=f"{tr.msg(frame_name(f))} {v}"),
            on_click=change(lambda k=k: p["vp"].pop(k)),
            height=TAP,
        )
        for k, (f, v) in enumerate(p["vp"])
    ]


def _flood_rows(tr: Tr, p: dict[str, Any], i: int, change: Any) -> list[ft.Control]:
    """Flood cards: a button per kind and per printed points, each adds one; the cards so far."""
    kinds = [
        button(tr.msg(flood_name(k, 0)), f"dy-q-{i}-flood-{k}", change(lambda k=k: p["flood"].append(k)))
        for k in DATA.flood_kinds
    ]
    printed = [
        button(
            str(n),
            f"dy-q-{i}-pts-{n}",
            change(lambda n=n: p["flood"].append(n)),
            tooltip=tr.msg(flood_name(POINTS_KIND, n)),
        )
        for n in DATA.flood_card_points.values()
    ]
    chips = _flood_chips(tr, p, i, change)
    return [
        small(tr("dayu.quick.flood_hint")),
        ft.Row(kinds, wrap=True, spacing=6),
        ft.Row([small(tr("dayu.quick.printed")), *printed], wrap=True, spacing=6),
        ft.Row(chips, wrap=True, spacing=4) if chips else small(tr("dayu.none"), key=f"dy-q-{i}-no-flood"),
    ]


def _flood_chips(tr: Tr, p: dict[str, Any], i: int, change: Any) -> list[ft.Control]:
    """The flood cards entered; a tap removes one."""
    return [
        ft.Chip(
            label=ft.Text(tr.msg(_flood_label(c))),
            key=f"dy-q-{i}-fc-{k}",
            tooltip=tr("dayu.quick.remove", what=tr.msg(_flood_label(c))),
            on_click=change(lambda k=k: p["flood"].pop(k)),
            height=TAP,
        )
        for k, c in enumerate(p["flood"])
    ]


def data_of(players: list[dict[str, Any]]) -> dict[str, Any]:
    """The calculator's input, from the form."""
    return {
        "players": [
            {
                "name": p["name"],
                "vp_cards": [{"frame": f, "vp": v} for f, v in p["vp"]],
                "flood_cards": [{"points": c} if isinstance(c, int) else c for c in p["flood"]],
            }
            for p in players
        ]
    }


def result_card(session: Session, repos: Repos, players: list[dict[str, Any]]) -> ft.Control:
    tr = session.tr
    data = data_of(players)
    try:
        result = dayu_final(data)
    except CalcInputError as exc:
        return card(ft.Text(tr.msg(exc.msg), key="dy-q-error", color=ft.Colors.ERROR), key="dy-q-result")
    lines: list[ft.Control] = [heading(tr("dayu.quick.result"))]
    for k, p in enumerate(result["players"]):
        lines.append(
            ft.Text(f"{p['name']}: {p['total']}", key=f"dy-q-total-{k}", weight=ft.FontWeight.BOLD, size=16)
        )
        for line in p["breakdown"]:
            lines.append(small(f"{line['points']:+d}  {tr.msg(revive_msg(line['label']))}"))
    key = "dayu.quick.shared" if len(result["shared"]) > 1 else "dayu.quick.winner"
    lines.append(ft.Text(tr(key, names=", ".join(result["shared"])), key="dy-q-winner", size=18))
    lines.append(log_play_button(session, repos, "dayu-final", lambda: _shown(tr, players)))
    return card(*lines, key="dy-q-result")


def _shown(tr: Tr, players: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """The form as it is now, its result, and the names typed ("" where "Player 2" was left)."""
    data = data_of(players)
    typed = [
        p["name"] if p["name"] != tr("dayu.quick.player", n=i + 1) else "" for i, p in enumerate(players)
    ]
    return data, dayu_final(data), typed


def _flood_label(card: str | int) -> Any:
    return flood_name(POINTS_KIND, card) if isinstance(card, int) else flood_name(card, 0)
