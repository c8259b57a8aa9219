from mod import snake_to_camel, camel_to_snake, title_case, slugify


def test_snake_to_camel():
    assert snake_to_camel("max_line_width") == "maxLineWidth"
    assert snake_to_camel("x") == "x"


def test_camel_to_snake():
    assert camel_to_snake("maxLineWidth") == "max_line_width"
    assert camel_to_snake("width") == "width"


def test_title_case():
    assert title_case("the lord of the rings") == "The Lord of the Rings"
    assert title_case("WAR AND PEACE") == "War and Peace"


def test_slugify():
    assert slugify("Hello World") == "hello-world"
    assert slugify("pasta 2 go") == "pasta-2-go"


def test_slugify_trims_punctuation():
    assert slugify("  Hello, World! ") == "hello-world"
