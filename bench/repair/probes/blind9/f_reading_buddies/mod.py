"""Pairing strong and beginning readers as reading buddies."""


def reading_buddies(students):
    """Pair the best reader with the weakest, second best with second
    weakest, and so on.

    students is a list of (name, reading_level). Returns the list of
    (stronger, weaker) name pairs and the name left over (or None)
    when the class has an odd number of students.
    """
    ranked = [name for name, _level in sorted(students, key=lambda s: -s[1])]
    pairs = []
    i, j = 0, len(ranked) - 1
    while i < j:
        pairs.append((ranked[i], ranked[j]))
        i += 1
    leftover = ranked[i] if i == j else None
    return pairs, leftover
