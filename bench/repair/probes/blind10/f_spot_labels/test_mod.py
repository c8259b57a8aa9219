import pytest

from mod import free_labels, spot_index, spot_label


def test_spot_label():
    assert spot_label(0) == "A-01"
    assert spot_label(46) == "B-07"


def test_spot_index():
    assert spot_index("A-01") == 0
    assert spot_index("B-07") == 46


def test_invalid_index():
    with pytest.raises(ValueError):
        spot_label(200)


def test_free_labels():
    occupied = set(range(40, 79))
    assert free_labels(occupied, "B") == ["B-40"]
