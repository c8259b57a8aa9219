"""Summaries of a sports team's sign-up list."""


def team_summary(names):
    """'3 players: Ann, Bob, Cid', with the names in alphabetical order."""
    word = "player" if len(names) == 1 else "players"
    return f"{len(names)} {word}: " + ", ".join(names)


def captain(names):
    """The captain is the first player who signed up; None for an empty list."""
    return names[0] if names else None
