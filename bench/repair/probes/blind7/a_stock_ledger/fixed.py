"""A tiny stock ledger tracking quantities per SKU."""


class StockLedger:
    """Keeps on-hand quantities and a history of stock movements."""

    def __init__(self):
        self.quantities = {}
        self.history = []

    def receive(self, sku, qty):
        """Add qty units of sku to stock; qty must be positive."""
        if qty <= 0:
            raise ValueError("quantity must be positive")
        self.quantities[sku] = self.quantities.get(sku, 0) + qty
        self.history.append(("in", sku, qty))

    def ship(self, sku, qty):
        """Remove qty units of sku; raises ValueError if there is not enough stock."""
        available = self.quantities.get(sku, 0)
        if qty > available:
            raise ValueError("insufficient stock for %s" % sku)
        self.quantities[sku] -= qty
        self.history.append(("out", sku, qty))

    def on_hand(self, sku):
        """Return the current quantity for sku (0 if unknown)."""
        return self.quantities.get(sku, 0)

    def total_shipped(self, sku):
        """Return the total quantity shipped for sku according to the history."""
        return sum(q for kind, s, q in self.history if kind == "out" and s == sku)
