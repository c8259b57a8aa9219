"""Invoices for clinic visits."""

VAT_PERCENT = 20


def visit_invoice(services, prices, loyalty_discount=0):
    """Amount in cents to bill for a visit.

    The prices of the services are added up, the flat loyalty discount is
    taken off (never going below zero) and VAT is added to what remains,
    rounding down to whole cents.
    """
    total = sum(prices[s] for s in services)
    total = max(total - loyalty_discount, 0)
    total = total * (100 + VAT_PERCENT) // 100
    return total
