"""Rules: ask in everyday words (companion.lookup's ranked search) and, at a table, the rules
and clarifications for this moment (companion.lookup.for_moment) and the first-game tips switch.

A result shows its title (never an id), its status, and the sentence that answers, with the
matched words in bold; tapping it opens the rule's card (ui/rule_card.py).

The search as typed (``RulesQuery``) is an observable kept in the session's drafts; the search
is a component given it, so typing or a game chip draws the search again, not the screen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.core.rulebook import rule
from companion.games import get
from companion.i18n import PSEUDO
from companion.lookup import Hit, Moment, answering, for_moment, search
from companion.lookup.data import GAMES
from companion.ui.gameui import known_game_ids, ui_for
from companion.ui.i18n import Tr
from companion.ui.in_view import scroll_into_view, scroll_key
from companion.ui.palette import TAP
from companion.ui.retap import redraws_when_unchanged
from companion.ui.rule_card import (
    clarification,
    highlighted,
    lookup_lang,
    lookup_text,
    said,
    status_line,
)
from companion.ui.rule_links import rule_title
from companion.ui.services import Services, Session
from companion.ui.teach import teach_switch
from companion.ui.views.chrome import table_view
from companion.ui.widgets import button, card, heading, scroll_column, small

MAX_RESULTS = 10
OpenRule = Callable[[str], object]  # opens a rule's card (rule_card.open_card for this session)


@ft.observable
@dataclass
class RulesQuery:
    """The rules search as typed, and the game it is narrowed to (None: every game); one per
    session, shared by ``/rules`` and a table's Rules screen."""

    query: str = ""
    game: str | None = None
    more: bool = False  # the weak results past the ones that answer shown too (asked for)

    def ask(self, text: str) -> None:
        if text != self.query:
            self.more = False
        self.query = text

    @redraws_when_unchanged  # a chip calls it: redrawn even if nothing changed
    def narrow(self, game: str | None) -> None:
        self.more = False
        self.game = game

    def widen(self) -> None:
        self.more = True


def searchable_games() -> list[str]:
    """The games whose rules the lookup knows, in the app's order."""
    return [g for g in known_game_ids() if g in GAMES]


def hit_tile(tr: Tr, open_rule: OpenRule, hit: Hit, all_games: bool = False) -> ft.Control:
    """One result: tap it to read the whole rule with its examples and related rules. Searching
    every game, it says which game the rule belongs to."""
    title = said(tr, hit.title)
    items: list[ft.Control] = [ft.Text(title, weight=ft.FontWeight.BOLD, size=15)]
    if all_games and hit.game != "core":
        items.append(small(tr.msg(get(hit.game).title), key=f"game-of-{hit.rule_id}"))
    status = status_line(tr, app_status(hit.rule_id, tr.lang))
    if status is not None:
        items.append(status)
    matched = () if tr.lang == PSEUDO else hit.matched  # qps changes the letters: nothing to bold
    items.append(highlighted(said(tr, hit.snippet), matched, key=f"snippet-{hit.rule_id}"))
    return ft.Container(
        ft.Column(items, spacing=2, tight=True),
        key=f"rule-{hit.rule_id}",
        tooltip=tr("rules.open", title=title),
        on_click=lambda _: open_rule(hit.rule_id),
        padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        ink=True,
    )


def app_status(rule_id: str, lang: str) -> str:
    found = rule(rule_id, lang)
    return found.status if found is not None else "official"


def results(tr: Tr, open_rule: OpenRule, game_id: str | None, asked: RulesQuery) -> list[ft.Control]:
    """The rules that answer, best first: not the weak ones past them (scoring a sliver of the
    best, they answer nothing asked), which a button under the list shows on request."""
    query = asked.query
    if not query.strip():  # how to ask, with a question this game's rules answer
        hint = ui_for(game_id).rules_hint if game_id is not None else "rules.hint"
        return [small(tr(hint), key="rules-hint")]
    found = search(query, lookup_lang(tr), game_id, limit=MAX_RESULTS)
    if not found:
        return [small(lookup_text(tr, "rules.no_hits", query=query.strip()), key="rules-none")]
    shown, tail = (found, []) if asked.more else answering(found)
    out: list[ft.Control] = [small(tr("rules.count", n=len(shown)), key="rules-count")]
    out += [hit_tile(tr, open_rule, h, all_games=game_id is None) for h in shown]
    if tail:
        out.append(
            button(
                tr("rules.more", n=len(tail)),
                "rules-more",
                lambda _: asked.widen(),
                icon=ft.Icons.EXPAND_MORE,
            )
        )
    return out


def search_field(tr: Tr, asked: RulesQuery, value: str) -> ft.TextField:
    """The search box holding ``value``: every change is asked at once (the results follow as
    it is typed)."""
    return ft.TextField(
        label=tr("rules.search"),
        value=value,
        key="rules-search",
        on_change=lambda e: asked.ask(e.control.value or ""),
        prefix_icon=ft.Icons.SEARCH,
        dense=True,
    )


def use_search_field(tr: Tr, asked: RulesQuery) -> ft.TextField:
    """The component's search field, made again on each redraw holding what the browser last
    said it holds (Flet writes each value the browser sends into the drawn field as it arrives),
    never the search the redraw answers: that search can be older than the field, and a field
    drawn with it wrote the older text back over the letters typed since. The same text is no
    change, so a redraw sends the field nothing; the first draw shows the search kept."""
    drawn = ft.use_ref(list[ft.TextField]())  # the field last drawn, once there is one
    shown = drawn.current[0].value if drawn.current else None
    field = search_field(tr, asked, asked.query if shown is None else shown)
    drawn.current = [field]
    return field


def found(tr: Tr, asked: RulesQuery, open_rule: OpenRule, game_id: str | None) -> ft.Column:
    """The results one under the other, each over the whole width (a short rule's tile was
    narrower than the others: a ragged edge down the list)."""
    tiles = results(tr, open_rule, game_id, asked)
    stretch = ft.CrossAxisAlignment.STRETCH
    return ft.Column(tiles, spacing=6, horizontal_alignment=stretch, key="rules-results")


SEARCH_TOP = "rules-search-top"
# The field's label floats over its top border, half above the field's own box: scrolled to the
# top of the screen, the field must bring that half with it, or the label shows cut in two.
LABEL_ROOM = 10


def label_room(field: ft.TextField) -> ft.Control:
    """``field`` with room above it for its floating label (LABEL_ROOM)."""
    return ft.Container(field, padding=ft.Padding.only(top=LABEL_ROOM), key="rules-search-room")


@ft.component
def RulesSearch(
    tr: Tr, asked: RulesQuery, open_rule: OpenRule, game_id: str | None, key: str | None = None
) -> ft.Control:
    """The search field and what it finds in ``game_id``'s rules (None: every game); drawn
    again, with the new results, as ``asked`` changes. At a table the search sits under the
    moment's rules, low on the screen: as a search is typed, the screen scrolls the field to its
    top, so the results come under it and not under the tab bar (a new user saw "8 rules" and
    nothing else). Not for a search kept from before, shown as the screen opens."""
    results = found(tr, asked, open_rule, game_id)
    block = _stacked([label_room(use_search_field(tr, asked)), results])
    block.key = scroll_key(SEARCH_TOP)
    results.on_size_change = use_search_up(block, asked)
    return block


def use_search_up(block: ft.Control, asked: RulesQuery) -> Callable[[object], None]:
    """The results' ``on_size_change``: while a search is being typed, each time the browser
    has laid its results out at a new size, the field moves to the top (the column can only
    scroll as far as the results reach, so short results leave it lower until they grow). Not
    for each letter: a scroll a letter was an animation and a reply from the browser each, and a
    question typed fast went past the connection's budget at a table (dropped, with the letters
    typed since). Not for the search the screen opened with, until it is changed."""
    opened = ft.use_ref(asked.query.strip())

    def laid_out(_: object) -> None:
        now = asked.query.strip()
        if now and now != opened.current:
            scroll_into_view(block, SEARCH_TOP)

    return laid_out


@ft.component
def RulesLookup(tr: Tr, asked: RulesQuery, open_rule: OpenRule, key: str | None = None) -> ft.Control:
    """``/rules``: a chip per game to narrow the search to (or every game), the field and what
    it finds; drawn again as ``asked`` changes."""

    def chip(g: str | None, label: str) -> ft.Control:
        return ft.Chip(
            label=ft.Text(label),
            key=f"rules-game-{g or 'all'}",
            selected=g == asked.game,
            on_select=lambda _: asked.narrow(g),
            height=TAP,
        )

    chips = [chip(None, tr("rules.all_games"))]
    chips += [chip(g, tr.msg(get(g).title)) for g in searchable_games()]
    row = ft.Row(chips, wrap=True, spacing=8)
    return _stacked([row, use_search_field(tr, asked), found(tr, asked, open_rule, asked.game)])


def _stacked(controls: list[ft.Control]) -> ft.Column:
    """Controls one under the other, spaced as the screen's own column spaces them."""
    return ft.Column(controls, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def moment_rule(tr: Tr, open_rule: OpenRule, rule_id: str, key: str) -> ft.Control:
    title = rule_title(tr, rule_id)
    return ft.ListTile(
        key=key,
        title=ft.Text(title, weight=ft.FontWeight.BOLD),
        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
        tooltip=tr("rules.open", title=title),
        on_click=lambda _: open_rule(rule_id),
        min_height=TAP,
        content_padding=ft.Padding.symmetric(horizontal=4),
    )


def moment(tr: Tr, open_rule: OpenRule, m: Moment, asked: list[str]) -> list[ft.Control]:
    """The question's own rules, then what applies to this state, then the rules around them."""
    first = [r.rule_id for r in m.rules if r.rule_id in asked]
    others = [r.rule_id for r in m.rules if r.rule_id not in asked]
    items: list[ft.Control] = [heading(lookup_text(tr, "rules.for_moment"))]
    items += [moment_rule(tr, open_rule, rid, f"moment-{rid}") for rid in first]
    if m.clarifications:
        items.append(small(tr("rules.applies_now"), key="applies-now"))
        items += [clarification(tr, c, key=f"applies-{c.id}") for c in m.clarifications]
    if others:
        items.append(small(lookup_text(tr, "rules.related")))
        items += [moment_rule(tr, open_rule, rid, f"also-{rid}") for rid in others]
    return [card(*items, key="moment")]


def table_rules(services: Services, session: Session, id: str) -> ft.View:
    table = services.hub.get(id)
    model = session.table_model(table)
    tr, open_rule = session.tr, services.open_rule
    prompt = table.prompt
    body: list[ft.Control] = []
    if table.game_id in GAMES:
        asked = list(prompt.rule_ids) if prompt is not None else ["core.game_over"]
        body += moment(tr, open_rule, for_moment(table, lookup_lang(tr)), asked)
    coming = ui_for(table.game_id).foresight_rules  # what the coming events would do (Dragon)
    if coming is not None and prompt is not None:
        body += coming(model)
    if not model.guest:
        body.append(teach_switch(model, services.hub))
    game = table.game_id if table.game_id in GAMES else None
    query = session.drafts.keep(RulesQuery)
    body += [heading(tr("rules.all")), RulesSearch(tr, query, open_rule, game, key="rules-search-block")]
    return table_view(model, "rules", body, session.table_now)


def view(services: Services, session: Session) -> ft.View:
    tr = session.tr
    asked = session.drafts.keep(RulesQuery)
    lookup = RulesLookup(tr, asked, services.open_rule, key="rules-lookup")
    return ft.View(
        route="/rules",
        appbar=ft.AppBar(title=ft.Text(tr("rules.title"))),
        controls=[scroll_column([lookup], key="rules")],
        padding=12,
    )
