"""Ordering the league table for the website."""


def goal_difference(row):
    """Return goals for minus goals against for a table row."""
    return row["gf"] - row["ga"]


def ranked(table):
    """Return the team names of `table` ({team: {"points", "gf", "ga"}}) in
    league order: most points first, then best goal difference, then most
    goals scored; teams level on all three are listed alphabetically."""
    rows = [(team, r["points"], goal_difference(r), r["gf"]) for team, r in table.items()]
    rows.sort(key=lambda r: (-r[1], -r[2], -r[3], r[0]))
    return [r[0] for r in rows]


def position(table, team):
    """Return `team`'s 1-based position in the league."""
    return ranked(table).index(team) + 1


def relegated(table, places=2):
    """Return the bottom `places` teams, lowest placed last."""
    if places <= 0:
        return []
    return ranked(table)[-places:]
