from tables import csv_rows, markdown_rows


def test_markdown_rows():
    text = "| name | qty |\n|------|-----|\n| apple | 3 |\n| pear | 5 |"
    assert markdown_rows(text) == [{"name": "apple", "qty": "3"}, {"name": "pear", "qty": "5"}]


def test_csv_rows():
    assert csv_rows("name,qty\napple, 3\npear,5\n") == [
        {"name": "apple", "qty": "3"},
        {"name": "pear", "qty": "5"},
    ]
