from mod import monthly_remaining, overspent_months


def test_exact_spending():
    assert monthly_remaining(500, [500, 500]) == [0.0, 0.0]


def test_savings_carry_over():
    assert monthly_remaining(500, [400, 550, 500]) == [100.0, 50.0, 50.0]


def test_overspend_reduces_next_month():
    assert monthly_remaining(300, [350, 280]) == [-50.0, -30.0]


def test_overspent_months():
    assert overspent_months(300, [350, 280, 200]) == [1, 2]
