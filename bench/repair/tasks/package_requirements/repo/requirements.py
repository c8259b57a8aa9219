"""Reading requirement lines such as 'requests==2.31.0' or 'Flask >= 2.0'."""

OPERATORS = ("==", ">=", "<=", "~=", "!=", ">", "<")


def normalise_name(name):
    """A package name in canonical form: lower case, with '-' for '_' and '.'."""
    return name.strip().lower().replace("_", "-").replace(".", "-")


def parse_requirement(line):
    """(name, operator, version) of one requirement line, or None for a blank or comment line.

    Anything after '#' is a comment. Operator and version are '' when the line names a
    package only. Names are normalised with normalise_name().
    """
    line = line.split("#", 1)[0].strip()
    if not line:
        return None
    for operator in OPERATORS:
        if operator in line:
            name, version = line.split(operator, 1)
            return name, operator, version.strip()
    return normalise_name(line), "", ""


def pinned_versions(lines):
    """Map each package pinned with '==' to its version."""
    pins = {}
    for line in lines:
        requirement = parse_requirement(line)
        if requirement and requirement[1] == "==":
            pins[requirement[0]] = requirement[2]
    return pins


def duplicate_packages(lines):
    """Names of the packages required on more than one line, sorted."""
    seen = set()
    duplicates = set()
    for line in lines:
        requirement = parse_requirement(line)
        if requirement is None:
            continue
        if requirement[0] in seen:
            duplicates.add(requirement[0])
        seen.add(requirement[0])
    return sorted(duplicates)
