"""Spotting installed packages that have newer releases."""


def release_key(version):
    """Sort key for a dotted version string: '1.10' sorts after '1.9'."""
    return [int(part) for part in version.split(".")]


def outdated_packages(installed, latest, ignore=()):
    """Sorted (name, installed_version, latest_version) for packages with a newer release.

    installed and latest map package names to versions. Packages missing from latest
    and packages named in ignore are never reported.
    """
    report = []
    for name, version in installed.items():
        if name in latest and release_key(version) < release_key(latest[name]):
            report.append((name, version, latest[name]))
    return sorted(report)


def upgrade_commands(installed, latest, ignore=()):
    """One 'pip install name==version' line for each outdated package."""
    return [
        f"pip install {name}=={new}"
        for name, _, new in outdated_packages(installed, latest, ignore)
    ]


def summary(installed, latest, ignore=()):
    """'2 of 5 packages outdated' (or 'all 5 packages up to date')."""
    count = len(outdated_packages(installed, latest, ignore))
    if count == 0:
        return f"all {len(installed)} packages up to date"
    return f"{count} of {len(installed)} packages outdated"
