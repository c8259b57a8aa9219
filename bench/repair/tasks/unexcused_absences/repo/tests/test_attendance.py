from attendance import attendance_rate, needs_letter_home, unexcused_absences

REGISTER = [
    {"date": "2024-03-04", "status": "present"},
    {"date": "2024-03-05", "status": "absent", "excused": True},
    {"date": "2024-03-06", "status": "absent"},
    {"date": "2024-03-07", "status": "late"},
    {"date": "2024-03-08", "status": "absent", "excused": False},
]


def test_unexcused_absences():
    assert unexcused_absences(REGISTER) == ["2024-03-06", "2024-03-08"]


def test_full_attendance_has_no_unexcused_absences():
    marks = [{"date": "2024-03-04", "status": "present"}, {"date": "2024-03-05", "status": "late"}]
    assert unexcused_absences(marks) == []


def test_excused_only():
    assert unexcused_absences([{"date": "2024-01-09", "status": "absent", "excused": True}]) == []


def test_attendance_rate():
    assert attendance_rate(REGISTER) == 40.0
    assert attendance_rate([]) == 100.0
    assert attendance_rate(REGISTER[:3] + REGISTER[3:4] * 3) == 66.7


def test_needs_letter_home():
    assert needs_letter_home(REGISTER) is False
    assert needs_letter_home(REGISTER, limit=2) is True
    assert needs_letter_home(REGISTER + [{"date": "2024-03-11", "status": "absent"}]) is True
