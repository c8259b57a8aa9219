from mod import average_weight, van_loads, vans_needed, overweight_parcels


def test_average_weight():
    assert average_weight([2, 4, 6]) == 4
    assert average_weight([]) == 0.0


def test_van_loads():
    assert van_loads([3, 4, 5, 2], 10) == [[3, 4], [5, 2]]
    assert van_loads([1, 1, 1], 10) == [[1, 1, 1]]
    assert van_loads([], 10) == []


def test_vans_needed():
    assert vans_needed([6, 6, 6], 10) == 3
    assert vans_needed([2, 3], 10) == 1


def test_overweight_parcels():
    assert overweight_parcels([3, 12, 5], 10) == [12]
    assert overweight_parcels([1, 2], 10) == []


def test_first_parcel_heavier_than_van():
    # a pallet bigger than the van capacity produced an empty van
    assert van_loads([12, 3], 10) == [[12], [3]]
    assert vans_needed([12, 3], 10) == 2
