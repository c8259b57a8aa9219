import pytest

from loading import load_van, trips_needed, van_weight

PARCELS = [("P1", 300), ("P2", 250), ("P3", 400), ("P4", 100), ("P5", 200)]


def test_van_fills_up():
    assert load_van(PARCELS, 1000) == (["P1", "P2", "P3"], ["P4", "P5"])
    assert load_van(PARCELS, 200) == ([], ["P1", "P2", "P3", "P4", "P5"])


def test_everything_fits():
    assert load_van(PARCELS, 1250) == (["P1", "P2", "P3", "P4", "P5"], [])
    assert load_van([("P1", 5)], 10) == (["P1"], [])


def test_nothing_to_load():
    assert load_van([], 500) == ([], [])


def test_van_weight():
    assert van_weight(PARCELS, ["P1", "P4"]) == 400
    assert van_weight(PARCELS, []) == 0


def test_trips_needed():
    assert trips_needed(PARCELS, 1000) == 2
    assert trips_needed(PARCELS, 600) == 3
    assert trips_needed([], 700) == 0


def test_parcel_too_heavy():
    with pytest.raises(ValueError):
        trips_needed([("P1", 900)], 800)
