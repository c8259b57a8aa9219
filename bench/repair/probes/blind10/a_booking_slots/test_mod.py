import pytest

from mod import book, can_book, free_slots, slots_for_day


def test_slots_for_day():
    slots = slots_for_day()
    assert slots[0] == 9
    assert slots[-1] == 17
    assert len(slots) == 9


def test_free_slots():
    assert free_slots({9, 10, 11, 12, 13, 14}) == [15, 16, 17]


def test_can_book():
    assert can_book(10, 2, {13})
    assert not can_book(12, 2, {13})
    assert not can_book(17, 2, set())


def test_book():
    assert book(10, 2, {14}) == {10, 11, 14}
    with pytest.raises(ValueError):
        book(14, 1, {14})
