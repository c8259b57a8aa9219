from posts_tags import all_tags, tagged

POSTS = [{"title": "a", "tags": ["py", "web"]}, {"title": "b", "tags": ["web", "db"]}]


def test_all_tags_in_order():
    assert all_tags([{"title": "a", "tags": ["py", "web"]}, {"title": "b", "tags": ["web", "db"]}]) == ["py", "web", "db"]


def test_tagged():
    assert tagged(POSTS, "web") == ["a", "b"]
