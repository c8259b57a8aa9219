from bullets import bullet_items, render_lines, render_page, to_bullets


def test_list_only():
    assert render_lines(["* a", "* b"]) == ["<ul>", "<li>a</li>", "<li>b</li>", "</ul>"]


def test_paragraphs_around_a_list():
    lines = ["Intro", "* a", "", "Outro"]
    assert render_lines(lines) == ["<p>Intro</p>", "<ul>", "<li>a</li>", "</ul>", "<p>Outro</p>"]


def test_plain_paragraphs():
    assert render_lines(["one", "  ", "two"]) == ["<p>one</p>", "<p>two</p>"]
    assert render_lines(["*bold* text"]) == ["<p>*bold* text</p>"]


def test_escaping():
    assert render_lines(["* a < b & c"]) == ["<ul>", "<li>a &lt; b &amp; c</li>", "</ul>"]


def test_bullet_items_and_to_bullets():
    assert bullet_items(["Intro", "* milk ", "  * eggs", "*x"]) == ["milk", "eggs"]
    assert to_bullets(["milk", " ", " eggs "]) == ["* milk", "* eggs"]


def test_render_page():
    assert render_page("Shopping\n* milk\n* eggs\nDone") == (
        "<p>Shopping</p>\n<ul>\n<li>milk</li>\n<li>eggs</li>\n</ul>\n<p>Done</p>"
    )
