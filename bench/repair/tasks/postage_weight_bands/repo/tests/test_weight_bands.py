from weight_bands import band_price, format_pence, postage_total


def test_band_edges():
    assert band_price(1) == 85
    assert band_price(100) == 85
    assert band_price(101) == 135
    assert band_price(2000) == 340


def test_too_heavy():
    assert band_price(2001) is None


def test_weight_must_be_positive():
    assert band_price(0) is None
    assert band_price(-50) is None


def test_custom_bands():
    assert band_price(0.5, [(1, 10), (5, 20)]) == 10
    assert band_price(4.2, [(1, 10), (5, 20)]) == 20


def test_postage_total():
    assert postage_total([80, 300, 2500, 0, 1000]) == (85 + 190 + 275, [2, 3])


def test_format_pence():
    assert format_pence(85) == "85p"
    assert format_pence(340) == "£3.40"
    assert format_pence(1205) == "£12.05"
