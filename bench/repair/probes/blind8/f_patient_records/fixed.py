"""Reading patient lines exported from the old clinic system."""


def parse_patient(line):
    """Parse a 'name; species; age' line into a dict.

    Spaces around the fields are ignored and the species is stored in lower case.
    """
    name, species, age = line.split(";")
    return {"name": name.strip(), "species": species.strip().lower(), "age": int(age)}


def count_by_species(lines):
    """Count patients per species, skipping blank lines."""
    counts = {}
    for line in lines:
        if not line.strip():
            continue
        species = parse_patient(line)["species"]
        counts[species] = counts.get(species, 0) + 1
    return counts
