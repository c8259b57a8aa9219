import pytest

from mod import deal


def test_round_robin_deal():
    hands, remaining = deal(["AS", "KS", "QS", "JS", "TS", "9S"], 2, 2)
    assert hands == [["AS", "QS"], ["KS", "JS"]]
    assert remaining == ["TS", "9S"]


def test_deal_whole_deck():
    hands, remaining = deal(["2H", "3H", "4H"], 3, 1)
    assert hands == [["2H"], ["3H"], ["4H"]]
    assert remaining == []


def test_callers_deck_is_not_modified():
    deck = ["AS", "KS", "QS", "JS", "TS"]
    deal(deck, 2, 2)
    assert deck == ["AS", "KS", "QS", "JS", "TS"]


def test_tuple_deck():
    hands, remaining = deal(("AH", "2H", "3H", "4H"), 2, 1)
    assert hands == [["AH"], ["2H"]]
    assert remaining == ["3H", "4H"]


def test_not_enough_cards():
    with pytest.raises(ValueError):
        deal(["AS", "KS", "QS"], 2, 2)
