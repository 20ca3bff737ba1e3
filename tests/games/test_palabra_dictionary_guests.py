"""The classroom word list leaves out the other language's words that slip into the corpus."""

from kit.games.palabra import Dictionary


def test_the_spanish_classroom_list_has_no_english_guests():
    common = Dictionary.bundled("es", common=3000)
    assert not {"MY", "IN", "SO", "BE", "TO"} & common.words
    assert {"CASA", "NO", "ME", "SE", "ONCE", "QUITE"} <= common.words  # shared spellings stay
    assert len(common) == 3000


def test_the_english_classroom_list_has_no_spanish_guests():
    common = Dictionary.bundled("en", common=3000)
    assert not {"QUE", "DE", "LA", "EL"} & common.words
    assert {"THE", "AND", "NO", "ME"} <= common.words


def test_the_full_lists_keep_every_word():
    assert {"MY", "IN"} <= Dictionary.bundled("es").words
