from mod import seat_of, seating_chart


NAMES = ["Maya", "Ali", "Zoe", "Ben", "Kim", "Tom", "Eva"]


def test_rows_fill_in_alphabetical_order():
    assert seating_chart(NAMES, 3) == [
        ["Ali", "Ben", "Eva"],
        ["Kim", "Maya", "Tom"],
        ["Zoe"],
    ]


def test_everyone_in_one_row():
    assert seating_chart(["Tom", "Ali"], 5) == [["Ali", "Tom"]]


def test_seat_of():
    chart = seating_chart(NAMES, 3)
    assert seat_of("Maya", chart) == (2, 2)
    assert seat_of("Zoe", chart) == (3, 1)
    assert seat_of("Nobody", chart) is None
