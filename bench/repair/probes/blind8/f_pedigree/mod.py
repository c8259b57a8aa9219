"""Pedigree records for breeding animals seen at the clinic."""


def generations(pet):
    """Number of generations recorded in a pedigree, counting the animal itself.

    A pedigree is a dict with "name", "sire" and "dam", where each parent is
    another pedigree or None when unknown.
    """
    return 1 + max(generations(pet["sire"]), generations(pet["dam"]))


def known_parents(pet):
    """Names of the animal's recorded parents, sire first."""
    return [p["name"] for p in (pet["sire"], pet["dam"]) if p is not None]
