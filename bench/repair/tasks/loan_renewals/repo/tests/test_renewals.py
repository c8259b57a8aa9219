from renewals import can_renew, new_loan, renew, renew_all


def test_new_loan():
    assert new_loan("B100", 10) == {"barcode": "B100", "due": 31, "renewals": 0}


def test_renew_moves_due_day():
    loan = {"barcode": "B100", "due": 31, "renewals": 0}
    assert renew(loan, 30) is True
    assert loan["due"] == 51


def test_renewals_run_out():
    loan = {"barcode": "B100", "due": 31, "renewals": 0}
    assert renew(loan, 30) is True
    assert renew(loan, 50) is True
    assert loan == {"barcode": "B100", "due": 71, "renewals": 2}
    assert renew(loan, 70) is False
    assert loan["due"] == 71


def test_hold_blocks_renewal():
    loans = [{"barcode": "B1", "due": 20, "renewals": 0},
             {"barcode": "B2", "due": 20, "renewals": 2},
             {"barcode": "B3", "due": 20, "renewals": 1}]
    assert can_renew(loans[2], holds=["B3"]) is False
    assert renew_all(loans, 18, holds=["B3"]) == ["B2", "B3"]
    assert loans[0]["due"] == 39
