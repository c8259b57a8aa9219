from months import first_of_next_month, months_between


def test_next_month():
    assert first_of_next_month(2024, 3) == (2024, 4)


def test_december():
    assert first_of_next_month(2023, 12)[0] == 2024


def test_months_between():
    assert months_between((2023, 11), (2024, 2)) == 3
