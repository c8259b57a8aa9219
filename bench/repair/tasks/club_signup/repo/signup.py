"""The sign-up list for the board-game club's weekly games night."""


def normalize_name(name):
    """Collapse runs of spaces and capitalise each word: '  ada   LOVELACE ' -> 'Ada Lovelace'."""
    return " ".join(name.split()).title()


def add_member(roster, name):
    """A new roster with the normalised name appended, unless it is blank or already on it."""
    member = name
    if not member or member in roster:
        return list(roster)
    return roster + [member]


def sign_up_all(names):
    """The roster built from names in the order given, skipping blanks and duplicates."""
    roster = []
    for name in names:
        roster = add_member(roster, name)
    return roster


def tables_needed(roster, seats_per_table=4):
    """How many tables it takes to seat everyone on the roster."""
    return -(-len(roster) // seats_per_table)
