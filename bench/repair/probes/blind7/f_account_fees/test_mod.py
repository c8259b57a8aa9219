import pytest

from mod import Account


def test_deposit():
    acct = Account("ann")
    acct.deposit(500)
    assert acct.balance == 500
    with pytest.raises(ValueError):
        acct.deposit(0)


def test_withdraw_charges_fee():
    acct = Account("bob", 1000, fee=25)
    acct.withdraw(200)
    assert acct.balance == 775
    assert acct.fees_paid == 25


def test_insufficient_funds():
    acct = Account("cy", 100, fee=10)
    with pytest.raises(ValueError):
        acct.withdraw(95)
    assert acct.balance == 100


def test_transfer():
    a = Account("a", 1000, fee=5)
    b = Account("b")
    a.transfer(b, 300)
    assert a.balance == 695
    assert b.balance == 300
    assert a.fees_paid == 5


def test_no_fee_account():
    acct = Account("dee", 300)
    acct.withdraw(100)
    acct.withdraw(100)
    assert acct.balance == 100
    assert acct.fees_paid == 0
