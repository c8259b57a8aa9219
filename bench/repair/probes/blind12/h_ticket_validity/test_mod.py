from mod import minutes_used, is_valid, can_transfer, minutes_left, inspect

TICKET = {"validated_at": 8 * 60, "line": "M1"}


def test_minutes_used():
    assert minutes_used(TICKET, 8 * 60 + 25) == 25


def test_is_valid():
    assert is_valid(TICKET, 8 * 60 + 10) is True
    assert is_valid(TICKET, 8 * 60 + 89) is True
    assert is_valid(TICKET, 8 * 60 + 90) is False


def test_can_transfer():
    assert can_transfer(TICKET, 8 * 60 + 30, "B12") is True
    assert can_transfer(TICKET, 11 * 60, "M1") is False


def test_minutes_left():
    assert minutes_left(TICKET, 8 * 60 + 30) == 60
    assert minutes_left(TICKET, 12 * 60) == 0


def test_inspect():
    other = {"validated_at": 9 * 60 + 45, "line": "T4"}
    assert inspect([TICKET, other], 10 * 60) == 1
    assert inspect([], 10 * 60) == 0


def test_expired_ticket_cannot_transfer_to_another_line():
    # report: gates let riders change to a bus line hours after the ticket ran out
    assert can_transfer(TICKET, 11 * 60, "B12") is False
