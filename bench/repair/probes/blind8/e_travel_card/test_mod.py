import pytest

from mod import TravelCard


def test_tap_pays_fare():
    card = TravelCard(1000)
    assert card.tap(250)
    assert card.balance == 750
    assert card.trips == 1


def test_insufficient_balance_is_refused():
    card = TravelCard(200)
    assert not card.tap(250)
    assert card.balance == 200
    assert card.trips == 0


def test_balance_can_reach_zero():
    card = TravelCard(250)
    assert card.tap(250)
    assert card.balance == 0


def test_top_up():
    card = TravelCard()
    card.top_up(500)
    assert card.balance == 500
    with pytest.raises(ValueError):
        card.top_up(0)
