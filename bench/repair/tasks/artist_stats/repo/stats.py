"""Per-artist listening statistics from plays of (artist, seconds listened)."""


def artist_summary(plays):
    """{artist: {"plays": count, "seconds": total seconds listened}}."""
    summary = {}
    for artist, seconds in plays:
        entry = summary.setdefault(artist, {"plays": 0, "seconds": 0})
        entry["plays"] += 1
    return summary


def top_artists(plays, n=3):
    """The n artists with the most plays, most played first (ties by name)."""
    summary = artist_summary(plays)
    ranked = sorted(summary, key=lambda artist: (-summary[artist]["plays"], artist))
    return ranked[:n]


def average_listen(plays, artist):
    """Mean seconds listened per play of artist, rounded; 0 if never played."""
    entry = artist_summary(plays).get(artist)
    if entry is None:
        return 0
    return round(entry["seconds"] / entry["plays"])
