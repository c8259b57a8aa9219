import pytest
from mod import Account


def test_deposit():
    acc = Account("ana", 10)
    acc.deposit(15)
    assert acc.balance == 25


def test_transfer_moves_money():
    alice = Account("alice", 100)
    bob = Account("bob", 20)
    alice.transfer_to(bob, 30)
    assert alice.balance == 70
    assert bob.balance == 50
    assert bob.history == [("transfer_in", 30)]


def test_transfer_insufficient():
    alice = Account("alice", 5)
    bob = Account("bob")
    with pytest.raises(ValueError):
        alice.transfer_to(bob, 10)
