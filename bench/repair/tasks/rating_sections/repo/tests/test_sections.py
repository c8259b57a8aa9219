from sections import group_by_section, section_for, section_sizes


def test_section_boundaries():
    assert section_for(1199) == "U1200"
    assert section_for(1200) == "U1600"
    assert section_for(1650) == "U2000"
    assert section_for(2000) == "Open"


def test_lowest_section_and_unrated():
    assert section_for(850) == "U1200"
    assert section_for(0) == "U1200"
    assert section_for(None) == "Unrated"


def test_rating_above_every_range():
    assert section_for(3100) == "Open"


def test_custom_sections():
    sections = [("Reserve", 0, 1000), ("Major", 1000, 2000)]
    assert section_for(1500, sections) == "Major"
    assert section_for(999, sections) == "Reserve"


def test_group_by_section():
    players = {"ann": 1100, "bob": None, "cy": 1750, "dee": 1000}
    assert group_by_section(players) == {"U1200": ["ann", "dee"], "Unrated": ["bob"], "U2000": ["cy"]}


def test_section_sizes():
    assert section_sizes({"ann": 900, "bob": 1000, "cy": None}) == {"U1200": 2, "Unrated": 1}
    assert section_sizes({}) == {}
