from wordstats import page_words, reading_minutes, top_words, word_count


def test_page_words():
    assert page_words("The cat, the hat!") == ["the", "cat", "the", "hat"]


def test_numbers_skipped_or_kept():
    assert page_words("Version 2 of 3 pages") == ["version", "of", "pages"]
    assert page_words("Version 2 (draft)", skip_numbers=False) == ["version", "2", "draft"]


def test_word_count():
    assert word_count("One, two... three 4 -- five") == 4


def test_empty_text():
    assert page_words("") == []
    assert word_count("  ") == 0


def test_top_words():
    text = "The wiki and the wiki page. Page wiki! A page of notes"
    assert top_words(text, 2) == [("page", 3), ("wiki", 3)]
    assert top_words(text) == [("page", 3), ("wiki", 3), ("notes", 1)]


def test_reading_minutes():
    assert reading_minutes("") == 0
    assert reading_minutes("word " * 450) == 3
    assert reading_minutes("short note", per_minute=100) == 1
