from mod import parse_amount, parse_line, month_of, monthly_totals


def test_parse_amount():
    assert parse_amount("-3.50") == -3.5
    assert parse_amount(" 20.00 ") == 20.0


def test_parse_line():
    assert parse_line("2024-03-02;Coffee;-3.50") == ("2024-03-02", "Coffee", -3.5)
    assert parse_line("2024-03-05; Salary ;1800.00") == ("2024-03-05", "Salary", 1800.0)


def test_month_of():
    assert month_of("2024-03-02") == "2024-03"
    assert month_of("2023-12-31") == "2023-12"


def test_monthly_totals():
    lines = ["2024-03-02;Coffee;-3.50", "2024-03-09;Lunch;-8.00", "2024-04-01;Gift;20.00"]
    assert monthly_totals(lines) == {"2024-03": -11.5, "2024-04": 20.0}


def test_import_amounts_with_thousands_separator():
    # rent line from the bank export made the import crash
    assert parse_line("2024-03-01;Rent;-1,250.00") == ("2024-03-01", "Rent", -1250.0)
    assert parse_amount("2,000.00") == 2000.0
