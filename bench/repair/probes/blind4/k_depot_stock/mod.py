class Depot:
    """Tracks stock levels per SKU at a single depot."""

    def __init__(self):
        self.stock = {}

    def receive(self, sku, qty):
        """Add qty units of sku to the depot."""
        self.stock[sku] = self.stock.get(sku, 0) + qty

    def dispatch(self, sku, qty):
        """Remove qty units of sku, raising ValueError if there is not enough on hand."""
        on_hand = self.stock.get(sku, 0)
        if qty > on_hand:
            raise ValueError(f"insufficient stock for {sku}")
        return self.stock[sku]
