"""The dice lab: roll two dice 1, 100 or 10 000 times and watch the sums approach the exact law.

Python owns everything that matters: the seeded `random.Random`, the sampling through the exact
`two_dice()` distribution and the validation of every request. The browser (static/dice.js) shows
the buttons and inserts the picture Python drew (`kit.render.dice_lab_svg`, also the saved
notebook's static view) and sends clicks back as custom messages: no rule lives in JavaScript.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from random import Random
from typing import Any

import anywidget
import traitlets

from kit import render
from kit.messages import PlainError, t
from kit.plain_calls import plain
from kit.prob import is_double, two_dice
from kit.widgets.base import stylesheet

STATIC = Path(__file__).parent / "static"
PAIRS = two_dice()
SUMS = PAIRS.map(sum)
DOUBLES = PAIRS.P(is_double)
MAX_ROLLS = 100_000
BUTTONS = (1, 100, 10_000)
SEED_TEXT = re.compile(r"\s*[+-]?[0-9]{1,15}\s*")


def checked_count(n: Any) -> int:
    """How many rolls were asked for, refused unless a whole number from 1 to MAX_ROLLS."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_ROLLS:
        raise PlainError("dice.bad_count", value=n, limit=render.format_count(MAX_ROLLS))
    return n


def seed_from_text(value: Any) -> Any:
    """The browser's seed field sends text: ' 2026 ' becomes 2026; anything else is left for
    the Seed trait to refuse with the catalogue's message."""
    if isinstance(value, str) and SEED_TEXT.fullmatch(value):
        return int(value)
    return value


class Seed(traitlets.Int):
    """A whole-number seed; anything else is refused with the catalogue's plain text."""

    def validate(self, obj: Any, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(t("dice.bad_seed", value=value))
        return value


def view_labels() -> dict[str, str]:
    """The controls' labels, in the current language (the picture carries the rest)."""
    return {
        **{f"roll_{n}": t("dice.roll", n=render.format_count(n)) for n in BUTTONS},
        "reset": t("dice.reset"),
        "seed": t("dice.seed"),
    }


class DiceLab(anywidget.AnyWidget):
    """Two dice rolled by a seeded generator; the same seed gives the same counts everywhere.

    `lab.roll(100)` from code or the buttons in the view; `lab.reset()` starts again with the
    same seed, and setting `lab.seed` starts again with a new one.
    """

    _esm = STATIC / "dice.js"
    _css = stylesheet("dice.css")

    seed = Seed(2026).tag(sync=True)
    counts = traitlets.List(traitlets.Int(), default_value=[0] * len(SUMS)).tag(sync=True)
    rolls = traitlets.Int(0).tag(sync=True)
    doubles = traitlets.Int(0).tag(sync=True)
    last = traitlets.List(traitlets.Int(), default_value=[]).tag(sync=True)
    exact = traitlets.List(traitlets.Float(), default_value=[float(p) for p in SUMS.values()]).tag(
        sync=True
    )
    exact_doubles = traitlets.Float(float(DOUBLES)).tag(sync=True)
    labels = traitlets.Dict(default_value={}).tag(sync=True)
    picture = traitlets.Unicode("").tag(sync=True)  # kit.render.dice_lab_svg of this state
    message = traitlets.Unicode("").tag(sync=True)

    # the page sends clicks as messages and never sets these: the kernel owns every number
    _KERNEL_OWNED = frozenset(
        {"seed", "counts", "rolls", "doubles", "last", "exact", "exact_doubles", "labels"}
        | {"picture", "message"}
    )

    def __init__(self, seed: int = 2026) -> None:
        super().__init__(seed=seed, labels=view_labels())
        self.reset()
        self.on_msg(self._on_click)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A state update from the page: the lab's totals are not the page's to set (a forged
        update would make the class's counts lie), so those keys are dropped (issue 14)."""
        super().set_state({k: v for k, v in sync_data.items() if k not in self._KERNEL_OWNED})

    # -- the Python API ----------------------------------------------------------------------

    def roll(self, n: int = 1) -> None:
        """Roll both dice n times (1 to 100 000) and update the view once."""
        pairs = PAIRS.samples(self._rng, checked_count(n))
        seen = Counter(a + b for a, b in pairs)
        self._publish(
            counts=[c + seen[s] for s, c in zip(SUMS, self.counts, strict=True)],
            doubles=self.doubles + sum(map(is_double, pairs)),
            last=list(pairs[-1]),
        )

    # a slip in a cell is one sentence (issue 24); checked_count says what n may be
    roll = plain(roll, "lab.roll", method=True, kinds=False)

    def reset(self) -> None:
        """Forget every roll and restart the generator from the seed."""
        self._rng = Random(self.seed)
        self._publish(counts=[0] * len(SUMS), doubles=0, last=[])

    @property
    def counts_by_sum(self) -> dict[int, int]:
        """How many rolls gave each sum 2..12, exactly."""
        return dict(zip(SUMS, self.counts, strict=True))

    def svg(self) -> str:
        """The static view of the current state (the same state always gives the same bytes)."""
        return render.dice_lab_svg(
            self.counts_by_sum,
            SUMS,
            doubles=self.doubles,
            exact_doubles=DOUBLES,
            last=(self.last[0], self.last[1]) if self.last else None,
        )

    # -- display -----------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"DiceLab(seed={self.seed}, rolls={self.rolls}, doubles={self.doubles})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live view plus the static SVG, for GitHub, nbviewer and nbval."""
        with self.hold_sync():  # shown again after kit.set_language: speak the new language
            self.labels = view_labels()
            self.picture = self.svg()
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "image/svg+xml": self.picture}, metadata

    # -- state and clicks --------------------------------------------------------------------

    @traitlets.observe("seed")
    def _new_seed(self, _change: dict) -> None:
        self.reset()

    def _publish(self, *, counts: list[int], doubles: int, last: list[int]) -> None:
        """Set the whole state and send it to the browser in one message."""
        with self.hold_sync():
            self.counts = counts
            self.rolls = sum(counts)
            self.doubles = doubles
            self.last = last
            self.labels = view_labels()
            self.picture = self.svg()
            self.message = ""

    def _on_click(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A click in the view: do it, or say why not in `message`; never raise into the comm."""
        kind = content.get("type") if isinstance(content, dict) else None
        try:
            if kind == "roll":
                self.roll(content.get("n"))
            elif kind == "reset":
                self.reset()
            elif kind == "seed":
                self._set_seed(seed_from_text(content.get("value")))
        except ValueError as error:
            self.message = str(error)

    def _set_seed(self, seed: Any) -> None:
        """Typing a seed always starts again, even when it is the seed already in use."""
        with self.hold_sync():
            self.seed = seed
            self.reset()
