"""Which payments a person must review."""

LIMIT = 1000


def needs_review(amount, flagged):
    """Large payments and flagged ones are reviewed."""
    return amount > LIMIT and flagged


def review_queue(payments):
    """Ids of the payments {id, amount, flagged} that need review."""
    return [p["id"] for p in payments if needs_review(p["amount"], p["flagged"])]
