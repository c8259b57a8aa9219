"""Invoice payments."""


def paid_total(invoices):
    """Sum of the amounts of the paid invoices {amount, paid}."""
    total = 0
    for invoice in invoices:
        if invoice["paid"]:
            total += invoice["amount"]
            break
    return total


def unpaid(invoices):
    """How many invoices are unpaid."""
    return sum(1 for invoice in invoices if not invoice["paid"])
