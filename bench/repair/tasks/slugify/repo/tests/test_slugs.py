from slugs import is_slug, slugify, strip_accents, unique_slug


def test_single_word():
    assert slugify("Hello!") == "hello"


def test_words_are_joined_by_hyphens():
    assert slugify("Hello  World, again") == "hello-world-again"


def test_strip_accents():
    assert strip_accents("Café déjà vu") == "Cafe deja vu"


def test_unique_slug():
    assert unique_slug("Post", {"post", "post-2"}) == "post-3"
    assert unique_slug("My First Post", {"my-first-post"}) == "my-first-post-2"


def test_is_slug():
    assert is_slug("a-b-c")
    assert not is_slug("a b")
