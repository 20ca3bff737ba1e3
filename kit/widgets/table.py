"""A live class game of El Palé, La Ruta del Tesoro or Superpoly: the board and its panels.

    >>> mesa = PropertyTable.resume_or_start("partida.json", "superpoly",
    ...                                      humans=["Ana", "Luis"], bots=["build_asap"])
    >>> mesa                                   # board, players, auction, trade, log

One-way flow: a `kit.Session` holds the game; every click (a board button, a bid, a trade) goes
to the session as an action, the engine checks it, chance and bots answer, the session saves
the game to its JSON file, and then every panel is drawn again from the session's state. A
refused action shows the engine's reason and changes nothing. The panels are ipywidgets; the
board is the `PropertyBoard` anywidget, whose own buttons are the action bar, beside it with
whose turn it is and what the last moves did. The panels stand in a column beside the board
(or below it, in a narrow notebook), the trade dialog folded in an Accordion, so the board, the
turn and the buttons fit one 1280×720 screen (issue 15). A refusal is one plain sentence, its
rule id only in a «¿por qué?» detail. On a bot's turn
(a table of bots, watched with its «Siguiente jugada» buttons) and at the end, the panels' buttons
are greyed out with the reason next to them; a save that failed is shown where «Guardado» was.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from kit.games.property.actions import Bid, PassBid, ProposeTrade
from kit.messages import t
from kit.render.common import SHAPE_GLYPHS
from kit.session import Session
from kit.theme import DARK_GREY, INK, NOTE, REFUSED, SOFT_INK
from kit.widgets.board import PropertyBoard
from kit.widgets.board_view import board_view, money
from kit.widgets.game_log import log_lines
from kit.widgets.waiting import bot_title

LOG_LINES = 12
TEXT = "font-size:18px"  # projector-sized, like the board's side panel
REFUSAL = f"color:{REFUSED};font-size:18px"
WAITING = f"font-style:italic;color:{SOFT_INK};font-size:18px"
WARNING = (
    f"color:{INK};background:{NOTE};border:2px solid {REFUSED};border-radius:8px;"
    "padding:6px 10px;font-size:18px;white-space:pre-line"
)
TRADE_BOX = {"flex": "1 1 200px", "min_width": "180px"}  # a trade dialog's column
BOT_BURST = 25  # moves per click of "25 moves" at a table of bots


def _html(text: str = "") -> w.HTML:
    return w.HTML(text, layout=w.Layout(width="100%"))


def players_html(session: Session, view: dict[str, Any]) -> str:
    """The players' panel, narrow enough for the column beside the board: per player a line
    (token, name, cash) and under it the titles, get-out cards and jail state."""
    g = session.game
    jail = g.rules.squares[g.rules.jail.square].name
    rows = []
    for p in view["players"]:
        style = f"background:{NOTE};font-weight:bold" if view["to_act"] == p["index"] else ""
        glyph = SHAPE_GLYPHS.get(p["shape"], "●")  # the token's shape, as on the board
        token = f'<span style="color:{p["colour"]};font-size:1.2em">{glyph}</span> {p["mark"]}'
        bot = session.seat_bots[p["index"]]
        who = escape(p["name"]) + (
            f" <small>({t('table.bot')}: {escape(bot_title(session.state, bot))})</small>"
            if bot
            else ""
        )
        rows.append(
            f'<tr style="{style}" data-player="{p["index"]}"><td>{token}</td><td>{who}</td>'
            f'<td style="text-align:right;white-space:nowrap">{p["cash_text"]}</td></tr>'
            f'<tr style="{style}"><td></td><td colspan="2" style="font-size:16px">'
            f"{_player_details(view, p, jail)}</td></tr>"
        )
    head = f"<th></th><th>{t('table.player')}</th><th>{t('table.cash')}</th>"
    return (
        f'<div class="kit-table-players" style="{TEXT}"><h4>{t("table.players")}</h4>'
        f'<table style="border-collapse:collapse;width:100%" cellpadding="3"><tr>{head}</tr>'
        + "".join(rows)
        + f"</table><p>{escape(view['bank']['text'])}</p></div>"
    )


def _player_details(view: dict[str, Any], p: dict[str, Any], jail: str) -> str:
    """A player's second line: titles (a colour chip each), get-out cards, jail or bankrupt."""
    titles = []
    for square in p["titles"]:
        sq = view["squares"][square]
        mark = f" {t('table.mortgaged_mark')}" if sq["mortgaged"] else ""
        chip = (
            f'<span style="display:inline-block;width:0.8em;height:0.8em;'
            f'background:{sq["colour"]};border:1px solid {DARK_GREY};margin-right:3px"></span>'
        )
        titles.append(f'<span style="white-space:nowrap">{chip}{escape(sq["name"])}{mark}</span>')
    if not p["alive"]:
        status = t("table.bankrupt")
    elif p["in_jail"]:
        status = t("table.in_jail", jail=jail, turns=p["jail_turns"])
    else:
        status = t("table.free")
    parts = [f"{t('table.titles')}: {', '.join(titles) or t('table.none')}"]
    if p["cards"]:
        parts.append(f"{t('table.jail_cards')}: {p['cards']}")
    parts.append(status)
    return " · ".join(parts)


class PropertyTable(w.VBox):
    """The whole table of a class game: board, players, auction, trade, bots, log, saving."""

    def __init__(self, session: Session) -> None:
        if not isinstance(session, Session) or session.family != "property":
            raise TypeError(
                "PropertyTable plays a kit.Session of a property game, for example "
                'PropertyTable.resume_or_start("partida.json", "superpoly", humans=["Ana"])'
            )
        self.session = session
        self.board = PropertyBoard(session)
        self.players = _html()
        self.message = _html()
        self.game_log = _html()
        self.saved = _html()
        self.auction = self._auction_panel()
        self.trade = self._trade_panel()
        self.bots = self._bots_panel()
        self.panels = w.Accordion(children=[self.trade])  # the bulky dialog folds away
        self.panels.selected_index = 0
        side = w.VBox(
            [
                self.message,
                self.auction,
                self.players,
                self.game_log,
                self.panels,
                self.bots,
                self.saved,
            ],
            layout=w.Layout(flex="1 1 260px", min_width="260px", max_width="560px"),
        )
        side.add_class("kit-table-side")
        screen = w.HBox(
            [self.board, side],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start", width="100%"),
        )
        screen.add_class("kit-table-screen")
        self.board.layout = w.Layout(flex="0 1 auto", max_width="100%")
        super().__init__([screen])
        self.board.observe(lambda _change: self.refresh(), names="view")
        self.refresh()

    @classmethod
    def resume_or_start(cls, path: str | Path, ruleset: str, **start: Any) -> PropertyTable:
        """The game saved in `path`, or a new one there (see `kit.Session.start`)."""
        return cls(Session.resume_or_start(path, ruleset, **start))

    # -- actions from the panels -----------------------------------------------------------------

    def act(self, action: Any, said: w.HTML | None = None) -> None:
        """Play `action` as the board would (the session checks it); refused: say why, in
        `said` (the line under the panel's buttons that were clicked) or the table's line."""
        line = said if said is not None else self.message
        if self.session.to_act() is None:  # the end (chance never waits for a click)
            line.value = self._refusal(self.board.waiting())
            return
        told = self.board.why_not(action)  # the rules (money formatted), or a bot is to act
        if told is not None:
            line.value = self._refusal(told["text"], told["rule"])
            return
        for old in (self.message, self.auction_said, self.trade_said):
            old.value = ""
        self.board.act(action)  # the board redraws; its `view` change redraws the panels

    def _refusal(self, reason: str, rule: str = "") -> str:
        """A refusal in one plain sentence; the rule ids, if any, in a small «¿por qué?»."""
        why = (
            f'<details class="kit-table-why" style="font-size:16px;color:{SOFT_INK}">'
            f"<summary>{escape(t('board.why'))}</summary>{escape(t('board.rule', rule=rule))}"
            "</details>"
            if rule
            else ""
        )
        return (
            f'<div class="kit-table-refusal" style="{REFUSAL}"><p>{escape(reason)}</p>{why}</div>'
        )

    def _say(self, reason: str) -> str:
        """A click that did nothing, and why (not the engine's refusal: nothing was tried)."""
        return f'<p style="{REFUSAL}">{escape(reason)}</p>'

    def _bid(self, _button: Any) -> None:
        bid = Bid(self.session.state.current_player(), self.bid_amount.value)
        self._safely(lambda: self.act(bid, self.auction_said), self.auction_said)

    def _pass_bid(self, _button: Any) -> None:
        leave = PassBid(self.session.state.current_player())
        self._safely(lambda: self.act(leave, self.auction_said), self.auction_said)

    def _propose(self, _button: Any) -> None:
        def propose() -> None:
            if self.trade_with.value is None:  # no partner chosen: say so, not nothing
                self.trade_said.value = self._say(t("table.trade_no_partner"))
                return
            offer = ProposeTrade(
                to_player=self.trade_with.value,
                give=tuple(self.trade_give.value),
                take=tuple(self.trade_take.value),
                money=self.trade_money.value,
            )
            self.act(offer, self.trade_said)

        self._safely(propose, self.trade_said)

    def _safely(self, do: Any, said: w.HTML | None = None) -> None:
        """A click never raises into the front end: an error becomes the panel's message."""
        try:
            do()
        except Exception as error:  # shown to the class; the game is unchanged
            (said if said is not None else self.message).value = self._refusal(str(error))

    def _play_bots(self, moves: int) -> None:
        start = len(self.session.log)

        def play() -> None:
            if self.session.play_bots(moves) == 0:  # the end, or a person's turn: say which
                seat = self.session.to_act()
                self.message.value = self._say(
                    self.board.waiting()
                    if seat is None
                    else t("table.bots_person", name=self.session.names[seat])
                )
            else:
                self.message.value = ""

        self._safely(play)
        self.board.tell_since(start)  # the bots' moves on the board's message line

    # -- the panels ------------------------------------------------------------------------------

    def _auction_panel(self) -> w.VBox:
        self.auction_text = _html()
        self.bid_amount = w.BoundedIntText(min=0, max=10**9, step=1, description="")
        self.bid_button = w.Button(button_style="primary")
        self.pass_button = w.Button()
        self.bid_button.on_click(self._bid)
        self.pass_button.on_click(self._pass_bid)
        self.auction_wait = _html()
        self.auction_said = _html()  # a refused bid, under its buttons
        return w.VBox(
            [
                self.auction_text,
                w.HBox([self.bid_amount, self.bid_button, self.pass_button]),
                self.auction_said,
                self.auction_wait,
            ]
        )

    def _trade_panel(self) -> w.VBox:
        self.trade_title = _html()
        self.trade_with = w.Dropdown(options=[])
        self.trade_give = w.SelectMultiple(options=[], rows=6)
        self.trade_take = w.SelectMultiple(options=[], rows=6)
        self.trade_money = w.IntText(value=0)
        self.trade_button = w.Button(button_style="info")
        self.trade_with.add_class("kit-trade-with")  # for the browser tests to find
        self.trade_money.add_class("kit-trade-money")
        self.trade_button.add_class("kit-trade-propose")
        self.trade_help = _html()
        self.trade_with.observe(lambda _c: self._fill_trade_titles(), names="value")
        self.trade_button.on_click(self._propose)
        self.trade_labels = [_html() for _ in range(4)]
        self.trade_wait = _html()
        self.trade_said = _html()  # a refused proposal, under the dialog's button
        return w.VBox(
            [
                self.trade_title,
                w.HBox(  # in the narrow column beside the board: two by two
                    [
                        w.VBox([self.trade_labels[0], self.trade_with], layout=TRADE_BOX),
                        w.VBox([self.trade_labels[1], self.trade_give], layout=TRADE_BOX),
                        w.VBox([self.trade_labels[2], self.trade_take], layout=TRADE_BOX),
                        w.VBox(
                            [self.trade_labels[3], self.trade_money, self.trade_button],
                            layout=TRADE_BOX,
                        ),
                    ],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.trade_said,
                self.trade_help,
                self.trade_wait,
            ]
        )

    def _bots_panel(self) -> w.HBox:
        self.step_button = w.Button()
        self.burst_button = w.Button()
        self.step_button.on_click(lambda _b: self._play_bots(1))
        self.burst_button.on_click(lambda _b: self._play_bots(BOT_BURST))
        self.bots_wait = _html()
        return w.VBox([w.HBox([self.step_button, self.burst_button]), self.bots_wait])

    def _titles_of(self, player: int) -> list[tuple[str, int]]:
        g = self.session.game
        state = self.session.state
        return [
            (g.rules.squares[square].name, square)
            for ti, square in enumerate(g.t_square)
            if state.owner[ti] == player
        ]

    def _fill_trade_titles(self) -> None:
        state = self.session.state
        me = self.session.to_act()
        partner = self.trade_with.value
        self.trade_give.options = self._titles_of(me) if me is not None else []
        self.trade_take.options = self._titles_of(partner) if partner is not None else []
        if me is not None and partner is not None:
            names = state.game.names
            self.trade_help.value = escape(
                t("table.trade_help", name=names[me], partner=names[partner])
            )

    # -- drawing ---------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"PropertyTable({self.session!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live table, plus the board's SVG and the players' table for a saved notebook."""
        self.board.refresh()
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {
            **data,
            "text/plain": self.board._fallback(),
            "image/svg+xml": self.board.svg,
        }, metadata

    def refresh(self) -> None:
        """Draw every panel again from the session's state (after any change, or a language
        switch)."""
        session, state = self.session, self.session.state
        view = board_view(state)
        self.players.value = players_html(session, view)
        lines = log_lines(state, session.log, LOG_LINES)
        first = max(1, len(session.log) - LOG_LINES + 1)
        self.game_log.value = (
            f'<div class="kit-table-log" style="{TEXT}"><h4>{t("table.log")}</h4>'
            f'<ol start="{first}">'
            + "".join(f"<li>{escape(line)}</li>" for line in lines)
            + "</ol></div>"
        )
        self.saved.value = self._saved_line()
        self.panels.titles = (t("table.trade"),)
        waiting = self.board.waiting()
        self._refresh_auction(view, waiting)
        self._refresh_trade(view, waiting)
        all_bots = all(b is not None for b in session.seat_bots)
        self.bots.layout.display = "" if all_bots else "none"  # watched to the very end
        over = state.is_terminal()
        self.step_button.disabled = self.burst_button.disabled = over
        self.bots_wait.value = _waiting_html(waiting if over else t("table.bots_help", n=BOT_BURST))
        self.step_button.description = t("table.bots_step")
        self.burst_button.description = t("table.bots_many", n=BOT_BURST)

    def _saved_line(self) -> str:
        """Where the game is saved; or, when the last save failed, why, marked as a warning
        (the move was played: the board shows it; the file is behind until a save works)."""
        session = self.session
        if session.save_error:
            label = escape(t("table.warning"))
            return (
                f'<p class="kit-table-warning" style="{WARNING}" role="alert">'
                f"<b>⚠ {label}:</b> {escape(session.save_error)}</p>"
            )
        n = _moves(session.log)
        key = "table.saved_one" if n == 1 else "table.saved"
        saved = (
            t(key, path=session.path.name, moves=n)
            if session.path is not None
            else t("table.not_saved")
        )
        return f"<small>{escape(saved)}</small>"

    def _refresh_auction(self, view: dict[str, Any], waiting: str) -> None:
        """The auction panel while an auction runs: live for a person, greyed out (and why)
        while a bot bids."""
        state = self.session.state
        show = state.phase == "auction" and not state.is_terminal() and not state.is_chance()
        self.auction.layout.display = "" if show else "none"
        if not show:
            return
        for control in (self.bid_amount, self.bid_button, self.pass_button):
            control.disabled = bool(waiting)
        self.auction_wait.value = _waiting_html(waiting)
        g = state.game
        auction = state.auction
        title, high, bidder = auction.title, auction.high, auction.bidder
        p = state.current_player()
        high_text = (
            t("table.auction_by", amount=money(high), name=g.names[bidder])
            if bidder >= 0
            else t("table.auction_no_bid")
        )
        heading = escape(t("table.auction", square=g.titles[title].name))
        self.auction_text.value = (
            f'<h4>{heading}</h4><p style="{TEXT}">'
            + escape(
                t(
                    "table.auction_state",
                    high=high_text,
                    name=g.names[p],
                    min_bid=money(state.min_bid()),
                    cash=money(state.cash[p]),
                )
            )
            + "</p>"
        )
        self.bid_amount.value = min(max(state.min_bid(), 0), self.bid_amount.max)
        self.bid_button.description = t("table.bid")
        self.pass_button.description = t("table.pass_bid")

    def _refresh_trade(self, view: dict[str, Any], waiting: str) -> None:
        """The trade dialog on a turn: live for a person, greyed out (and why) for a bot."""
        state = self.session.state
        show = state.phase in ("turn", "after") and self.session.to_act() is not None
        self.trade.layout.display = "" if show else "none"
        self.panels.layout.display = "" if show else "none"  # no empty fold
        if not show:
            return
        for control in (
            self.trade_with,
            self.trade_give,
            self.trade_take,
            self.trade_money,
            self.trade_button,
        ):
            control.disabled = bool(waiting)
        self.trade_wait.value = _waiting_html(waiting)
        me = state.current_player()
        others = [
            (name, q) for q, name in enumerate(state.game.names) if q != me and state.alive[q]
        ]
        self.trade_title.value = ""  # the fold's title says it
        for label, key in zip(
            self.trade_labels,
            ("table.trade_with", "table.trade_give", "table.trade_take", "table.trade_money"),
            strict=True,
        ):
            label.value = f"<b>{escape(t(key))}</b>"
        if self.trade_with.options != tuple(others):
            self.trade_with.options = others
        self.trade_button.description = t("table.trade_propose")
        self._fill_trade_titles()


def _waiting_html(text: str) -> str:
    """The line next to greyed-out buttons: why they are off ("" while a person plays)."""
    return f'<p class="kit-table-waiting" style="{WAITING}">{escape(text)}</p>' if text else ""


def _moves(log: list[dict[str, Any]]) -> int:
    """The moves a log holds (the set-up's chance is not a move)."""
    return sum(1 for entry in log if entry["by"] != "chance")
