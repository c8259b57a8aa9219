"""Late fees on overdue utility bills."""

GRACE_DAYS = 5


def late_fee(balance_cents, days_late, rate_percent=1.5, minimum_cents=200):
    """Late fee in cents for a bill paid days_late days after its due date.

    No fee within the grace period or when nothing is owed (a zero or credit balance);
    otherwise rate_percent of the balance, rounded to whole cents, but at least minimum_cents.
    """
    if days_late <= GRACE_DAYS:
        return 0
    return max(round(balance_cents * rate_percent / 100), minimum_cents)


def days_late(due_day, paid_day):
    """Days between the due day and the payment day (days of the year); 0 if paid on time."""
    return max(paid_day - due_day, 0)


def fees_for_accounts(accounts):
    """Map account id to its late fee; accounts maps id to (balance_cents, due_day, paid_day)."""
    return {
        account: late_fee(balance, days_late(due, paid))
        for account, (balance, due, paid) in accounts.items()
    }
