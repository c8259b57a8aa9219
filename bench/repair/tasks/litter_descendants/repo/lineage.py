"""Family lines of the shelter's breeding animals."""


def descendants(litters, animal):
    """All descendants of animal, depth first and in litter order.

    litters maps a parent to the list of its offspring; animals without offspring are absent.
    """
    result = []
    for child in litters[animal]:
        result.append(child)
        result.extend(descendants(litters, child))
    return result


def generations(litters, animal):
    """Number of generations below animal (0 for an animal without offspring)."""
    if animal not in litters:
        return 0
    return 1 + max(generations(litters, child) for child in litters[animal])


def litter_sizes(litters):
    """Parent -> number of offspring, for every parent in litters."""
    return {parent: len(children) for parent, children in litters.items()}
