from borrowing import block_reasons, can_borrow, items_allowed, loan_limit


def test_loan_limit():
    assert loan_limit({"category": "child"}) == 6
    assert loan_limit({"category": "staff"}) == 0


def test_can_borrow_in_good_standing():
    card = {"category": "adult", "expires": 400, "fines": 2.50, "loans": ["B1", "B2"]}
    assert can_borrow(card, 100) is True
    assert items_allowed(card, 100) == 10


def test_expired_or_full_card_cannot_borrow():
    expired = {"category": "adult", "expires": 90, "fines": 0.0, "loans": []}
    full = {"category": "visitor", "expires": 400, "fines": 0.0, "loans": ["B1", "B2"]}
    assert can_borrow(expired, 100) is False
    assert can_borrow(full, 100) is False
    assert items_allowed(full, 100) == 0


def test_fines_block_borrowing():
    card = {"category": "adult", "expires": 400, "fines": 12.40, "loans": ["B1"]}
    assert can_borrow(card, 100) is False
    assert items_allowed(card, 100) == 0
    edge = {"category": "child", "expires": 400, "fines": 10.00, "loans": []}
    assert can_borrow(edge, 100) is False


def test_block_reasons():
    card = {"category": "visitor", "expires": 50, "fines": 15.0, "loans": ["B1", "B2"]}
    assert block_reasons(card, 100) == ["card expired", "fines owed", "loan limit reached"]
    ok = {"category": "adult", "expires": 400, "fines": 0.0, "loans": []}
    assert block_reasons(ok, 100) == []
