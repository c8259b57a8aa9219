from mod import weighted_grade, attendance_rate, report_line, at_risk


def test_weighted_grade():
    assert weighted_grade([(80, 1), (60, 1)]) == 70
    assert weighted_grade([(90, 3), (50, 1)]) == 80
    assert weighted_grade([]) is None


def test_attendance_rate():
    assert attendance_rate(45, 50) == 90.0
    assert attendance_rate(0, 0) == 0.0


def test_report_line():
    assert report_line("Amy", [(80, 1), (60, 1)], 45, 50) == "Amy: grade 70.0, attendance 90.0%"


def test_at_risk():
    assert at_risk([(40, 1)], 50, 50) is True
    assert at_risk([(80, 1)], 40, 50) is True
    assert at_risk([(80, 1)], 50, 50) is False


def test_report_when_only_ungraded_work_so_far():
    # start of term: the only piece of work has weight 0 (practice test)
    assert weighted_grade([(75, 0)]) is None
    assert report_line("Ben", [(75, 0)], 10, 10) == "Ben: grade n/a, attendance 100.0%"
