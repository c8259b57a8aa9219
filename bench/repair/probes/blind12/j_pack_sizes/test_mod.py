from mod import packs_needed, order_cost, surplus_units, cheapest_offer


def test_packs_needed():
    assert packs_needed(40, 10) == 4
    assert packs_needed(18, 10) == 2
    assert packs_needed(0, 10) == 0


def test_order_cost():
    assert order_cost(48, 12, 9.5) == 38.0
    assert order_cost(100, 50, 20) == 40


def test_surplus_units():
    assert surplus_units(90, 25) == 10
    assert surplus_units(30, 10) == 0


def test_cheapest_offer():
    offers = {"Acme": (50, 40.0), "Bolton": (20, 18.0)}
    assert cheapest_offer(100, offers) == "Acme"
    assert cheapest_offer(40, offers) == "Bolton"


def test_small_remainder_still_needs_a_pack():
    # ordered 21 units of cable ties in packs of 10 and only 20 arrived
    assert packs_needed(21, 10) == 3
    assert surplus_units(21, 10) == 9
