from mod import split_bill, shares


def test_no_tip():
    assert split_bill(100, 4, 0) == 25.0


def test_twenty_percent_tip():
    assert split_bill(100, 4, 20) == 30.0


def test_default_tip():
    assert split_bill(60, 3) == 23.0


def test_shares():
    assert shares(90, ["ann", "bob"], 10) == {"ann": 49.5, "bob": 49.5}
