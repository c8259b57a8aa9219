"""Converting labels into identifiers."""


def to_snake(label):
    """'Total Price' -> 'total_price'."""
    return label.strip().lower().replace("_", " ")


def to_label(name):
    """'total_price' -> 'Total Price'."""
    return name.replace("_", " ").title()
