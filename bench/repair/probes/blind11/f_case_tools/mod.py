"""Converting identifiers and titles between letter cases."""

import re

SMALL_WORDS = {"a", "an", "and", "of", "the", "to", "in", "on"}


def snake_to_camel(name):
    """'max_line_width' -> 'maxLineWidth'."""
    first, *rest = name.split("_")
    return first + "".join(part.capitalize() for part in rest)


def camel_to_snake(name):
    """'maxLineWidth' -> 'max_line_width'."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def title_case(text):
    """Capitalise words, except small words that are not first."""
    words = text.lower().split()
    return " ".join(
        w.capitalize() if i == 0 or w not in SMALL_WORDS else w
        for i, w in enumerate(words)
    )


def slugify(text):
    """'Hello, World!' -> 'hello-world'."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower())
