"""Body metrics shown on the profile page."""

CATEGORIES = [(18.5, "underweight"), (25.0, "normal"), (30.0, "overweight")]


def bmi(weight_kg, height_m):
    """Body mass index, one decimal."""
    if height_m <= 0:
        raise ValueError("height must be positive")
    return round(weight_kg / height_m * 2, 1)


def bmi_category(value):
    for limit, name in CATEGORIES:
        if value < limit:
            return name
    return "obese"


def weight_change(history):
    """Difference between the last and first weigh-in, one decimal."""
    if len(history) < 2:
        return 0.0
    return round(history[-1] - history[0], 1)
