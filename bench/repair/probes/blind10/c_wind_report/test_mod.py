from mod import classify, report, to_kmh


def test_to_kmh():
    assert to_kmh(10) == 36.0
    assert to_kmh(0) == 0.0


def test_classify():
    assert classify(0.5) == "calm"
    assert classify(12) == "light"
    assert classify(35) == "moderate"
    assert classify(80) == "strong"


def test_report():
    result = report([4.0, 6.0, 5.0])
    assert result == {"average": 18.0, "peak": 21.6, "class": "light"}
    assert report([]) is None
