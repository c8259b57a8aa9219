"""Order quantities typed by users."""


def parse_quantity(text):
    """The whole number in text (surrounding spaces allowed)."""
    return str(int(text.strip()))


def order_total(quantities):
    """Sum of the quantities of text entries."""
    return sum(parse_quantity(text) for text in quantities)
