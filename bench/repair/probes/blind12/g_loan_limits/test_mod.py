from mod import loan_limit, can_borrow, checkout, remaining_allowance


def test_loan_limit():
    assert loan_limit("adult") == 20
    assert loan_limit("staff") == 50
    assert loan_limit("visitor") == 10


def test_can_borrow():
    assert can_borrow("adult", 3, 0.0) is True
    assert can_borrow("adult", 20, 0.0) is False
    assert can_borrow("child", 2, 12.75) is False
    assert can_borrow("adult", 0, 0.0, expired=True) is False


def test_checkout():
    accepted, refused = checkout("child", 8, 0.0, ["a", "b", "c", "d"])
    assert accepted == ["a", "b"]
    assert refused == ["c", "d"]
    assert checkout("adult", 0, 1.50, ["x"]) == (["x"], [])


def test_remaining_allowance():
    assert remaining_allowance("adult", 5) == 15
    assert remaining_allowance("child", 14) == 0


def test_owing_exactly_the_maximum_is_still_allowed():
    # report: patron owing exactly $5.00 was refused at the desk
    assert can_borrow("adult", 1, 5.00) is True
    assert checkout("adult", 1, 5.00, ["novel"]) == (["novel"], [])
