"""A season's log of vegetables harvested from the allotment."""


class HarvestLog:
    def __init__(self):
        self._grams = {}

    def add(self, crop, grams):
        """Record a harvest of grams of crop."""
        if grams <= 0:
            raise ValueError("harvest must weigh something")
        self._grams[crop] = self._grams.get(crop, 0) + grams

    def total(self, crop):
        """Grams harvested of crop so far."""
        return self._grams.get(crop, 0)

    def summary(self):
        """One line per crop, alphabetical, weights in kilograms."""
        return [f"{crop}: {self._grams[crop] / 1000:.1f} kg" for crop in self._grams]
