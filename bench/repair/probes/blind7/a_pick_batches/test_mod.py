import pytest

from mod import batch_orders, heaviest_batch_index


def test_even_split():
    assert batch_orders([1, 2, 3, 4], 2) == [[1, 2], [3, 4]]


def test_uneven_split_keeps_last_order():
    assert batch_orders(["a", "b", "c", "d", "e"], 2) == [["a", "b"], ["c", "d"], ["e"]]


def test_single_order():
    assert batch_orders(["x"], 3) == [["x"]]


def test_invalid_batch_size():
    with pytest.raises(ValueError):
        batch_orders([1], 0)


def test_heaviest_batch():
    weights = {1: 2, 2: 3, 3: 7}
    assert heaviest_batch_index([[1, 2], [3]], weights) == 1
    assert heaviest_batch_index([], weights) is None
