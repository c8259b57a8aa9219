from mod import statement, closing_balance


def test_accepted_transactions():
    assert statement(100, [("salary", 50), ("rent", -120)]) == [
        ("salary", 50, 150),
        ("rent", -120, 30),
    ]


def test_rejected_withdrawal_does_not_change_balance():
    assert statement(10, [("tv", -500), ("coffee", -3)]) == [
        ("tv", -500, "REJECTED"),
        ("coffee", -3, 7),
    ]


def test_closing_balance():
    assert closing_balance(10, [("tv", -500), ("gift", 20)]) == 30


def test_closing_balance_no_transactions():
    assert closing_balance(0, []) == 0
