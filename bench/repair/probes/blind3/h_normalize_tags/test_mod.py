from mod import normalize_tags


def test_single_tag():
    assert normalize_tags("Jazz") == ["jazz"]


def test_spaces_after_commas():
    assert normalize_tags("Rock, Indie, Live") == ["rock", "indie", "live"]


def test_duplicates_removed_case_insensitively():
    assert normalize_tags("rock,ROCK, Rock") == ["rock"]


def test_empty_pieces_dropped():
    assert normalize_tags("chill,, ,lofi,") == ["chill", "lofi"]


def test_empty_string():
    assert normalize_tags("") == []
