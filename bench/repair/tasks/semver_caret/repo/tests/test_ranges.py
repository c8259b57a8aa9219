from ranges import best_match, caret_allows, tilde_allows, version_tuple


def test_version_tuple():
    assert version_tuple("1.10.3") == (1, 10, 3)


def test_caret_allows_newer_minor():
    assert caret_allows("1.2.0", "1.3.0") is True
    assert caret_allows("1.2.0", "1.2.5") is True
    assert caret_allows("2.0.0", "2.11.1") is True


def test_caret_rejects_older_and_next_major():
    assert caret_allows("1.2.0", "1.1.9") is False
    assert caret_allows("1.2.0", "2.0.0") is False


def test_caret_on_zero_major():
    assert caret_allows("0.3.1", "0.3.4") is True
    assert caret_allows("0.3.1", "0.4.0") is False


def test_tilde_allows():
    assert tilde_allows("1.2.3", "1.2.9") is True
    assert tilde_allows("1.2.3", "1.3.0") is False
    assert tilde_allows("1.2.3", "1.2.2") is False


def test_best_match():
    versions = ["1.1.0", "1.2.4", "1.9.0", "1.10.2", "2.0.0"]
    assert best_match("^1.2.0", versions) == "1.10.2"
    assert best_match("~1.2.0", versions) == "1.2.4"
    assert best_match("^3.0.0", versions) is None
