from mod import weight_alerts


def test_large_loss_is_flagged():
    assert weight_alerts({"Rex": [30.0, 29.0, 25.0]}) == ["Rex"]


def test_small_loss_or_gain_is_not_flagged():
    assert weight_alerts({"Mia": [4.0, 3.8], "Bo": [10.0, 12.0]}) == []


def test_loss_exactly_at_threshold():
    assert weight_alerts({"Luna": [40.0, 36.0]}) == ["Luna"]


def test_single_visit_skipped_and_sorted_output():
    records = {"Zed": [20.0, 10.0], "Ace": [8.0, 6.0], "New": [5.0]}
    assert weight_alerts(records) == ["Ace", "Zed"]
