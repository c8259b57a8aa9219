"""Reading a Markdown changelog with one '## <version>' section per release."""


def changelog_sections(text):
    """Map each release version to the list of its bullet entries, in file order.

    A section starts at a line '## 1.2.0' (an optional ' - date' after the version is
    dropped); its entries are the lines starting with '- ' or '* ', without the marker.
    Lines before the first heading and other lines are ignored. A release without
    entries maps to an empty list.
    """
    sections = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("## "):
            current = line[3:].split(" - ")[0].strip()
        elif current is not None and line[:2] in ("- ", "* "):
            sections[current].append(line[2:].strip())
    return sections


def latest_release(text):
    """The version of the first section of the changelog, or None if it has none."""
    for line in text.splitlines():
        if line.strip().startswith("## "):
            return line.strip()[3:].split(" - ")[0].strip()
    return None


def release_notes(text, version):
    """The entries of one release as a single string, one '* entry' per line."""
    entries = changelog_sections(text).get(version, [])
    return "\n".join("* " + entry for entry in entries)
