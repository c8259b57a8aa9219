from rooms import allocate_rooms, room_schedule, unplaced

ROOMS = {"R1": 30, "R2": 20, "Lab": 24, "Hall": 200}


def test_smallest_room_that_fits():
    assert allocate_rooms([[1, "Maths", 18], [2, "Science", 22], [3, "Drama", 60]], ROOMS) == ["R2", "Lab", "Hall"]


def test_rooms_not_shared_within_a_period():
    lessons = [[1, "Maths", 18], [1, "French", 15], [1, "History", 19], [2, "Art", 10]]
    assert allocate_rooms(lessons, ROOMS) == ["R2", "Lab", "R1", "R2"]


def test_no_room_left():
    lessons = [[4, "Exam A", 150], [4, "Exam B", 120], [4, "Music", 25]]
    assert allocate_rooms(lessons, ROOMS) == ["Hall", None, "R1"]


def test_equal_rooms_chosen_by_name():
    assert allocate_rooms([[1, "PE", 5]], {"Gym B": 40, "Gym A": 40}) == ["Gym A"]


def test_room_schedule():
    lessons = [[2, "Art", 10], [1, "Maths", 18], [1, "Latin", 300]]
    assert room_schedule(lessons, ["R2", "R2", None]) == {"R2": ["Maths", "Art"]}


def test_unplaced():
    lessons = [[4, "Exam A", 150], [4, "Exam B", 120], [4, "Music", 25]]
    assert unplaced(lessons, ["Hall", None, "R1"]) == ["Exam B"]
