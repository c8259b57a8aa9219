"""Days-of-cover report used to spot overstocked lines."""


def average_daily_sales(daily_sales):
    """Return the mean units sold per day (0.0 when there is no history)."""
    if not daily_sales:
        return 0.0
    return sum(daily_sales) / len(daily_sales)


def days_of_cover(on_hand, daily_sales):
    """Return how many days `on_hand` units will last at the average daily
    sales rate. A line that is not selling at all has infinite cover."""
    rate = average_daily_sales(daily_sales)
    return on_hand / rate if rate else float("inf")


def cover_report(stock, sales_by_sku):
    """Return {sku: days of cover rounded to 1 decimal} for every SKU in `stock`.
    SKUs missing from `sales_by_sku` have no sales history."""
    return {
        sku: round(days_of_cover(qty, sales_by_sku.get(sku, [])), 1)
        for sku, qty in stock.items()
    }


def slow_movers(stock, sales_by_sku, max_days=90):
    """Return the SKUs with more than `max_days` of cover, sorted."""
    report = cover_report(stock, sales_by_sku)
    return sorted(sku for sku, days in report.items() if days > max_days)
