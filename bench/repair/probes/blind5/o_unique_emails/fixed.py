"""Cleaning up a mailing list."""


def unique_emails(emails):
    """Return emails without duplicates (case-insensitive), keeping the first spelling."""
    seen = set()
    result = []
    for email in emails:
        key = email.strip().lower()
        if not key or key in seen:
            continue
        seen.add(key)
        result.append(email.strip())
    return result


def domains(emails):
    """Return the sorted set of domains used in the list."""
    return sorted({e.split("@")[1].lower() for e in unique_emails(emails)})
