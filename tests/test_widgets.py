"""The dice lab without a browser: clicks go through the same handler the browser's messages use.

`_handle_custom_msg(content, buffers)` is where ipywidgets delivers a view's `model.send(...)`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.messages import set_language, t
from kit.widgets import DiceLab
from kit.widgets.dice import MAX_ROLLS


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def click(lab: DiceLab, **content: object) -> None:
    """What a button in the view does: a custom message to the kernel."""
    lab._handle_custom_msg(content, [])


def state(lab: DiceLab) -> tuple:
    return (lab.seed, tuple(lab.counts), lab.rolls, lab.doubles, tuple(lab.last))


def test_a_click_rolls_and_counts_add_up():
    lab = DiceLab(seed=1)
    click(lab, type="roll", n=100)
    assert lab.rolls == 100
    assert sum(lab.counts) == 100
    assert 0 <= lab.doubles <= 100
    assert len(lab.last) == 2 and all(1 <= face <= 6 for face in lab.last)
    assert lab.message == ""


def test_rolls_accumulate_across_clicks_and_code():
    lab = DiceLab(seed=1)
    click(lab, type="roll", n=1)
    lab.roll(10_000)
    assert lab.rolls == sum(lab.counts) == 10_001


def test_same_seed_same_counts_different_seed_different_counts():
    a, b, c = DiceLab(seed=5), DiceLab(seed=5), DiceLab(seed=6)
    for lab in (a, b, c):
        lab.roll(1000)
    assert state(a)[1:] == state(b)[1:]
    assert a.counts != c.counts


def test_one_batch_of_n_equals_n_single_rolls():
    """The seeded sequence does not depend on how the rolls are grouped into clicks."""
    batch, singles = DiceLab(seed=3), DiceLab(seed=3)
    batch.roll(50)
    for _ in range(50):
        singles.roll()
    assert state(batch) == state(singles)


def test_counts_by_sum_names_the_sums():
    lab = DiceLab(seed=2)
    lab.roll(500)
    by_sum = lab.counts_by_sum
    assert list(by_sum) == list(range(2, 13))
    assert list(by_sum.values()) == lab.counts


def test_doubles_are_the_rolls_with_equal_faces():
    lab = DiceLab(seed=4)
    doubles = 0
    for _ in range(300):
        lab.roll()
        doubles += lab.last[0] == lab.last[1]
    assert lab.doubles == doubles


def test_reset_starts_the_same_sequence_again():
    lab = DiceLab(seed=9)
    lab.roll(100)
    first = state(lab)
    click(lab, type="reset")
    assert (lab.rolls, lab.doubles, lab.last, sum(lab.counts)) == (0, 0, [], 0)
    lab.roll(100)
    assert state(lab) == first


def test_a_seed_typed_in_the_view_restarts_with_that_seed():
    lab = DiceLab(seed=1)
    lab.roll(100)
    click(lab, type="seed", value=" 42 ")
    assert (lab.seed, lab.rolls) == (42, 0)
    lab.roll(100)
    fresh = DiceLab(seed=42)
    fresh.roll(100)
    assert state(lab) == state(fresh)


def test_typing_the_same_seed_again_restarts():
    lab = DiceLab(seed=8)
    lab.roll(10)
    click(lab, type="seed", value="8")
    assert lab.rolls == 0


def test_setting_the_seed_from_code_restarts():
    lab = DiceLab(seed=1)
    lab.roll(10)
    lab.seed = 2
    assert lab.rolls == 0


def test_a_successful_click_clears_the_last_message():
    lab = DiceLab()
    click(lab, type="roll", n=0)
    assert lab.message
    click(lab, type="roll", n=1)
    assert lab.message == ""


bad_counts = st.one_of(
    st.integers(max_value=0),
    st.integers(min_value=MAX_ROLLS + 1),
    st.booleans(),
    st.floats(),
    st.text(max_size=10),
    st.none(),
    st.lists(st.integers(), max_size=3),
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bad_counts)
def test_bad_roll_requests_are_refused_with_a_message_and_no_change(n):
    lab = DiceLab(seed=1)
    lab.roll(7)
    before = state(lab)
    click(lab, type="roll", n=n)
    assert state(lab) == before
    assert lab.message == t("dice.bad_count", value=n, limit="100\u202f000")


bad_seeds = st.one_of(
    st.floats(),
    st.booleans(),
    st.none(),
    st.text(max_size=10).filter(lambda s: not s.strip().lstrip("+-").isdigit()),
    st.lists(st.integers(), max_size=2),
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bad_seeds)
def test_bad_seeds_are_refused_with_a_message_and_no_change(value):
    lab = DiceLab(seed=1)
    lab.roll(7)
    before = state(lab)
    click(lab, type="seed", value=value)
    assert state(lab) == before
    assert lab.message == t("dice.bad_seed", value=value)


@pytest.mark.parametrize("content", [{}, {"type": "fly"}, {"type": None}, ["roll"], "roll", None])
def test_unknown_messages_change_nothing(content):
    lab = DiceLab(seed=1)
    lab.roll(3)
    before = state(lab)
    lab._handle_custom_msg(content, [])
    assert (state(lab), lab.message) == (before, "")


@pytest.mark.parametrize("n", [0, -1, 2.0, "100", True, MAX_ROLLS + 1])
def test_code_gets_a_clear_value_error(n):
    lab = DiceLab()
    with pytest.raises(ValueError) as error:
        lab.roll(n)
    assert str(error.value) == t("dice.bad_count", value=n, limit="100\u202f000")
    assert lab.rolls == 0


@pytest.mark.parametrize("seed", ["2026", 1.5, True, None])
def test_bad_seeds_from_code_raise_the_catalogue_text(seed):
    with pytest.raises(ValueError, match="semilla"):
        DiceLab(seed=seed)
    lab = DiceLab(seed=3)
    with pytest.raises(ValueError, match="semilla"):
        lab.seed = seed
    assert lab.seed == 3


def test_the_largest_batch_is_accepted():
    lab = DiceLab()
    lab.roll(MAX_ROLLS)
    assert lab.rolls == MAX_ROLLS


def test_a_big_batch_reaches_the_browser_in_one_message(monkeypatch):
    lab = DiceLab()
    sent = []
    monkeypatch.setattr(lab, "send_state", lambda key=None: sent.append(key))
    lab.roll(10_000)
    assert len(sent) == 1


def test_labels_follow_the_language():
    spanish = DiceLab().labels
    assert spanish["roll_10000"] == "Tirar 10\u202f000"
    set_language("en")
    english = DiceLab().labels
    assert english["roll_10000"] == "Roll 10,000"
    assert english["reset"] == "Reset" and spanish["reset"] == "Reiniciar"


def test_a_lab_made_before_a_language_switch_speaks_the_new_language_when_shown_again():
    lab = DiceLab()
    set_language("en")
    data, _ = lab._repr_mimebundle_()
    assert lab.labels["reset"] == "Reset"
    assert "Dice lab" in data["image/svg+xml"] and "Dice lab" in lab.picture


def test_the_live_picture_is_the_saved_one():
    """One renderer: what the browser inserts is byte for byte the notebook's static SVG."""
    lab = DiceLab(seed=3)
    lab.roll(250)
    assert lab.picture == lab.svg() == lab._repr_mimebundle_()[0]["image/svg+xml"]
    assert 'data-testid="rolls" font-weight="bold">250<' in lab.picture


def test_the_bundle_has_the_live_view_the_svg_and_a_stable_text():
    lab = DiceLab(seed=5)
    lab.roll(20)
    data, _ = lab._repr_mimebundle_()
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == lab.model_id
    assert data["text/plain"] == f"DiceLab(seed=5, rolls=20, doubles={lab.doubles})"
    assert "0x" not in data["text/plain"]
    ET.fromstring(data["image/svg+xml"])


def test_svg_depends_only_on_state():
    a, b = DiceLab(seed=5), DiceLab(seed=5)
    a.roll(100)
    b.roll(100)
    assert a.svg() == b.svg()
    b.roll()
    assert a.svg() != b.svg()
    b.reset()
    assert b.svg() == DiceLab(seed=11).svg()


def test_exact_values_for_drawing_are_the_two_dice_law():
    lab = DiceLab()
    assert lab.exact[7 - 2] == pytest.approx(1 / 6)
    assert sum(lab.exact) == pytest.approx(1)
    assert lab.exact_doubles == pytest.approx(1 / 6)


def test_the_page_cannot_set_the_dice_labs_totals():
    """Issue 14, point 7: counts, rolls and doubles change only by rolling in the kernel; a
    state update from the front end (a forged comm message) leaves them as they were."""
    from kit.widgets import DiceLab

    lab = DiceLab(seed=3)
    lab.roll(100)
    before = (list(lab.counts), lab.rolls, lab.doubles, lab.seed)
    lab.set_state({"counts": [1000] * 11, "rolls": 11000, "doubles": 0, "seed": 9})
    assert (list(lab.counts), lab.rolls, lab.doubles, lab.seed) == before
    lab.roll(1)
    assert lab.rolls == 101
