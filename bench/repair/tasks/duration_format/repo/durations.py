"""Human-readable durations such as '1d 2h 5m'."""

import re

UNIT_SECONDS = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def split_duration(seconds):
    """(days, hours, minutes, seconds) for a non-negative number of seconds."""
    if seconds < 0:
        raise ValueError("duration must not be negative")
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 60)
    return days, hours, minutes, secs


def format_duration(seconds):
    """'1d 2h 3m 4s' with zero parts left out; '0s' for zero."""
    parts = zip(split_duration(seconds), "dhms")
    text = " ".join(f"{amount}{unit}" for amount, unit in parts if amount)
    return text or "0s"


def parse_duration(text):
    """Seconds in a string like '1h 30m' or '2d4h'."""
    matches = re.findall(r"(\d+)\s*([dhms])", text.lower())
    if not matches or re.sub(r"[\d\sdhms]", "", text.lower()):
        raise ValueError(f"not a duration: {text!r}")
    return sum(int(amount) * UNIT_SECONDS[unit] for amount, unit in matches)
