from mod import heading_anchors, slugify


def test_slugify():
    assert slugify("Getting Started!") == "getting-started"


def test_slugify_punctuation():
    assert slugify("What's new in v2.0?") == "what-s-new-in-v2-0"


def test_unique_titles():
    assert heading_anchors(["Intro", "Usage"]) == ["intro", "usage"]


def test_repeated_titles_numbered():
    assert heading_anchors(["Example", "Notes", "Example", "Example"]) == [
        "example",
        "notes",
        "example-1",
        "example-2",
    ]
