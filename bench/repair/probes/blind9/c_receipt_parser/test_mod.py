from mod import parse_line, receipt_totals


def test_parse_simple_line():
    assert parse_line("Milk 1.25") == ("Milk", 1.25)


def test_parse_item_with_spaces():
    assert parse_line("Olive oil 4.50\n") == ("Olive oil", 4.5)


def test_receipt_totals():
    lines = ["Milk 1.25", "Bread 2.10", "", "Milk 1.25", "Washing up liquid 1.80"]
    assert receipt_totals(lines) == {
        "Milk": 2.5,
        "Bread": 2.1,
        "Washing up liquid": 1.8,
    }
