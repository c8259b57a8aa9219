"""URL slugs for blog post titles."""

import re
import unicodedata


def strip_accents(text):
    """'Café' -> 'Cafe': drop combining marks after NFKD decomposition."""
    normalized = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in normalized if not unicodedata.combining(ch))


def slugify(title, max_length=50):
    """Lowercase ASCII words of the title joined by single hyphens."""
    text = strip_accents(title).lower()
    text = re.sub(r"[^a-z0-9\s-]", "", text)
    text = re.sub(r"\s+", " ", text).strip()
    slug = text.replace("-", " ")
    slug = re.sub(r"-{2,}", "-", slug)
    return slug[:max_length].strip("-")


def unique_slug(title, existing):
    """slugify(title), with -2, -3, ... appended until it is not in existing."""
    base = slugify(title)
    candidate, number = base, 2
    while candidate in existing:
        candidate = f"{base}-{number}"
        number += 1
    return candidate


def is_slug(text):
    """True if text already looks like a slug."""
    return re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", text) is not None
