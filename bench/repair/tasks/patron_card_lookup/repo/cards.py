"""Finding patrons by the library card number typed or scanned at the desk.

Patron records keep their card number normalised, e.g. "LB004217".
"""


def normalise_card(number):
    """Card number without spaces or dashes, upper-cased ("lb 0042-17" -> "LB004217")."""
    return number.replace(" ", "").replace("-", "").upper()


def find_patron(patrons, typed):
    """The patron record whose card matches the typed number; None if there is none."""
    for patron in patrons:
        if patron["card"] == typed:
            return patron
    return None


def mask_card(number):
    """Card number for receipts: all but the last four characters hidden."""
    number = normalise_card(number)
    return "*" * (len(number) - 4) + number[-4:]


def duplicate_cards(numbers):
    """Card numbers (normalised, sorted) that appear more than once in numbers."""
    seen = set()
    repeated = set()
    for number in numbers:
        card = normalise_card(number)
        if card in seen:
            repeated.add(card)
        seen.add(card)
    return sorted(repeated)
