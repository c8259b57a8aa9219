import pytest

from portfolio import biggest_mover, daily_report, percent_change, portfolio_value

YESTERDAY = {"ACME": 100.0, "GLOBEX": 50.0}
TODAY = {"ACME": 110.0, "GLOBEX": 49.0}
HOLDINGS = {"GLOBEX": 10, "ACME": 2}


def test_percent_change():
    assert percent_change(50, 55) == 10.0
    assert percent_change(80, 60) == -25.0
    with pytest.raises(ValueError):
        percent_change(0, 5)


def test_portfolio_value():
    assert portfolio_value(HOLDINGS, TODAY) == 710.0


def test_daily_report():
    assert daily_report(HOLDINGS, YESTERDAY, TODAY) == [
        "ACME: 220.00 (+10.00%)",
        "GLOBEX: 490.00 (-2.00%)",
    ]


def test_biggest_mover():
    assert biggest_mover(YESTERDAY, TODAY) == "ACME"
