"""Build acronyms and initials from phrases."""

SMALL_WORDS = {"of", "and", "the", "for", "a", "an", "in", "on", "to"}


def acronym(phrase, keep_small=False):
    """Return the upper-case acronym of phrase.

    Hyphenated parts count as separate words. Small words such as "of" or
    "the" are skipped unless keep_small is True.
    """
    letters = []
    for word in phrase.replace("-", " ").split():
        if not keep_small and word.lower() in SMALL_WORDS:
            continue
        letters.append(word[0].upper())
    return "".join(letters)


def initials(full_name):
    """Return dotted initials, e.g. "J.R.R.T." for "John Ronald Reuel Tolkien"."""
    return "".join(part[0].upper() + "." for part in full_name.split())


def expand(abbreviation, glossary):
    """Look up an abbreviation in glossary, whose keys are upper-case.

    Case and surrounding spaces are ignored. Unknown abbreviations are
    returned unchanged.
    """
    key = abbreviation.strip().upper()
    expansion = glossary.get(key)
    if expansion is None:
        return key
    return expansion
