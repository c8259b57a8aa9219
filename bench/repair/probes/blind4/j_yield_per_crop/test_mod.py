from mod import average_yield_by_crop


def test_empty():
    assert average_yield_by_crop([]) == {}


def test_single_harvest_each():
    assert average_yield_by_crop([("wheat", 300.0), ("barley", 250.0)]) == {
        "wheat": 300.0,
        "barley": 250.0,
    }


def test_multiple_harvests_averaged():
    result = average_yield_by_crop([("tomato", 10.0), ("tomato", 14.0), ("bean", 3.0)])
    assert result == {"tomato": 12.0, "bean": 3.0}
