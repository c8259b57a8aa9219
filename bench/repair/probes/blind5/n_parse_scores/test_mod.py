from mod import parse_scores, top_scorer


def test_empty_text():
    assert parse_scores("") == {}


def test_parse_two_lines():
    assert parse_scores("ann: 12\nbob: 7") == {"ann": 12, "bob": 7}


def test_top_scorer():
    assert top_scorer("ann: 9\n\nbob: 10") == "bob"
