import pytest

from mod import needs_restock, can_make, max_batches, use_ingredients


def test_needs_restock():
    assert needs_restock({"rice": 100, "oil": 900}, {"rice": 500, "oil": 250}) == ["rice"]
    assert needs_restock({}, {"salt": 1}) == ["salt"]
    assert needs_restock({"salt": 5}, {"salt": 1}) == []


def test_can_make():
    assert can_make({"egg": 2}, {"egg": 6}) is True
    assert can_make({"egg": 2, "milk": 200}, {"egg": 6}) is False


def test_can_make_with_exact_amount():
    assert can_make({"egg": 2, "milk": 200}, {"egg": 2, "milk": 500}) is True


def test_max_batches():
    assert max_batches({"flour": 200, "egg": 1}, {"flour": 1000, "egg": 3}) == 3
    assert max_batches({"flour": 200}, {}) == 0


def test_use_ingredients():
    assert use_ingredients({"egg": 2}, {"egg": 5, "milk": 1}) == {"egg": 3, "milk": 1}
    with pytest.raises(ValueError):
        use_ingredients({"egg": 2}, {"egg": 1})
