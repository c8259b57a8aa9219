from mod import new_card, add_stamps


def test_new_card_is_empty():
    card = new_card("Maya")
    assert card == {"owner": "Maya", "stamps": 0, "free_earned": 0}


def test_cheap_drinks_earn_no_stamp():
    card = new_card("Maya")
    assert add_stamps(card, [{"price": 1.50}, {"price": 2.00}]) == 0
    assert card["stamps"] == 1


def test_redeemed_drinks_earn_no_stamp():
    card = new_card("Maya")
    add_stamps(card, [{"price": 3.80, "free": True}, {"price": 3.80}])
    assert card["stamps"] == 1


def test_tenth_stamp_earns_free_drink():
    card = new_card("Leo")
    card["stamps"] = 8
    earned = add_stamps(card, [{"price": 3.20}] * 3)
    assert earned == 1
    assert card["stamps"] == 1
    assert card["free_earned"] == 1


def test_free_drinks_accumulate_on_card():
    card = new_card("Leo")
    add_stamps(card, [{"price": 4.00}] * 10)
    add_stamps(card, [{"price": 4.00}] * 10)
    assert card["free_earned"] == 2
    assert card["stamps"] == 0
