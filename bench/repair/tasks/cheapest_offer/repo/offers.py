"""Compare seller offers for the same product."""

from dataclasses import dataclass


@dataclass
class Offer:
    seller: str
    price: float
    shipping: float = 0.0
    in_stock: bool = True


def total_cost(offer):
    """Price plus shipping, rounded to cents."""
    return round(offer.price + offer.shipping, 2)


def available(offers):
    """Offers that are in stock."""
    return [offer for offer in offers if offer.in_stock]


def best_offer(offers):
    """The in-stock offer with the lowest total cost, or None if nothing is in stock."""
    candidates = available(offers)
    if not candidates:
        return None
    return max(candidates, key=total_cost)


def price_range(offers):
    """(lowest, highest) total cost over in-stock offers."""
    costs = [total_cost(offer) for offer in available(offers)]
    if not costs:
        raise ValueError("no offers in stock")
    return min(costs), max(costs)
