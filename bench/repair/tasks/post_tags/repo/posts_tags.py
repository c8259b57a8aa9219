"""Tags of blog posts."""


def all_tags(posts):
    """Tags of all posts in order of first use, no repeats."""
    tags = []
    for post in posts:
        for tag in post["tags"]:
            if tag not in tags:
                tags.append(tag)
    return set(tags)


def tagged(posts, tag):
    """Titles of the posts carrying tag."""
    return [post["title"] for post in posts if tag in post["tags"]]
