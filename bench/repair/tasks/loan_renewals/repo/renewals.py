"""Renewing loans at the lending desk."""

LOAN_DAYS = 21
MAX_RENEWALS = 2


def new_loan(barcode, today):
    """A fresh loan record for barcode, due LOAN_DAYS after today."""
    return {"barcode": barcode, "due": today + LOAN_DAYS, "renewals": 0}


def can_renew(loan, holds=()):
    """True when the loan has renewals left and nobody has a hold on its barcode."""
    return loan["renewals"] < MAX_RENEWALS and loan["barcode"] not in holds


def renew(loan, today, holds=()):
    """Renew loan in place, due LOAN_DAYS from today; True if renewed, False if refused."""
    if not can_renew(loan, holds):
        return False
    loan["due"] = today + LOAN_DAYS
    return True


def renew_all(loans, today, holds=()):
    """Renew every loan that can be; returns the barcodes that were refused."""
    refused = []
    for loan in loans:
        if not renew(loan, today, holds):
            refused.append(loan["barcode"])
    return refused
