from mod import books_before, reading_order


PREQUELS = {
    "The Two Towers": "The Fellowship of the Ring",
    "The Return of the King": "The Two Towers",
    "The Fellowship of the Ring": None,
}


def test_first_book_stands_alone():
    assert reading_order("The Fellowship of the Ring", PREQUELS) == [
        "The Fellowship of the Ring"
    ]
    assert reading_order("Emma", PREQUELS) == ["Emma"]


def test_full_series_order():
    assert reading_order("The Return of the King", PREQUELS) == [
        "The Fellowship of the Ring",
        "The Two Towers",
        "The Return of the King",
    ]


def test_books_before():
    assert books_before("The Two Towers", PREQUELS) == 1
    assert books_before("The Return of the King", PREQUELS) == 2
