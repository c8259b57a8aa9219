from running import grand_total, totals


def test_totals():
    assert totals([1, 2, 3]) == [1, 3, 6]


def test_grand_total():
    assert grand_total([1, 2, 3]) == 6
