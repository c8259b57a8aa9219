"""Daily report of overdue loans for the circulation desk."""


def days_overdue(loan, today):
    """Days past the due day (0 if not overdue). Days are day numbers."""
    return max(0, today - loan["due"])


def overdue_report(loans, today):
    """Lines "<title> (<patron>): <n> days", most overdue first.

    A book due today is not overdue yet.
    """
    overdue = [loan for loan in loans if today >= loan["due"]]
    overdue.sort(key=lambda loan: (-days_overdue(loan, today), loan["title"]))
    return [
        f"{loan['title']} ({loan['patron']}): {days_overdue(loan, today)} days"
        for loan in overdue
    ]
