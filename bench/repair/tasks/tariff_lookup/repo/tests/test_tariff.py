from tariff import normalise_band, parse_tariff, rate_for, usage_cost

RATES = {"peak": 0.32, "off-peak": 0.12, "shoulder": 0.2}


def test_rate_for_any_spelling():
    assert rate_for(RATES, "Peak") == 0.32
    assert rate_for(RATES, " Off-Peak ") == 0.12


def test_rate_for_stored_name():
    assert rate_for(RATES, "shoulder") == 0.2
    assert rate_for(RATES, "night") is None
    assert rate_for(RATES, "night", 0.0) == 0.0


def test_parse_tariff():
    text = "Peak: 0.32\n\n Off-Peak : 0.12\n"
    assert parse_tariff(text) == {"peak": 0.32, "off-peak": 0.12}
    assert parse_tariff("") == {}


def test_usage_cost():
    assert usage_cost(RATES, {"Peak": 10, "OFF-PEAK": 20}) == 5.6
    assert usage_cost(RATES, {"night": 50}) == 0
    assert usage_cost(RATES, {}) == 0


def test_normalise_band():
    assert normalise_band("  Off-Peak ") == "off-peak"
