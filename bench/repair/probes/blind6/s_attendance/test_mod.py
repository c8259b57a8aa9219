from mod import attendance_rate, longest_absence

REGISTER = {
    "2024-09-02": {"amy", "bob"},
    "2024-09-03": {"bob"},
    "2024-09-04": {"bob"},
    "2024-09-05": {"amy", "bob"},
}


def test_rate_full_attendance():
    assert attendance_rate(REGISTER, "bob") == 100.0


def test_rate_partial():
    assert attendance_rate(REGISTER, "amy") == 50.0


def test_rate_empty_register():
    assert attendance_rate({}, "amy") == 0.0


def test_longest_absence():
    assert longest_absence(REGISTER, "amy") == 2
