from mod import to_minutes, shift_length, shifts_overlap, double_booked, hours_worked


def test_to_minutes():
    assert to_minutes("07:45") == 465


def test_shift_length():
    assert shift_length(("08:00", "12:30")) == 270


def test_shifts_overlap():
    assert shifts_overlap(("08:00", "12:00"), ("11:00", "15:00")) is True
    assert shifts_overlap(("08:00", "17:00"), ("10:00", "11:00")) is True
    assert shifts_overlap(("08:00", "10:00"), ("13:00", "15:00")) is False


def test_double_booked():
    roster = [("ana", "08:00", "12:00"), ("ben", "09:00", "13:00"),
              ("ana", "11:30", "16:00"), ("ben", "14:00", "18:00")]
    assert double_booked(roster) == ["ana"]
    assert double_booked([]) == []


def test_hours_worked():
    roster = [("ana", "08:00", "12:00"), ("ana", "13:00", "14:30"), ("ben", "09:00", "10:00")]
    assert hours_worked(roster, "ana") == 5.5
    assert hours_worked(roster, "cy") == 0


def test_split_shift_back_to_back_is_not_a_clash():
    # reported: morning + afternoon shifts that meet at 12:00 are flagged as double booked
    assert shifts_overlap(("08:00", "12:00"), ("12:00", "16:00")) is False
    assert double_booked([("cy", "08:00", "12:00"), ("cy", "12:00", "16:00")]) == []
