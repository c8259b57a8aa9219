from mod import income_tax, effective_rate


def test_income_in_tax_free_band():
    assert income_tax(8000) == 0


def test_income_in_second_band():
    assert income_tax(25000) == 3000


def test_income_in_top_band():
    assert income_tax(50000) == 10000
    assert effective_rate(50000) == 0.2


def test_allowance_reduces_taxable_income():
    assert income_tax(45000, allowance=10000) == 5000
    assert income_tax(12000, allowance=3000) == 0


def test_allowance_larger_than_income():
    assert income_tax(5000, allowance=10000) == 0
    assert effective_rate(0) == 0.0
