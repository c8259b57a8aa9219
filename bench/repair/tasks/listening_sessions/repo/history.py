"""Grouping the listening history into sessions.

A play is (start second, track title); histories are in time order.
"""

SESSION_GAP = 30 * 60


def sessions(plays, gap=SESSION_GAP):
    """Split plays into sessions: a new one starts after more than gap seconds of silence."""
    end = 1
    while end < len(plays) and plays[end][0] - plays[end - 1][0] <= gap:
        end += 1
    return [plays[:end]] + sessions(plays[end:], gap)


def session_sizes(plays, gap=SESSION_GAP):
    """Number of plays in each session."""
    return [len(session) for session in sessions(plays, gap)]


def plays_on_day(plays, day):
    """Titles of the plays that started on day (day 0 starts at second 0)."""
    return [title for start, title in plays if start // 86400 == day]


def most_played(plays):
    """Title played most often (the earliest one on a tie), or None for no plays."""
    counts = {}
    for _, title in plays:
        counts[title] = counts.get(title, 0) + 1
    best = None
    for title in counts:
        if best is None or counts[title] > counts[best]:
            best = title
    return best
