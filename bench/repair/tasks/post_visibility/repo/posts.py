"""Who may see which blog posts."""

from dataclasses import dataclass


@dataclass
class Post:
    title: str
    author: str
    published: bool = False
    deleted: bool = False


def can_view(post, user):
    """Published posts are public, drafts are visible to their author, deleted posts to nobody."""
    if post.deleted:
        return False
    return post.published and post.author == user


def visible_posts(posts, user):
    """The posts user may see, in the given order."""
    return [post for post in posts if can_view(post, user)]


def drafts_of(posts, user):
    """user's own unpublished, undeleted posts."""
    return [post for post in posts if post.author == user and not post.published and not post.deleted]


def titles(posts):
    """Titles, for listings."""
    return [post.title for post in posts]
