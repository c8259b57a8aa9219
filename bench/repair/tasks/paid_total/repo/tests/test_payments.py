from payments import paid_total, unpaid


def test_paid_total():
    assert paid_total([{"amount": 5, "paid": True}, {"amount": 7, "paid": False}, {"amount": 3, "paid": True}]) == 8


def test_unpaid():
    assert unpaid([{"amount": 5, "paid": False}]) == 1
