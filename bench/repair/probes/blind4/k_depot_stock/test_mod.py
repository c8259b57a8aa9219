import pytest
from mod import Depot


def test_receive_accumulates():
    d = Depot()
    d.receive("BOX-S", 10)
    d.receive("BOX-S", 5)
    assert d.stock["BOX-S"] == 15


def test_dispatch_reduces_stock():
    d = Depot()
    d.receive("PALLET", 8)
    assert d.dispatch("PALLET", 3) == 5
    assert d.stock["PALLET"] == 5


def test_dispatch_too_much():
    d = Depot()
    d.receive("PALLET", 2)
    with pytest.raises(ValueError):
        d.dispatch("PALLET", 3)


def test_repeated_dispatch_runs_out():
    d = Depot()
    d.receive("CRATE", 4)
    d.dispatch("CRATE", 3)
    with pytest.raises(ValueError):
        d.dispatch("CRATE", 3)
