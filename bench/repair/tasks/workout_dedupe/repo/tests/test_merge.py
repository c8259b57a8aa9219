from merge import merge_workouts, sports, total_minutes

RUN_WATCH = {"sport": "run", "start": 600, "minutes": 30}
RUN_PHONE = {"sport": "run", "start": 603, "minutes": 29}
BIKE_PHONE = {"sport": "bike", "start": 602, "minutes": 45}
SWIM_PHONE = {"sport": "swim", "start": 900, "minutes": 20}


def test_duplicate_is_dropped():
    assert merge_workouts([RUN_PHONE], [RUN_WATCH]) == [RUN_WATCH]


def test_different_sport_is_kept():
    assert merge_workouts([BIKE_PHONE], [RUN_WATCH]) == [RUN_WATCH, BIKE_PHONE]
    assert merge_workouts([RUN_PHONE, BIKE_PHONE], [RUN_WATCH]) == [RUN_WATCH, BIKE_PHONE]


def test_far_apart_is_kept():
    assert merge_workouts([SWIM_PHONE, RUN_PHONE], [RUN_WATCH], tolerance=2) == [RUN_WATCH, RUN_PHONE, SWIM_PHONE]


def test_sorted_by_start():
    late = {"sport": "run", "start": 1000, "minutes": 10}
    assert merge_workouts([SWIM_PHONE], [late, RUN_WATCH]) == [RUN_WATCH, SWIM_PHONE, late]


def test_total_minutes():
    assert total_minutes([RUN_WATCH, SWIM_PHONE]) == 50
    assert total_minutes([]) == 0


def test_sports():
    assert sports([RUN_WATCH, BIKE_PHONE, RUN_PHONE]) == ["bike", "run"]
