"""Soil pH readings for the vegetable beds."""

ACIDIC_BELOW = 6.0
ALKALINE_ABOVE = 7.0

PREFERRED = {
    "blueberry": (4.5, 5.5),
    "tomato": (6.0, 6.8),
    "asparagus": (6.5, 8.0),
}


def classify(ph):
    """'acidic', 'neutral' or 'alkaline'."""
    if ph < ACIDIC_BELOW:
        return "acidic"
    if ph > ALKALINE_ABOVE:
        return "alkaline"
    return "neutral"


def suits(plant, ph):
    """True if the soil pH is within the plant's preferred range."""
    low, high = PREFERRED[plant]
    return low <= ph <= high
