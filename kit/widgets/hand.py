"""Palabra at the table: click your cards in order, watch the score build up, play it.

    >>> table = PalabraTable(kit.load("palabra", players=["Ana", "Luis", "Bot"]), seed=7,
    ...                      bots={2: "greedy"})
    >>> table                      # the hand of the player to act, the table, the buttons

One-way flow: the engine state → `hand_view` (plain JSON, kit/widgets/hand_view.py) → the `view`
and `svg` traits → the drawing (static/hand.js only inserts `kit.render.hand.hand_svg` and sends
clicks). A click comes back as a message: {"type": "pick", "card": 12}, {"type": "clear"},
{"type": "letters", "text": "A"}, {"type": "best"} or {"type": "act", "action": {...}} (the
button's `action_to_dict` data), each with the `move` stamp of the view clicked (a card clicked
on the table or in the best play comes as a "pick" with "where"). Python asks the session
(`why_not`: the engine's rules, or that a bot is to act); it either takes the action, or the
reason is shown and nothing changes; a late click, or one that would do nothing, says so too.
On a bot's turn and at the end the buttons are greyed out and the view's `waiting` says why; a
save that failed (`session.save_error`) is shown apart, in `warning`, after the move it missed.
The log is the engine's events, as the session recorded them, in words. The game itself is a
`kit.session.Session`: it plays the bot seats and draws the cut and the shuffle with its seeded
generator, and, when started with a file (`Session.resume_or_start`), saves after every move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.games.palabra import action_from_dict
from kit.messages import t
from kit.render.hand import hand_svg
from kit.widgets.base import GameWidget
from kit.widgets.hand_view import card_view, counted, hand_view, rule_of
from kit.widgets.waiting import late

LOG_KEPT = 50
ALL_BOTS_MOVES = 100_000  # far more than any game of bots takes


class PalabraTable(GameWidget, family="palabra", catalogue="hand", style="hand"):
    """A Palabra game you play by clicking cards: hot seat for the humans, bots for the rest.

    `PalabraTable(game)` deals a new game (the cut and the shuffle drawn with `seed`);
    `PalabraTable(state)` plays that very state. `bots={seat: "greedy" | "beginner" |
    "random"}` fills seats with bots. From code: `pick(card)`, `clear()`, `set_letters(text)`,
    `show_best()`, `act(action)`.
    """

    plays_out = ALL_BOTS_MOVES

    def _start(self) -> None:
        self._selected: list[int] = []
        self._letters = ""
        self._show_best = False
        self._publish("\n".join(self._log_lines()), told=True)

    # -- the Python API ----------------------------------------------------------------------

    def pick(self, card: int) -> None:
        """Select `card` of the hand to act next in the play (or unselect it if selected)."""
        self._need_turn()
        hand = self.state.hands[self.state.cur]
        if isinstance(card, bool) or not isinstance(card, int) or card not in hand:
            name = self.state.game.names[self.state.cur]
            raise ValueError(t("hand.not_in_hand", card=self._card(card), name=name))
        if card in self._selected:
            self._selected.remove(card)
        else:
            self._selected.append(card)
        self._publish("")

    def clear(self) -> None:
        """Unselect every card."""
        self._selected = []
        self._letters = ""
        self._publish("")

    def set_letters(self, text: str) -> None:
        """What the selected wild and vowel cards stand for, in order (e.g. "AE")."""
        clean = text.strip().upper() if isinstance(text, str) else None
        if clean is None or not all("A" <= ch <= "Z" for ch in clean):
            raise ValueError(t("hand.bad_letters", text=repr(text)))
        self._letters = clean
        self._publish("")

    def show_best(self) -> None:
        """Show the best play of the hand (the exact finder) with its score, factor by factor."""
        self._need_turn()
        self._show_best = True
        self._publish("")

    def act(self, action: Any) -> None:
        """Play `action` for the player to act; IllegalAction (a ValueError) if the rules say no.
        Then the bot seats play, until a human is to act or the game is over."""
        self._need_turn()
        super().act(action)

    def refresh(self) -> None:
        """Draw again, e.g. after `kit.set_language`."""
        self._publish(self.message, self.view.get("why", ""), told=self.view.get("told", False))

    def _picture(self) -> str:
        """The whole table as one SVG (with the score, the best play and the log the live page
        shows beside it), for GitHub, nbviewer and nbval."""
        return hand_svg(self.view)

    # -- the game ------------------------------------------------------------------------------

    def _need_turn(self) -> None:
        if self.state.phase not in ("turn", "play"):
            raise ValueError(t("hand.no_turn", status=self.view.get("status", self.state.phase)))
        if self.waiting():  # a bot's turn: its cards are not picked by a click
            raise ValueError(self.waiting())

    def _card(self, card: Any) -> str:
        """A card as the class reads it («C3**», «comodín»), or what was sent if it is no card."""
        cards = self.state.game.cards
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(cards):
            found = cards[card]
            return found.label if found.kind == "letter" else str(card_view(found)["name"])
        return repr(card)

    def _told(self, action: Any, start: int) -> None:
        """The moves since the click in words, as news; the selection starts again."""
        self._selected, self._letters, self._show_best = [], "", False
        self._publish("\n".join(self._log_lines(start)), told=True)

    def _log_lines(self, start: int = 0) -> list[str]:
        """The events of the session's moves from `start` on, in words (the last LOG_KEPT)."""
        events = [event for entry in self.session.log[start:] for event in entry["events"]]
        lines = [self._narrate(event) for event in events]
        return [line for line in lines if line][-LOG_KEPT:]

    def _narrate(self, event: Mapping[str, Any]) -> str:
        """One engine event in words; "" for those the table shows anyway (draws, the deal,
        the end of a round, a play leaving the table), so the last lines are the moves."""
        names = self.state.game.names
        kind = event["kind"]
        name = names[event["player"]] if "player" in event else ""
        target = names[event["target"]] if "target" in event else ""
        if kind == "pass":
            return t("hand.log_pass", name=name)
        if kind == "exchange":
            return counted("hand.log_exchange", event["cards"], name=name)
        if kind == "joker":
            return counted("hand.log_joker", -event["target_points"], "points", name=name,
                           target=target, letters=event["letters"])  # fmt: skip
        if kind == "shave":
            return counted("hand.log_shave", event["points"], "points", name=name,
                           target=target, word=event["word"], letters=event["letters"])  # fmt: skip
        if kind == "penalty":
            return counted("hand.log_penalty", -event["points"], "points", name=name)
        if kind == "game_over":
            w = event.get("winner")
            result = t("hand.winner", name=names[w]) if w is not None else t("hand.tie")
            return t("hand.log_over", result=result)
        if kind != "play":
            return ""
        letters, points = event["word"], event["points"]
        if event["play"] == "build":
            return counted("hand.log_build", points, "points", name=name, target=target,
                           base=event["base"], letters=letters)  # fmt: skip
        if event["play"] == "flush":
            letters = counted("hand.flush_cards", len(event["cards"]))
        kind_text = t(f"hand.log_kind_{event['play']}")
        return counted("hand.log_play", points, "points", name=name, kind=kind_text,
                       letters=letters)  # fmt: skip

    def _publish(self, message: str, why: str = "", told: bool = False) -> None:
        """Compute the view and its drawing; send both in one message. `why`: the rule behind
        a refusal in `message`, shown apart («¿por qué?»); `told`: `message` tells the moves
        just made (drawn as news, not as a refusal)."""
        view = hand_view(
            self.state,
            selected=self._selected,
            letters=self._letters,
            show_best=self._show_best,
            message=message,
            log=self._log_lines(max(0, len(self.session.log) - LOG_KEPT)),
            bots=self.bots,
            warning=self._warning(),
            why=why,
        )
        view["told"] = told
        self._show(view, hand_svg(view, live=True), message)

    # -- clicks ----------------------------------------------------------------------------------

    def _click(self, content: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind in ("pick", "letters", "best", "act") and late(self.session, content):
            self._publish(t("hand.late"))  # drawn before the last move: not meant for this one
            return
        said = self._does_nothing(kind, content)
        if said:
            self._publish(said)
            return
        simple = {"pick": ("card", self.pick), "letters": ("text", self.set_letters)}
        if kind in simple:
            key, method = simple[kind]
            try:
                method(content.get(key))
            except ValueError as error:
                self._publish(str(error))
            return
        if kind in ("clear", "best"):
            try:
                self.clear() if kind == "clear" else self.show_best()
            except ValueError as error:
                self._publish(str(error))
            return
        data = content.get("action") if kind == "act" else None
        if not isinstance(data, dict):
            self._publish(t("hand.bad_click", content=content))
            return
        self._play(data, content, action_from_dict)

    def _refusal(self, action: Any) -> tuple[str, str] | None:
        problem = self.session.why_not(action)  # asked, not applied: the rules, or a bot's turn
        if problem is None:
            return None
        return t("hand.not_allowed", reason=problem), rule_of(self.state.refusal(action))

    def _refuse(self, text: str, rule: str = "") -> None:
        """Nothing changes; the view says why (the rule apart, «¿por qué?»)."""
        self._publish(text, rule)

    def _does_nothing(self, kind: Any, content: dict) -> str:
        """Why a well-formed click would change nothing, or "": a card clicked on the table or
        in the best play (not in the hand), clearing an empty selection, letters with no wild
        or vowel card selected, asking again for the best play already shown."""
        if kind == "pick" and content.get("where", "hand") != "hand":
            card = content.get("card")
            where = content.get("where")
            if where == "best":
                return t("hand.card_of_best", card=self._card(card))
            owner = next(
                (
                    seat
                    for seat, play in enumerate(self.state.table)
                    if play is not None and card in play["cards"]
                ),
                None,
            )
            if owner is None:
                return t("hand.bad_click", content=content)
            return t("hand.card_on_table", card=self._card(card), name=self.state.game.names[owner])
        if self.waiting() and kind in ("clear", "letters"):
            return self.waiting()
        if kind == "clear" and not self._selected:
            return t("hand.nothing_to_clear")
        if kind == "letters" and not self.view["selection"]["needs_letters"]:
            return t("hand.letters_unused")
        if kind == "best" and self._show_best and not self.waiting():
            return t("hand.best_shown")
        return ""
