from posts import Post, can_view, drafts_of, titles, visible_posts

POSTS = [
    Post("hello", "ann", published=True),
    Post("draft", "ann"),
    Post("gone", "ann", published=True, deleted=True),
    Post("news", "bob", published=True),
]


def test_deleted_posts_hidden():
    assert not can_view(POSTS[2], "ann")


def test_author_sees_own_published_post():
    assert can_view(POSTS[0], "ann")


def test_published_posts_are_public():
    assert titles(visible_posts(POSTS, "cy")) == ["hello", "news"]


def test_author_sees_own_drafts():
    assert titles(visible_posts(POSTS, "ann")) == ["hello", "draft", "news"]


def test_others_do_not_see_drafts():
    assert not can_view(POSTS[1], "bob")
    assert titles(drafts_of(POSTS, "ann")) == ["draft"]
