"""Prerequisite chains between subjects in the sixth-form options booklet."""


def prerequisite_depth(subject, prereqs):
    """Length of the longest chain of prerequisites below subject (0 if it has none).

    prereqs maps a subject to the list of subjects that must be taken before it.
    """
    needed = prereqs.get(subject, [])
    return 1 + max(prerequisite_depth(before, prereqs) for before in needed)


def all_prerequisites(subject, prereqs):
    """Every subject needed, directly or indirectly, before subject, in alphabetical order."""
    found = set()
    stack = list(prereqs.get(subject, []))
    while stack:
        before = stack.pop()
        if before not in found:
            found.add(before)
            stack.extend(prereqs.get(before, []))
    return sorted(found)


def study_order(subjects, prereqs):
    """subjects sorted by prerequisite depth, shallowest first, then alphabetically."""
    return sorted(subjects, key=lambda subject: (prerequisite_depth(subject, prereqs), subject))
