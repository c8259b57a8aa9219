from mod import deliverable_parcels


def test_all_ok():
    parcels = [
        {"id": "P1", "weight_kg": 2.0, "address": "1 Main St"},
        {"id": "P2", "weight_kg": 10.5, "address": "9 Dock Rd"},
    ]
    assert deliverable_parcels(parcels) == ["P1", "P2"]


def test_overweight_excluded():
    parcels = [
        {"id": "P1", "weight_kg": 31.0, "address": "1 Main St"},
        {"id": "P2", "weight_kg": 30.0, "address": "9 Dock Rd"},
    ]
    assert deliverable_parcels(parcels) == ["P2"]


def test_missing_address_excluded():
    parcels = [
        {"id": "P1", "weight_kg": 1.0, "address": ""},
        {"id": "P2", "weight_kg": 1.0},
        {"id": "P3", "weight_kg": 1.0, "address": "4 Quay"},
    ]
    assert deliverable_parcels(parcels) == ["P3"]


def test_empty():
    assert deliverable_parcels([]) == []
