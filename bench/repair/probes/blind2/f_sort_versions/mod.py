def version_key(version):
    """Turn 'v1.10.2' into a tuple usable for sorting."""
    version = version.strip().lstrip("vV")
    release, _, prerelease = version.partition("-")
    numbers = tuple(part for part in release.split("."))
    # releases sort after their pre-releases
    return numbers, prerelease == "", prerelease


def sort_versions(versions):
    return sorted(versions, key=version_key)


def latest(versions):
    return max(versions, key=version_key) if versions else None
