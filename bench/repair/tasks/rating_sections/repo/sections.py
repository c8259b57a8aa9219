"""Placing players into the rating sections of the club's open tournament."""

SECTIONS = [("U1200", 0, 1200), ("U1600", 1200, 1600), ("U2000", 1600, 2000), ("Open", 2000, 3000)]


def section_for(rating, sections=SECTIONS):
    """The name of the section whose [low, high) range holds rating.

    Unrated players (None) play in 'Unrated'; ratings above every range play in the last section.
    """
    if rating is None:
        return "Unrated"
    for name, low, high in sections:
        if low <= rating:
            return name
    return sections[-1][0]


def group_by_section(players, sections=SECTIONS):
    """Dict section name -> names of the players (a dict name -> rating), in input order."""
    groups = {}
    for name, rating in players.items():
        groups.setdefault(section_for(rating, sections), []).append(name)
    return groups


def section_sizes(players, sections=SECTIONS):
    """Dict section name -> number of players, for every section that has players."""
    return {name: len(members) for name, members in group_by_section(players, sections).items()}
