import pytest
from mod import LoanTracker


def test_checkout_limit():
    tracker = LoanTracker(max_loans=2)
    assert tracker.checkout("ana", "Dune")
    assert tracker.checkout("ana", "Emma")
    assert not tracker.checkout("ana", "Ulysses")


def test_return_frees_a_slot():
    tracker = LoanTracker(max_loans=1)
    tracker.checkout("ben", "Dune")
    tracker.return_book("ben", "Dune")
    assert tracker.on_loan("ben") == []
    assert tracker.checkout("ben", "Emma")


def test_return_unknown_book():
    tracker = LoanTracker()
    with pytest.raises(KeyError):
        tracker.return_book("cy", "Dune")
