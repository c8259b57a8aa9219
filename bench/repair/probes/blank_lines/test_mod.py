from mod import parse_settings

def test_pairs():
    assert parse_settings("a = 1\nb=2") == [("a", "1"), ("b", "2")]

def test_blank():
    assert parse_settings("a=1\n\nb=2\n") == [("a", "1"), ("b", "2")]
