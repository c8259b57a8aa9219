"""Statistics for nested comment threads."""


def thread_depth(comment):
    """Return the depth of a comment thread; a comment with no replies has depth 1."""
    if not comment["replies"]:
        return 1
    return 1 + max(thread_depth(reply) for reply in comment["replies"])


def count_comments(comment):
    """Return the number of comments in a thread, including the root."""
    return 1 + sum(count_comments(reply) for reply in comment["replies"])
