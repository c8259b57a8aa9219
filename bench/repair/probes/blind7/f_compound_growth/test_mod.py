from mod import future_value, savings_plan_value, effective_annual_rate


def test_quarterly_compounding():
    assert future_value(1000, 0.08, 1, periods_per_year=4) == 1082.43


def test_yearly_compounding():
    assert future_value(2000, 0.06, 2, periods_per_year=1) == 2247.2


def test_zero_rate():
    assert future_value(500, 0.0, 10) == 500.0


def test_savings_plan():
    assert savings_plan_value(100, 0.0, 2) == 2400.0
    assert savings_plan_value(100, 0.12, 1) == 1268.25


def test_effective_annual_rate():
    assert effective_annual_rate(0.12) == 0.126825
    assert effective_annual_rate(0.05, 1) == 0.05
