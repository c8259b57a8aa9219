from mod import spending_by_category


def test_single_line():
    assert spending_by_category(["2024-01-03,12.5,groceries"]) == {"groceries": 12.5}


def test_spaced_lines_group_together():
    lines = [
        "2024-01-03, 12.50, groceries",
        "2024-01-04, 7.25, transport",
        "2024-01-05, 20.00, groceries\n",
        "",
    ]
    assert spending_by_category(lines) == {"groceries": 32.5, "transport": 7.25}
