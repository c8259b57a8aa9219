"""Showing step counts on the watch face."""


def group_thousands(n):
    """A non-negative int with commas between groups of three digits: 1234567 -> '1,234,567'."""
    return group_thousands(n // 1000) + "," + f"{n % 1000:03d}"


def short_count(n):
    """Compact form for small screens: 950 -> '950', 12300 -> '12.3k', 2500000 -> '2.5M'."""
    if n >= 1_000_000:
        return f"{n / 1_000_000:.1f}M"
    if n >= 1000:
        return f"{n / 1000:.1f}k"
    return str(n)


def progress_line(steps, goal):
    """'7,500 / 10,000 steps (75%)', the percentage rounded down."""
    percent = steps * 100 // goal
    return f"{group_thousands(steps)} / {group_thousands(goal)} steps ({percent}%)"
