import pytest

from mod import Garage


def test_enter_and_leave():
    garage = Garage(10)
    assert garage.enter()
    assert garage.enter()
    garage.leave()
    assert garage.occupied == 1
    assert garage.display() == "9 FREE"


def test_full_garage():
    garage = Garage(2)
    assert garage.enter()
    assert garage.enter()
    assert garage.is_full()
    assert not garage.enter()
    assert garage.display() == "FULL"


def test_leave_empty():
    with pytest.raises(RuntimeError):
        Garage(5).leave()
