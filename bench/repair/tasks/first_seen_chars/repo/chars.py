"""Characters of a text."""


def unique_chars(text):
    """The characters of text without repeats, in order of first appearance."""
    seen = set()
    kept = []
    for ch in text:
        if ch in seen:
            continue
        kept.append(ch)
    return "".join(kept)


def vowel_count(text):
    """How many vowels text has."""
    return sum(1 for ch in text.lower() if ch in "aeiou")
