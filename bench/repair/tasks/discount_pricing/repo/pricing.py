"""Price calculations for the shop checkout: discounts, tax and cart totals."""

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")


def to_money(value):
    """Return value as a Decimal rounded half-up to whole cents."""
    return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP)


def apply_discount(price, percent):
    """Return price reduced by `percent` per cent (0-100)."""
    if not 0 <= percent <= 100:
        raise ValueError(f"discount out of range: {percent}")
    factor = 1 + Decimal(str(percent)) / 100
    return to_money(to_money(price) * factor)


def add_tax(price, rate):
    """Return price with sales tax at `rate` per cent added."""
    if rate < 0:
        raise ValueError("tax rate must not be negative")
    return to_money(to_money(price) * (1 + Decimal(str(rate)) / 100))


def line_total(unit_price, quantity, discount=0):
    """Total for one cart line: quantity times the discounted unit price."""
    if quantity < 0:
        raise ValueError("quantity must not be negative")
    return to_money(apply_discount(unit_price, discount) * quantity)


def cart_total(lines, tax_rate=0):
    """Sum of (unit_price, quantity, discount) lines, with tax added to the subtotal."""
    subtotal = sum((line_total(*line) for line in lines), Decimal("0"))
    return add_tax(subtotal, tax_rate)
