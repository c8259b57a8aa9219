"""The 'Up next' queue of a podcast.

Feeds list episodes newest first, as dicts with "title", "published"
('YYYY-MM-DD'), "seconds" and "played".
"""


def unplayed(episodes):
    """Episodes not played yet, in feed order."""
    return [ep for ep in episodes if not ep["played"]]


def up_next(episodes, limit=3):
    """Titles of at most limit unplayed episodes, the oldest published first."""
    pending = unplayed(episodes)
    return [ep["title"] for ep in pending[:limit]]


def unplayed_minutes(episodes):
    """Total length of the unplayed episodes in whole minutes, rounded down."""
    return sum(ep["seconds"] for ep in unplayed(episodes)) // 60


def mark_played(episodes, title):
    """A copy of episodes with the episode called title marked as played."""
    return [dict(ep, played=True) if ep["title"] == title else ep for ep in episodes]
