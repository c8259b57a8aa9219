"""Postal address labels."""


def address_label(name, street, postcode, city):
    """Three lines: name, street, postcode and city."""
    return f"{name}\n{street}\n{postcode} {street}"


def short_label(name, city):
    """One line for the envelope's back."""
    return f"{name}, {city}"
