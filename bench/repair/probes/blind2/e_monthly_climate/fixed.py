def monthly_means(readings):
    """Group (month, temperature) pairs and return mean temperature per month,
    rounded to one decimal place."""
    sums = {}
    counts = {}
    for month, temp in readings:
        sums[month] = sums.get(month, 0.0) + temp
        counts[month] = counts.get(month, 0) + 1
    return {month: round(sums[month] / counts[month], 1) for month in sums}


def warmest_month(readings):
    means = monthly_means(readings)
    return max(means, key=means.get)
