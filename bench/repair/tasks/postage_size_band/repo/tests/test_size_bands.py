from size_bands import band_counts, girth, size_band


def test_sides_in_any_order():
    assert size_band([2.0, 30.0, 20.0]) == "large_letter"
    assert size_band([10.0, 40.0, 30.0]) == "small_parcel"
    assert size_band([46.0, 40.0, 60.0]) == "medium_parcel"


def test_sides_longest_first():
    assert size_band([35.0, 25.0, 2.5]) == "large_letter"
    assert size_band([45.0, 35.0, 16.0]) == "small_parcel"


def test_oversize():
    assert size_band([62.0, 10.0, 10.0]) == "oversize"
    assert size_band([10.0, 50.0, 50.0]) == "oversize"


def test_girth():
    assert girth([10, 30, 20]) == 90
    assert girth([5, 5, 5]) == 25


def test_band_counts():
    parcels = [[1, 20, 30], [30, 2, 20], [20, 20, 20], [100, 1, 1]]
    assert band_counts(parcels) == {"large_letter": 2, "medium_parcel": 1, "oversize": 1}


def test_band_counts_empty():
    assert band_counts([]) == {}
