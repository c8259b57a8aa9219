from mod import days_overdue, overdue_report


LOANS = [
    {"title": "Dune", "patron": "ann", "due": 100},
    {"title": "Emma", "patron": "bob", "due": 95},
    {"title": "Ulysses", "patron": "cat", "due": 110},
]


def test_days_overdue():
    assert days_overdue(LOANS[0], 104) == 4
    assert days_overdue(LOANS[2], 104) == 0


def test_report_lists_most_overdue_first():
    assert overdue_report(LOANS, 105) == [
        "Emma (bob): 10 days",
        "Dune (ann): 5 days",
    ]


def test_book_due_today_is_not_overdue():
    assert overdue_report(LOANS, 100) == ["Emma (bob): 5 days"]


def test_nothing_overdue():
    assert overdue_report(LOANS, 90) == []
