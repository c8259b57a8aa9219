from mod import can_reach


NETWORK = {
    "Oslo": ["Drammen", "Lillestrom"],
    "Drammen": ["Kongsberg"],
    "Kongsberg": ["Oslo"],
    "Lillestrom": [],
    "Bergen": ["Voss"],
}


def test_direct_connection():
    assert can_reach(NETWORK, "Oslo", "Drammen") is True


def test_via_intermediate():
    assert can_reach(NETWORK, "Oslo", "Kongsberg") is True


def test_unreachable():
    assert can_reach(NETWORK, "Oslo", "Voss") is False
