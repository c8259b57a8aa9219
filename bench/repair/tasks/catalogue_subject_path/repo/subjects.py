"""Subject headings of the catalogue, kept as a tree of parent links.

parents maps each heading to its broader heading, or to None for a top heading.
"""


def subject_path(subject, parents):
    """Headings from the top of the tree down to subject, inclusive."""
    parent = parents.get(subject)
    return subject_path(parent, parents) + [subject]


def breadcrumb(subject, parents, sep=" > "):
    """The subject path as one line for the catalogue screen."""
    return sep.join(subject_path(subject, parents))


def subject_depth(subject, parents):
    """1 for a top heading, 2 for a heading directly under it, and so on."""
    return len(subject_path(subject, parents))


def narrower_terms(subject, parents):
    """Headings directly under subject, alphabetically."""
    return sorted(child for child, parent in parents.items() if parent == subject)
