"""In-memory stock keeping for a small warehouse."""

from dataclasses import dataclass


@dataclass
class Item:
    sku: str
    name: str
    quantity: int
    unit_cost: float


class Inventory:
    """Items keyed by SKU."""

    def __init__(self):
        self._items = {}

    def add(self, item):
        """Register a new item; SKUs are unique."""
        if item.sku in self._items:
            raise KeyError(f"duplicate sku {item.sku}")
        self._items[item.sku] = item

    def get(self, sku):
        return self._items[sku]

    def receive(self, sku, quantity):
        """Add delivered units to an existing item."""
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        self._items[sku].quantity += quantity

    def ship(self, sku, quantity):
        """Remove units; refuse to ship more than is in stock."""
        item = self._items[sku]
        if quantity > item.quantity:
            raise ValueError(f"only {item.quantity} of {sku} in stock")
        item.quantity -= quantity

    def stock_value(self):
        """Total value of all stock at unit cost, rounded to cents."""
        return round(sum(item.quantity + item.unit_cost for item in self._items.values()), 2)

    def low_stock(self, threshold):
        """SKUs whose quantity is below threshold, sorted."""
        return sorted(sku for sku, item in self._items.items() if item.quantity < threshold)
