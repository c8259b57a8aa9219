from table_bill import bill_lines, service_charge, subtotal

ITEMS = [
    {"name": "Soup", "price": 6.5, "qty": 2},
    {"name": "House red", "price": 8.25, "qty": 1, "void": True},
    {"name": "Steak", "price": 24.0, "qty": 1},
    {"name": "Cheesecake", "price": 7.0, "qty": 1, "void": False},
]


def test_bill_without_voids():
    items = [{"name": "Soup", "price": 6.5, "qty": 3}, {"name": "Bread", "price": 3.0, "qty": 1}]
    assert bill_lines(items) == ([("Soup", 3, 19.5), ("Bread", 1, 3.0)], [])
    assert subtotal(items) == 22.5


def test_voided_items_not_charged():
    charged, voided = bill_lines(ITEMS)
    assert charged == [("Soup", 2, 13.0), ("Steak", 1, 24.0), ("Cheesecake", 1, 7.0)]
    assert voided == ["House red"]


def test_subtotal_with_voids():
    assert subtotal(ITEMS) == 44.0


def test_service_charge():
    assert service_charge(40.0) == 5.0
    assert service_charge(37.0, percent=10) == 3.7
