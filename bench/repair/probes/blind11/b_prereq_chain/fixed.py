"""Course prerequisites.

`prereqs` maps a course to the list of courses that must be passed first.
"""


def direct_prereqs(course, prereqs):
    """Return the sorted direct prerequisites of a course."""
    return sorted(prereqs.get(course, []))


def all_prereqs(course, prereqs):
    """Return the set of all courses needed before `course`, direct or indirect."""
    needed = set()
    for p in prereqs.get(course, []):
        needed.add(p)
        needed |= all_prereqs(p, prereqs)
    return needed


def can_take(course, passed, prereqs):
    """Return True if every prerequisite of `course` is in `passed`."""
    return all_prereqs(course, prereqs) <= set(passed)


def missing_for(course, passed, prereqs):
    """Return the sorted list of prerequisites not yet passed."""
    return sorted(all_prereqs(course, prereqs) - set(passed))
