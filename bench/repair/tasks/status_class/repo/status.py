"""HTTP status helpers."""


def status_class(code):
    """The class digit of a status code: 2 for 204, 4 for 404."""
    return code // 10


def is_error(code):
    """Client and server errors."""
    return status_class(code) in (4, 5)
