from datetime import date

from mod import parse_slot, meetings_on, next_meeting, minutes_until_next

MEETINGS = [
    (parse_slot("2024-06-03 14:00"), "design review"),
    (parse_slot("2024-06-03 09:30"), "standup"),
    (parse_slot("2024-06-04 09:30"), "standup"),
]


def test_parse_slot():
    slot = parse_slot("2024-06-03 14:05")
    assert (slot.hour, slot.minute, slot.day) == (14, 5, 3)


def test_meetings_on():
    titles = [t for _, t in meetings_on(MEETINGS, date(2024, 6, 3))]
    assert titles == ["standup", "design review"]
    assert meetings_on(MEETINGS, date(2024, 6, 5)) == []


def test_next_meeting():
    assert next_meeting(MEETINGS, parse_slot("2024-06-03 10:00"))[1] == "design review"
    assert next_meeting(MEETINGS, parse_slot("2024-06-03 09:30"))[1] == "standup"


def test_minutes_until_next():
    assert minutes_until_next(MEETINGS, parse_slot("2024-06-03 13:15")) == 45


def test_no_meetings_left():
    # reported: the widget crashes in the evening after the last meeting
    late = parse_slot("2024-06-04 18:00")
    assert next_meeting(MEETINGS, late) is None
    assert minutes_until_next(MEETINGS, late) is None
