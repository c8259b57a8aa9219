def roster_by_section(enrollments):
    """Group student names by section, each section's list in alphabetical order."""
    sections = {}
    for name, section in enrollments:
        sections.setdefault(section, []).append(name)
    return {section: names for section, names in sections.items()}
