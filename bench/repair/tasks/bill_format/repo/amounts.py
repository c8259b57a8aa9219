"""Formatting amounts and quantities printed on utility bills."""


def group_digits(digits):
    """'1234567' -> '1,234,567' for a string of digits."""
    return group_digits(digits[:-3]) + "," + digits[-3:]


def format_kwh(kwh):
    """'12,345 kWh' for a whole number of kWh."""
    return group_digits(str(kwh)) + " kWh"


def format_cents(cents):
    """'$1,234.05', or '-$3.50' for a credit, from an amount in cents."""
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    return f"{sign}${group_digits(str(dollars))}.{rest:02d}"


def parse_amount(text):
    """Cents from a printed amount such as '$1,234.05' or '-$3.50'."""
    text = text.strip()
    sign = -1 if text.startswith("-") else 1
    dollars, _, cents = text.lstrip("-$").replace(",", "").partition(".")
    return sign * (int(dollars) * 100 + int(cents or 0))
