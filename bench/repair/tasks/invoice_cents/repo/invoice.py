"""Invoice arithmetic in integer cents."""


def to_cents(amount):
    """Amount in currency units (number or numeric string) as a whole number of cents."""
    return int(float(amount) * 100)


def format_cents(cents):
    """'$1,234.56' style text; negative amounts get a leading minus."""
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    return f"{sign}${dollars:,}.{rest:02d}"


def invoice_total(lines):
    """Total in cents of (unit_price, quantity) lines."""
    return sum(to_cents(price) * quantity for price, quantity in lines)


def split_bill(total_cents, people):
    """Shares in cents that add up to the total; the first people pay the extra cents."""
    if people <= 0:
        raise ValueError("need at least one person")
    share, extra = divmod(total_cents, people)
    return [share + 1 if i < extra else share for i in range(people)]
