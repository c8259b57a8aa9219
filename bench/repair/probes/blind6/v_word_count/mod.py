"""Word counts for Markdown documents."""


def word_count(text):
    """Count the words in ``text``, ignoring fenced code blocks.

    Fence lines (starting with three backticks) and everything between a
    pair of fences are not counted.
    """
    count = 0
    in_code = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        count += len(line.split())
    return count


def reading_time(text, words_per_minute=200):
    """Return the estimated reading time in whole minutes (at least 1)."""
    return max(1, -(-word_count(text) // words_per_minute))
