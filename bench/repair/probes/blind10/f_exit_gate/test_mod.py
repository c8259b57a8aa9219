from mod import can_exit, gate_message, pay

TICKET = {"id": 1042, "entered_at": 600, "paid": False, "paid_at": None}


def test_pay_does_not_touch_original():
    paid = pay(TICKET, 700)
    assert paid["paid"] and paid["paid_at"] == 700
    assert TICKET["paid"] is False


def test_can_exit():
    paid = pay(TICKET, 700)
    assert can_exit(paid, 705)
    assert can_exit(paid, 715)
    assert not can_exit(TICKET, 705)


def test_gate_message():
    paid = pay(TICKET, 700)
    assert gate_message(paid, 710) == "Goodbye"
    assert gate_message(TICKET, 710) == "Please pay at the machine"
    assert gate_message(paid, 740) == "Exit time exceeded, please see attendant"
