import pytest

from lots import draw_from_lots, expired_lots, on_hand


def make_lots():
    return [
        {"lot": "B2", "expires": "2024-06-10", "qty": 4},
        {"lot": "A1", "expires": "2024-06-03", "qty": 3},
        {"lot": "C3", "expires": "2024-06-20", "qty": 5},
    ]


def test_draw_uses_soonest_expiry_first():
    lots = make_lots()
    assert draw_from_lots(lots, 5) == [("A1", 3), ("B2", 2)]
    assert {lot["lot"]: lot["qty"] for lot in lots} == {"A1": 0, "B2": 2, "C3": 5}
    assert draw_from_lots(lots, 3) == [("B2", 2), ("C3", 1)]


def test_draw_more_than_stock():
    lots = make_lots()
    with pytest.raises(ValueError):
        draw_from_lots(lots, 13)
    assert on_hand(lots) == 12


def test_on_hand():
    assert on_hand(make_lots()) == 12
    assert on_hand([]) == 0


def test_expired_lots():
    lots = make_lots()
    lots[1]["qty"] = 0
    assert expired_lots(lots, "2024-06-11") == ["B2"]
    assert expired_lots(make_lots(), "2024-06-03") == []
