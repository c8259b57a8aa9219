"""Keeping track of what is in the kitchen cupboards."""


class Pantry:
    def __init__(self):
        self._stock = {}

    @staticmethod
    def _key(item):
        return item.strip().lower()

    def add(self, item, quantity):
        key = self._key(item)
        self._stock[key] = self._stock.get(key, 0) + quantity

    def have(self, item):
        """Quantity of item in stock."""
        return self._stock.get(self._key(item), 0)

    def missing_for(self, recipe):
        """What still has to be bought for a recipe.

        recipe maps items to the quantity needed; the result maps
        items to the shortfall.
        """
        missing = {}
        for item, needed in recipe.items():
            short = needed - self.have(item)
            if short > 0:
                missing[item] = short
        return missing
