def parse_timestamp(text):
    """Convert an 'h:mm:ss' or 'mm:ss' timestamp string to seconds; blank input means 0."""
    text = text.strip()
    seconds = 0
    for part in text.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds
