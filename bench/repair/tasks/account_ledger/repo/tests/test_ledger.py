from ledger import deposits, final_balance


def test_withdrawal():
    assert final_balance(100, [("deposit", 50), ("withdraw", 30)]) == 120


def test_only_deposits():
    assert final_balance(0, [("deposit", 5)]) == 5


def test_deposits():
    assert deposits([("deposit", 5), ("withdraw", 2)]) == 5
