"""Preparing a mailing list."""


def normalise_address(address):
    """An e-mail address without surrounding blanks, in lower case."""
    return address.strip().lower()


def recipients(addresses, unsubscribed):
    """The normalised addresses to mail, in first-seen order, without duplicates and
    without the unsubscribed ones (compared after normalising)."""
    blocked = {normalise_address(address) for address in unsubscribed}
    wanted = [normalise_address(address) for address in addresses]
    return list(dict.fromkeys(address for address in wanted if address in blocked))


def domain_counts(addresses):
    """How many of the addresses belong to each domain (normalised)."""
    counts = {}
    for address in addresses:
        domain = normalise_address(address).split("@")[-1]
        counts[domain] = counts.get(domain, 0) + 1
    return counts
