"""Borrowing limits for library cards."""

LIMITS = {"adult": 20, "child": 10, "staff": 50}
MAX_FINES_OWED = 5.00


def loan_limit(card_type):
    """Return the item limit for a card type; unknown types get the child limit."""
    return LIMITS.get(card_type, LIMITS["child"])


def can_borrow(card_type, on_loan, fines_owed, expired=False):
    """Return True if the patron may take out one more item.

    Borrowing is refused when the card is expired, when the fines owed are
    more than MAX_FINES_OWED, or when the patron already has loan_limit(card_type)
    items out.
    """
    if expired or fines_owed >= MAX_FINES_OWED:
        return False
    return on_loan < loan_limit(card_type)


def checkout(card_type, on_loan, fines_owed, items, expired=False):
    """Check out `items` in order while allowed; return (accepted, refused) lists."""
    accepted, refused = [], []
    for item in items:
        if can_borrow(card_type, on_loan + len(accepted), fines_owed, expired):
            accepted.append(item)
        else:
            refused.append(item)
    return accepted, refused


def remaining_allowance(card_type, on_loan):
    """Return how many more items the card may borrow (never negative)."""
    return max(0, loan_limit(card_type) - on_loan)
