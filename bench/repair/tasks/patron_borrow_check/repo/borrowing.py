"""Whether a patron card may take out more items at the lending desk."""

FINE_BLOCK = 10.00
MAX_LOANS = {"adult": 12, "child": 6, "visitor": 2}


def card_expired(card, today):
    """True when the card's expiry day is before today."""
    return card["expires"] < today


def loan_limit(card):
    """How many items the card's category may have out at once (0 for unknown categories)."""
    return MAX_LOANS.get(card["category"], 0)


def can_borrow(card, today):
    """True when the card is in date, owes less than FINE_BLOCK and is under its loan limit."""
    return (not card_expired(card, today)
            and len(card["loans"]) < loan_limit(card))


def items_allowed(card, today):
    """How many more items the card may borrow today (0 when it may not borrow)."""
    if not can_borrow(card, today):
        return 0
    return loan_limit(card) - len(card["loans"])


def block_reasons(card, today):
    """Short reasons, in a fixed order, why the desk should refuse a loan on this card."""
    reasons = []
    if card_expired(card, today):
        reasons.append("card expired")
    if card["fines"] >= FINE_BLOCK:
        reasons.append("fines owed")
    if len(card["loans"]) >= loan_limit(card):
        reasons.append("loan limit reached")
    return reasons
