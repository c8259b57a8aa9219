"""Bumping semantic version strings for release tooling."""

LEVELS = ("major", "minor", "patch")


def parse_version(version):
    """(major, minor, patch) of a version string such as '1.4.2' or 'v2.0'.

    Surrounding whitespace and a leading 'v' are ignored; a missing minor or patch
    number counts as 0.
    """
    text = version
    if text.startswith("v"):
        text = text[1:]
    numbers = [int(part) for part in text.split(".")]
    while len(numbers) < 3:
        numbers.append(0)
    return tuple(numbers[:3])


def format_version(numbers, prefix=""):
    """'1.4.2' for (1, 4, 2), with an optional prefix such as 'v'."""
    return prefix + ".".join(str(number) for number in numbers)


def bump_version(version, level):
    """The next version after version at level 'major', 'minor' or 'patch'.

    The lower numbers are reset to 0 and a leading 'v' is kept.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level: {level}")
    major, minor, patch = parse_version(version)
    prefix = "v" if version.strip().startswith("v") else ""
    if level == "major":
        return format_version((major + 1, 0, 0), prefix)
    if level == "minor":
        return format_version((major, minor + 1, 0), prefix)
    return format_version((major, minor, patch + 1), prefix)
