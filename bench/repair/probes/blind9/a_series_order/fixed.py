"""Reading order for books in a series."""


def reading_order(book, prequel_of):
    """Books to read, first one first, ending with book.

    prequel_of maps a book to the book that comes right before it;
    the first book of a series has no entry (or None).
    """
    before = prequel_of.get(book)
    if before is None:
        return [book]
    return reading_order(before, prequel_of) + [book]


def books_before(book, prequel_of):
    """How many books should be read before book."""
    return len(reading_order(book, prequel_of)) - 1
