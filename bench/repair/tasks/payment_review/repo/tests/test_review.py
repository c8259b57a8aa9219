from review import needs_review, review_queue


def test_flagged_small_payment():
    assert needs_review(20, True)


def test_small_unflagged_payment():
    assert not needs_review(20, False)


def test_queue():
    assert review_queue([{"id": 1, "amount": 5000, "flagged": True}]) == [1]
