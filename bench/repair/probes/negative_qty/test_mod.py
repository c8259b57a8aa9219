import pytest
from mod import add_stock

def test_add():
    assert add_stock({"tea": 1}, "tea", 2) == {"tea": 3}

def test_unknown():
    with pytest.raises(KeyError):
        add_stock({}, "tea", 1)

def test_negative():
    with pytest.raises(KeyError):
        add_stock({"tea": 1}, "tea", -1)
