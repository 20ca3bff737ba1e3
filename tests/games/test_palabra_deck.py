"""PLB-01, PLB-13: the real deck as data (kit/data/palabra.toml), its loader and the light core."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from kit.games.palabra.cards import Card, common_colours
from kit.games.palabra.load import DeckError, build_cards, load_deck

ROOT = Path(__file__).resolve().parents[2]
# FACTS.md: "Letter value (same for every copy) and number of copies per deck"
FACTS_LETTERS = (
    "A 1 ×10, B 4 ×4, C 3 ×3, D 2 ×3, E 1 ×12, F 4 ×4, G 5 ×4, H 4 ×4, I 1 ×10, J 9 ×2, K 6 ×2, "
    "L 2 ×3, M 3 ×3, N 1 ×7, O 1 ×8, P 2 ×3, Q 10 ×2, R 1 ×5, S 1 ×5, T 1 ×5, U 1 ×3, V 5 ×3, "
    "W 5 ×2, X 8 ×2, Y 4 ×4, Z 10 ×2"
)


@pytest.fixture(scope="module")
def cards():
    return build_cards(load_deck())


def test_plb_13_deck_has_115_letters_3_wild_2_jokers_2_vowel_cards(cards):
    kinds = Counter(c.kind for c in cards)
    assert kinds == {"letter": 115, "wild": 3, "joker": 2, "vowel": 2}
    assert len(cards) == 122 == load_deck().size()
    assert [c.id for c in cards] == list(range(122))  # stable ids


def test_plb_13_cards_per_colour_match_facts(cards):
    names = {
        frozenset({"yellow"}): "yellow",
        frozenset({"green"}): "green",
        frozenset({"red"}): "red",
        frozenset({"blue"}): "blue",
        frozenset({"red", "blue"}): "red/blue",
        frozenset({"green", "yellow"}): "green/yellow",
    }
    per = Counter(names[c.colours] for c in cards if c.kind == "letter")
    assert per == {"yellow": 22, "green": 22, "red": 22, "blue": 22, "red/blue": 14,
                   "green/yellow": 13}  # fmt: skip


def test_plb_13_letter_values_and_copies_match_facts(cards):
    expected = {}
    for item in FACTS_LETTERS.split(", "):
        letter, value, copies = item.split()
        expected[letter] = (int(value), int(copies.lstrip("×")))
    got = {}
    for c in cards:
        if c.kind == "letter":
            v, n = got.get(c.letter, (c.value, 0))
            assert v == c.value, f"{c.letter} has two values"
            got[c.letter] = (v, n + 1)
    assert got == expected


def test_plb_13_star_cards_and_specials(cards):
    stars = Counter(c.stars for c in cards if c.kind == "letter")
    assert set(stars) == {0, 2, 3}
    c3 = [c for c in cards if c.letter == "C" and c.stars == 2]
    assert c3 == [Card(3, "C", 3, frozenset({"yellow"}), 2, "letter", "red")]
    for c in cards:
        if c.kind in ("wild", "vowel"):
            assert c.colours == {"red", "blue", "green", "yellow"} and c.value == 0
        if c.kind == "joker":
            assert c.colours == frozenset() and c.value == 0
    wild = next(c for c in cards if c.kind == "wild")
    vowel = next(c for c in cards if c.kind == "vowel")
    assert all(wild.can_be(ch) for ch in "AQZ") and not wild.can_be("Ñ")
    assert all(vowel.can_be(ch) for ch in "AEIOUY") and not vowel.can_be("B")


def test_plb_13_every_row_is_marked_published():
    spec = load_deck()
    assert spec.source == "published"
    assert {r["source"] for r in spec.letters + spec.specials} == {"published"}


def test_plb_01_two_decks_red_and_blue(cards):
    both = build_cards(load_deck(), 2)
    assert len(both) == 244
    assert Counter(c.deck for c in both) == {"red": 122, "blue": 122}
    assert [(c.letter, c.value, c.colours, c.stars, c.kind) for c in both[122:]] == [
        (c.letter, c.value, c.colours, c.stars, c.kind) for c in cards
    ]


def test_plb_03_multicoloured_and_wild_cards_count_as_either_colour(cards):
    rb = next(c for c in cards if c.colours == {"red", "blue"})
    red = next(c for c in cards if c.colours == {"red"})
    blue = next(c for c in cards if c.colours == {"blue"})
    wild = next(c for c in cards if c.kind == "wild")
    assert common_colours([rb, red, wild]) == {"red"}
    assert common_colours([rb, blue]) == {"blue"}
    assert common_colours([red, blue]) == frozenset()


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('stars = 2, copies = 1', 'stars = 4, copies = 1', "letters[2].stars"),
        ('letter = "A", value = 1, colours = ["yellow"]', 'letter = "A", value = 2, colours = '
         '["yellow"]', "].value should be 2, the value of every other A"),
        ('colours = ["red", "blue"], stars = 0, copies = 1', 'colours = ["purple"], stars = 0, '
         'copies = 1', "letters[15].colours"),
        ('source = "published"}', 'source = "guess"}', "letters[0].source"),
        ('kind = "wild"', 'kind = "blank"', "specials[0].kind"),
    ],
)  # fmt: skip
def test_plb_13_loader_names_file_key_and_expectation(tmp_path, old, new, key):
    text = (ROOT / "kit" / "data" / "palabra.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "mi_baraja.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DeckError) as e:
        load_deck(path)
    msg = str(e.value)
    assert "mi_baraja.toml" in msg and key in msg and "should be" in msg


def test_plb_13_loader_reports_missing_file_and_bad_toml(tmp_path):
    with pytest.raises(DeckError, match="no such deck file"):
        load_deck(tmp_path / "none.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("letters = [", encoding="utf-8")
    with pytest.raises(DeckError, match=r"bad\.toml: not valid TOML"):
        load_deck(bad)


def test_light_core_palabra_imports_and_plays_with_heavy_packages_blocked(run_light):
    """kit.games.palabra needs only the standard library; it reads pyspellchecker's word lists
    itself (gzip + json), without importing the spellchecker package."""
    out = run_light(
        """
        import random
        import kit.games.palabra
        from kit.games.palabra.game import PalabraGame
        from kit.games.palabra.bots import greedy
        from kit.games.palabra.dictionary import Dictionary
        d = Dictionary.bundled("es", common=2000)
        g = PalabraGame(players=2, dictionary=d)
        s = g.new_state()
        rng = random.Random(3)
        for _ in range(12):
            if s.is_terminal():
                break
            s.apply_chance(s.sample_chance(rng)) if s.is_chance() else s.apply(greedy(s, rng))
        print(len(d), "spellchecker" in sys.modules)
        """
    )
    assert out == ["2000 False"]  # the word lists are read, the package is never imported
