from ranking import podium, position_label, positions, ranked


def test_ranked_order():
    assert ranked({"Cy": 70, "Ann": 85, "Bo": 70}) == [("Ann", 85), ("Bo", 70), ("Cy", 70)]


def test_positions_without_ties():
    assert positions({"Ann": 60, "Bo": 90, "Cy": 75}) == {"Bo": 1, "Cy": 2, "Ann": 3}
    assert positions({}) == {}


def test_tied_pupils_share_a_position():
    assert positions({"Ann": 80, "Bo": 92, "Cy": 80, "Di": 75}) == {"Bo": 1, "Ann": 2, "Cy": 2, "Di": 4}


def test_podium_includes_ties():
    scores = {"Ann": 90, "Bo": 85, "Cy": 85, "Di": 85, "Ed": 60}
    assert podium(scores) == ["Ann", "Bo", "Cy", "Di"]
    assert podium({"Ann": 50}) == ["Ann"]


def test_position_label():
    assert [position_label(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd",
    ]
