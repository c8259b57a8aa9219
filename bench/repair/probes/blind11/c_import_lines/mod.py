"""Importing transactions from a bank's exported text lines.

Each line looks like '2024-03-02;Coffee;-3.50'.
"""


def parse_amount(text):
    """Return an amount string such as '-1,250.00' as a float."""
    return float(text.strip())


def parse_line(line):
    """Return (date, description, amount) from one exported line."""
    date, desc, amount = line.split(";")
    return date.strip(), desc.strip(), parse_amount(amount)


def month_of(date):
    """Return the 'YYYY-MM' part of a 'YYYY-MM-DD' date."""
    return date[:7]


def monthly_totals(lines):
    """Return a dict month -> total amount for the exported lines."""
    totals = {}
    for line in lines:
        date, _, amount = parse_line(line)
        month = month_of(date)
        totals[month] = round(totals.get(month, 0) + amount, 2)
    return totals
