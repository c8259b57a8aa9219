def prerequisite_depth(course, prerequisites):
    """Length of the longest chain of prerequisites leading to `course`."""
    required = prerequisites.get(course, [])
    if not required:
        return 0
    return 1 + max(prerequisite_depth(pre, prerequisites) for pre in required)


def advanced_courses(prerequisites, min_depth):
    return sorted(c for c in prerequisites if prerequisite_depth(c, prerequisites) >= min_depth)
