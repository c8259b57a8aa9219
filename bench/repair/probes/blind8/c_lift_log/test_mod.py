from mod import LiftLog


def test_first_lift_has_no_change():
    log = LiftLog()
    assert log.record("squat", 80) is None


def test_change_since_last_session():
    log = LiftLog()
    log.record("squat", 80)
    assert log.record("squat", 85) == 5
    assert log.record("squat", 82.5) == -2.5


def test_best_is_kept():
    log = LiftLog()
    log.record("bench", 60)
    log.record("bench", 55)
    assert log.best == {"bench": 60}
    assert log.last == {"bench": 55}


def test_personal_best_check():
    log = LiftLog()
    log.record("deadlift", 120)
    assert log.is_personal_best("deadlift", 125)
    assert not log.is_personal_best("deadlift", 120)
    assert log.is_personal_best("row", 40)
