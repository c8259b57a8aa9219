from mod import assign_to_trucks


def test_single_truck_fits_all():
    trucks, unplaced = assign_to_trucks([100, 200], 500, 1)
    assert trucks == [[100, 200]]
    assert unplaced == []


def test_spills_to_second_truck():
    trucks, unplaced = assign_to_trucks([300, 300, 100], 500, 2)
    assert trucks == [[300, 100], [300]]
    assert unplaced == []


def test_unplaced_when_full():
    trucks, unplaced = assign_to_trucks([400, 400, 400], 500, 2)
    assert trucks == [[400], [400]]
    assert unplaced == [400]


def test_no_loads():
    trucks, unplaced = assign_to_trucks([], 500, 3)
    assert trucks == [[], [], []]
    assert unplaced == []
