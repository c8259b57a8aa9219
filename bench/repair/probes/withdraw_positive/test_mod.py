import pytest
from mod import withdraw

def test_ok():
    assert withdraw(10, 4) == 6

def test_too_much():
    with pytest.raises(ValueError):
        withdraw(1, 4)

def test_negative():
    with pytest.raises(ValueError):
        withdraw(10, -5)
