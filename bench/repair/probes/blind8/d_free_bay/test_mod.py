from mod import first_free, park


def test_first_free_bay():
    assert first_free(["A1", None, "B2", None]) == 1


def test_search_from_a_start_index():
    assert first_free(["A1", None, "B2", None], start=2) == 3


def test_full_level():
    assert first_free(["A1", "B2"]) is None


def test_park_fills_bays_in_order():
    bays = [None, "X", None]
    assert park(bays, "P1") == 0
    assert park(bays, "P2") == 2
    assert park(bays, "P3") is None
    assert bays == ["P1", "X", "P2"]
