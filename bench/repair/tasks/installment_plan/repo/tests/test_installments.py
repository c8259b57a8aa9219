from installments import installment, remaining_after, schedule


def test_single_installment_amounts():
    assert installment(1000, 3, 1) == 334
    assert installment(1000, 3, 3) == 333
    assert installment(900, 3, 2) == 300


def test_schedule_adds_up():
    assert schedule(1000, 3) == [334, 333, 333]
    assert schedule(500, 1) == [500]
    assert sum(schedule(1001, 4)) == 1001


def test_remaining_after():
    assert remaining_after(1000, 3, 1) == 666
    assert remaining_after(1000, 3, 3) == 0
