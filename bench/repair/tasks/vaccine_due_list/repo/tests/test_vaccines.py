from vaccines import due_vaccines, next_due_day, record_shots

INTERVALS = {"rabies": 365, "distemper": 1095, "kennel_cough": 180}


def test_never_given_is_due():
    history = {"rabies": 100, "distemper": 100}
    assert due_vaccines(history, 200, INTERVALS) == ["kennel_cough"]
    assert due_vaccines({}, 0, INTERVALS) == ["distemper", "kennel_cough", "rabies"]


def test_due_once_interval_has_passed():
    history = {"rabies": 0, "distemper": 0, "kennel_cough": 200}
    assert due_vaccines(history, 365, INTERVALS) == ["rabies"]
    assert due_vaccines(history, 364, INTERVALS) == []


def test_all_due():
    history = {"rabies": 0, "distemper": 0, "kennel_cough": 0}
    assert due_vaccines(history, 2000, INTERVALS) == ["distemper", "kennel_cough", "rabies"]


def test_next_due_day():
    assert next_due_day({"rabies": 30}, "rabies", INTERVALS) == 395
    assert next_due_day({}, "rabies", INTERVALS) is None


def test_record_shots():
    history = {"rabies": 10}
    assert record_shots(history, 50, ["distemper", "rabies"]) == {"rabies": 50, "distemper": 50}
    assert history == {"rabies": 10}
