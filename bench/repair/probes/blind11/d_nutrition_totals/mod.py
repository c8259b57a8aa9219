"""Nutrition totals for meal plans."""


def meal_calories(ingredients, calories_per_100g):
    """Total calories of a meal given a dict of ingredient -> grams."""
    return sum(
        grams * calories_per_100g[name] / 100 for name, grams in ingredients.items()
    )


def daily_totals(days):
    """Total calories for each day, where a day is a list of meal calories."""
    return [sum(meals) for meals in days]


def rolling_average(values, window):
    """Averages of each run of `window` consecutive values."""
    if window <= 0:
        raise ValueError("window must be positive")
    result = []
    for start in range(len(values) - window):
        chunk = values[start:start + window]
        result.append(sum(chunk) / window)
    return result


def days_over_limit(totals, limit):
    """1-based day numbers whose total exceeds limit."""
    return [day for day, total in enumerate(totals, start=1) if total > limit]
