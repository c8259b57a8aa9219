from mod import count_items, missing_items, find_kit, loan_days

ROBOTICS = {"name": "robotics", "items": ["r1", "r2", "r3"]}
SCIENCE = {"name": "science", "items": ["s1", "s2"], "kits": [ROBOTICS]}


def test_count_items():
    assert count_items(ROBOTICS) == 3
    assert count_items(SCIENCE) == 5
    assert count_items({"name": "empty"}) == 0


def test_missing_items():
    assert missing_items(SCIENCE, {"s1", "r2"}) == ["r1", "r3", "s2"]
    assert missing_items(ROBOTICS, {"r1", "r2", "r3"}) == []


def test_find_kit():
    assert find_kit(SCIENCE, "robotics") is ROBOTICS
    assert find_kit(SCIENCE, "science") is SCIENCE
    assert find_kit(SCIENCE, "music") is None


def test_loan_days():
    assert loan_days(SCIENCE) == 14
    big = {"name": "big", "items": [str(i) for i in range(25)]}
    assert loan_days(big) == 28
    huge = {"name": "huge", "items": [str(i) for i in range(90)]}
    assert loan_days(huge) == 42


def test_count_items_in_deeply_nested_kit():
    # report: the classroom kit was checked out with the wrong item count
    classroom = {"name": "classroom", "items": ["guide"], "kits": [
        {"name": "term1", "kits": [SCIENCE]},
        {"name": "term2", "items": ["t1", "t2"]},
    ]}
    assert count_items(classroom) == 8
