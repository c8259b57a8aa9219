"""Reading fields of a podcast feed item."""

TRUE_WORDS = {"yes", "true", "explicit"}


def is_explicit(value):
    """Whether an itunes:explicit value marks the episode as explicit (None when absent)."""
    if value is None:
        return False
    return value.strip() in TRUE_WORDS


def parse_duration(text):
    """Seconds of an itunes:duration value such as '1:02:03', '12:30' or '754'."""
    seconds = 0
    for part in text.strip().split(":"):
        seconds = seconds * 60 + int(part)
    return seconds


def episode_number(value):
    """Episode number from itunes:episode text, or None when absent or not a number."""
    if value is None or not value.strip().isdigit():
        return None
    return int(value)
