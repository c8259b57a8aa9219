"""Track and playlist lengths as shown in the player."""


def parse_length(text):
    """Turn a track length like '3:07' into a number of seconds."""
    minutes, seconds = text.strip().split(":")
    return int(minutes) * 60 + int(seconds)


def playlist_length(lengths):
    """Return the total of several track lengths formatted as 'H:MM:SS'."""
    total = sum(parse_length(text) for text in lengths)
    hours, rest = divmod(total, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}"
