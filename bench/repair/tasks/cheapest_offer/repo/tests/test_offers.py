import pytest

from offers import Offer, best_offer, price_range, total_cost

OFFERS = [
    Offer("alpha", 19.99, 4.99),
    Offer("beta", 21.50, 0.0),
    Offer("gamma", 15.00, 2.00, in_stock=False),
    Offer("delta", 22.00, 3.00),
]


def test_total_cost():
    assert total_cost(OFFERS[0]) == 24.98


def test_nothing_in_stock():
    assert best_offer([Offer("x", 1.0, in_stock=False)]) is None


def test_single_offer():
    assert best_offer(OFFERS[:1]).seller == "alpha"


def test_best_offer_is_cheapest():
    assert best_offer(OFFERS).seller == "beta"


def test_price_range():
    assert price_range(OFFERS) == (21.5, 25.0)
    with pytest.raises(ValueError):
        price_range([])
