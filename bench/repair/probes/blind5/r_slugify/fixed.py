"""URL slugs for blog posts."""

import re


def slugify(title):
    """Turn a title into a URL slug: lowercase letters and digits joined by hyphens."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower())
    return slug.strip("-")


def unique_slug(title, existing):
    """Return a slug for title not in existing, adding -2, -3, ... when needed."""
    base = slugify(title)
    slug = base
    n = 2
    while slug in existing:
        slug = f"{base}-{n}"
        n += 1
    return slug
