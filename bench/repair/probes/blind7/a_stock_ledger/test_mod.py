import pytest

from mod import StockLedger


def test_receive_accumulates():
    ledger = StockLedger()
    ledger.receive("A", 10)
    ledger.receive("A", 5)
    assert ledger.on_hand("A") == 15


def test_ship_reduces_stock():
    ledger = StockLedger()
    ledger.receive("A", 10)
    ledger.ship("A", 4)
    assert ledger.on_hand("A") == 6


def test_ship_more_than_available_raises():
    ledger = StockLedger()
    ledger.receive("A", 3)
    with pytest.raises(ValueError):
        ledger.ship("A", 5)


def test_total_shipped():
    ledger = StockLedger()
    ledger.receive("A", 10)
    ledger.ship("A", 2)
    ledger.ship("A", 3)
    assert ledger.total_shipped("A") == 5
    assert ledger.on_hand("unknown") == 0


def test_cannot_ship_after_stock_runs_low():
    ledger = StockLedger()
    ledger.receive("B", 5)
    ledger.ship("B", 4)
    with pytest.raises(ValueError):
        ledger.ship("B", 2)
