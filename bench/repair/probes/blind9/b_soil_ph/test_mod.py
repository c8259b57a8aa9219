from mod import classify, suits


def test_classify_acidic():
    assert classify(5.2) == "acidic"


def test_classify_neutral_range():
    assert classify(6.0) == "neutral"
    assert classify(6.8) == "neutral"
    assert classify(7.3) == "neutral"
    assert classify(7.5) == "neutral"


def test_classify_alkaline():
    assert classify(8.1) == "alkaline"


def test_suits():
    assert suits("blueberry", 5.0)
    assert not suits("blueberry", 6.5)
    assert suits("tomato", 6.8)
