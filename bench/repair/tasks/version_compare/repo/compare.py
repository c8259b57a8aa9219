"""Comparing dotted version strings such as '1.2' and '1.2.0.1'."""


def version_parts(version):
    """The numbers of a dotted version string: '1.10.0' -> [1, 10, 0]."""
    return [int(part) for part in version.strip().split(".")]


def compare_parts(first, second):
    """-1, 0 or 1 as the number list first is lower than, equal to or higher than second.

    A missing trailing number counts as 0, so [1, 2] and [1, 2, 0] are equal.
    """
    if not first:
        return 0
    head_first = first[0] if first else 0
    head_second = second[0] if second else 0
    if head_first != head_second:
        return -1 if head_first < head_second else 1
    return compare_parts(first[1:], second[1:])


def compare_versions(first, second):
    """-1, 0 or 1 comparing two version strings number by number."""
    return compare_parts(version_parts(first), version_parts(second))


def newest(versions):
    """The highest of a list of version strings (the first one on ties), or None."""
    best = None
    for version in versions:
        if best is None or compare_versions(version, best) > 0:
            best = version
    return best
