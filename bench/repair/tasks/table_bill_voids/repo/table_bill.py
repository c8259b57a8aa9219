"""The bill for a restaurant table."""


def bill_lines(items):
    """(charged lines, voided names) for the items rung up on a table.

    items are dicts {"name", "price", "qty"}, with "void": True on items sent back
    or rung up by mistake; voided items are listed but not charged. Each charged
    line is (name, qty, line total).
    """
    charged = []
    voided = []
    for item in items:
        if item.get("void"):
            voided.append(item["name"])
        charged.append((item["name"], item["qty"], round(item["price"] * item["qty"], 2)))
    return charged, voided


def subtotal(items):
    """Sum of the charged lines of the bill."""
    charged, _ = bill_lines(items)
    return round(sum(line[2] for line in charged), 2)


def service_charge(amount, percent=12.5):
    """Service charge on amount, rounded to cents."""
    return round(amount * percent / 100, 2)
