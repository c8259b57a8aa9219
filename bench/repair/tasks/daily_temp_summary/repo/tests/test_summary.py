from summary import daily_summary, frost_warning, heating_degree_days, to_celsius


def test_to_celsius():
    assert to_celsius(212, "F") == 100
    assert to_celsius(-3.5, "C") == -3.5


def test_summary_celsius_readings():
    assert daily_summary([(4.0, "C"), (11.5, "C"), (-1.0, "C")]) == {
        "min": -1.0, "max": 11.5, "mean": 4.8,
    }
    assert daily_summary([]) is None


def test_summary_mixed_units():
    assert daily_summary([(5.0, "C"), (50.0, "F"), (14.0, "F")]) == {
        "min": -10.0, "max": 10.0, "mean": 1.7,
    }


def test_frost_and_degree_days():
    assert frost_warning({"min": -0.4, "max": 6.0, "mean": 2.1})
    assert not frost_warning({"min": 0.1, "max": 6.0, "mean": 2.1})
    assert not frost_warning(None)
    assert heating_degree_days([10.0, 15.5, 20.0, 12.3]) == 8.7
