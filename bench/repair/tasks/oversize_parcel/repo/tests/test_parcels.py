from parcels import girth, is_oversize, service_for, split_by_service


def test_girth():
    assert girth(40, 30) == 140


def test_small_parcel_is_not_oversize():
    assert not is_oversize(60, 40, 30)
    assert not is_oversize(150, 40, 35)


def test_long_thin_parcel_is_oversize():
    assert is_oversize(180, 10, 10)
    assert is_oversize(10, 151, 10)


def test_bulky_parcel_is_oversize():
    assert is_oversize(120, 50, 45)
    assert is_oversize(160, 60, 50)


def test_service_for():
    assert service_for({"length": 60, "width": 40, "height": 30, "weight": 12}) == "standard"
    assert service_for({"length": 60, "width": 40, "height": 30, "weight": 31}) == "heavy"
    assert service_for({"length": 200, "width": 20, "height": 20, "weight": 8}) == "freight"


def test_split_by_service():
    parcels = [
        {"id": "P1", "length": 50, "width": 30, "height": 20, "weight": 4},
        {"id": "P2", "length": 170, "width": 15, "height": 15, "weight": 6},
        {"id": "P3", "length": 40, "width": 40, "height": 40, "weight": 35},
        {"id": "P4", "length": 30, "width": 20, "height": 10, "weight": 1},
    ]
    assert split_by_service(parcels) == {"standard": ["P1", "P4"], "freight": ["P2"], "heavy": ["P3"]}
