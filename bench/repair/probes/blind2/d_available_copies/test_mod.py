from mod import available_copies


def test_only_shelved_copies():
    copies = [
        {"barcode": "B1", "status": "on_shelf"},
        {"barcode": "B2", "status": "on_loan"},
    ]
    assert available_copies(copies) == ["B1"]


def test_reserved_copy_not_available():
    copies = [
        {"barcode": "B1", "status": "on_shelf", "reserved": True},
        {"barcode": "B2", "status": "on_shelf", "reserved": False},
        {"barcode": "B3", "status": "on_loan"},
    ]
    assert available_copies(copies) == ["B2"]


def test_empty():
    assert available_copies([]) == []
