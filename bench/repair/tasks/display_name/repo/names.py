"""Display names."""


def display_name(name):
    """Each word of name capitalised, single spaces between words."""
    return " ".join(word for word in name.split())


def initials(name):
    """Upper-case initials."""
    return "".join(word[0].upper() for word in name.split())
