"""Class roster names."""


def full_name(first, last):
    """Return 'First Last' with both parts trimmed and capitalised."""
    return "%s %s" % (first.strip().title(), last.strip().title())


def surname_key(name):
    """Return a key that sorts 'First Last' names by surname, then first name."""
    parts = name.split()
    return (parts[0].lower(), parts[-1].lower())


def sort_roster(names):
    """Return the names sorted by surname, then first name."""
    return sorted(names, key=surname_key)


def initials(name):
    """Return the initials of a name, e.g. 'Ann Lee' -> 'AL'."""
    return "".join(part[0].upper() for part in name.split())


def find_pupils(roster, query):
    """Return roster names containing `query`, ignoring case."""
    q = query.strip().lower()
    return [name for name in roster if q in name.lower()]
