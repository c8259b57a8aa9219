from weights import heaviest, parse_weight, percent_change, weight_change


def test_change_is_rounded():
    assert weight_change(["4.1 kg", "4.4 kg"]) == 0.3
    assert weight_change(["900 g", "1.2 kg"]) == 0.3
    assert weight_change(["10 lb", "11 lb"]) == 0.45


def test_weight_loss_is_negative():
    assert weight_change(["6.5 kg", "6.0 kg", "5.8 kg"]) == -0.7


def test_too_few_readings():
    assert weight_change(["5 kg"]) == 0.0
    assert weight_change([]) == 0.0


def test_parse_weight_units():
    assert parse_weight(" 4.2 KG ") == 4.2
    assert parse_weight("850 g") == 0.85
    assert parse_weight("10 lb") == 4.536


def test_percent_change():
    assert percent_change(["4 kg", "5 kg"]) == 25.0
    assert percent_change(["2 kg"]) == 0.0


def test_heaviest():
    assert heaviest(["900 g", "3 lb", "1.2 kg"]) == "3 lb"
    assert heaviest([]) is None
