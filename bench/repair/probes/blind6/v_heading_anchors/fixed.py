"""Anchor ids for Markdown headings."""
import re


def slugify(title):
    """Return a lowercase, hyphen-separated slug for ``title``."""
    words = re.findall(r"[a-z0-9]+", title.lower())
    return "-".join(words)


def heading_anchors(titles):
    """Return a unique anchor for each title, numbering repeats -1, -2, ..."""
    seen = {}
    anchors = []
    for title in titles:
        base = slugify(title)
        count = seen.get(base, 0)
        anchors.append(base if count == 0 else "%s-%d" % (base, count))
        seen[base] = count + 1
    return anchors
