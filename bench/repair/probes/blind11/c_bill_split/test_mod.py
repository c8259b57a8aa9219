from mod import split_evenly, split_by_weight, fmt_cents, who_owes


def test_split_evenly():
    assert split_evenly(900, 3) == [300, 300, 300]
    assert split_evenly(1000, 2) == [500, 500]


def test_split_by_weight():
    assert split_by_weight(1000, [1, 1, 2]) == [250, 250, 500]
    assert split_by_weight(600, [1, 2]) == [200, 400]


def test_fmt_cents():
    assert fmt_cents(1205) == "12.05"
    assert fmt_cents(99) == "0.99"


def test_who_owes():
    assert who_owes("ann", 900, ["ann", "ben", "cat"]) == {"ben": 300, "cat": 300}


def test_split_with_leftover_cents():
    # electricity bill of 10.00 for three people lost a cent
    shares = split_evenly(1000, 3)
    assert sum(shares) == 1000
    assert shares == [334, 333, 333]
    assert split_evenly(1003, 4) == [251, 251, 251, 250]
