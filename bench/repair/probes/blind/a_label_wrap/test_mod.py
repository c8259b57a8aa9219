from mod import wrap_label


def test_fits_on_one_line():
    assert wrap_label("Fragile glass", 20) == ["Fragile glass"]


def test_wraps():
    assert wrap_label("Handle with care this side up", 12) == [
        "Handle with",
        "care this",
        "side up",
    ]


def test_empty():
    assert wrap_label("", 10) == []
