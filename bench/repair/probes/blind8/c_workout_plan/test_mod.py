from mod import total_minutes, fits_in

PLAN = {
    "blocks": [
        {"name": "warm-up jog", "minutes": 10},
        {"repeat": 4, "blocks": [
            {"name": "sprint", "minutes": 1},
            {"name": "walk", "minutes": 2},
        ]},
        {"name": "stretch", "minutes": 5},
    ]
}


def test_single_exercise():
    assert total_minutes({"name": "plank", "minutes": 3}) == 3


def test_nested_plan():
    assert total_minutes(PLAN) == 27


def test_empty_group():
    assert total_minutes({"repeat": 3, "blocks": []}) == 0


def test_fits_in():
    assert fits_in(PLAN, 30)
    assert not fits_in(PLAN, 20)
