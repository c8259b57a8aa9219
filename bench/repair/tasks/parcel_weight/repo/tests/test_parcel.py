from parcel import billable_weight, parcels_needed, volumetric_weight


def test_volumetric_weight():
    assert volumetric_weight(50, 40, 30) == 12.0


def test_billable_weight_of_a_light_box():
    assert billable_weight(1, 100, 50, 20) == 20.0


def test_parcels_needed():
    assert parcels_needed(10, 3) == 4
    assert parcels_needed(9, 3) == 3
