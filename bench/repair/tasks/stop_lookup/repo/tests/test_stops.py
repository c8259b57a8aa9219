from stops import best_match, matching_stops, normalise


def test_normalise():
    assert normalise("  Central   Station ") == "central station"


def test_match_on_lower_case_names():
    assert matching_stops(["harbour view", "old harbour", "market st"], "harbour") == [
        "harbour view",
        "old harbour",
    ]


def test_match_ignores_case():
    stops = ["Central Station", "Central Park", "Market St"]
    assert matching_stops(stops, "central") == ["Central Station", "Central Park"]
    assert matching_stops(stops, "PARK") == ["Central Park"]


def test_match_ignores_extra_spaces():
    assert matching_stops(["Market  St", "Marketplace"], "market st") == ["Market  St"]


def test_empty_query_matches_nothing():
    assert matching_stops(["Central Station"], "   ") == []


def test_best_match_prefers_prefix():
    stops = ["Old Harbour", "Harbour View", "Harbourside"]
    assert best_match(stops, "harbour") == "Harbour View"
    assert best_match(stops, "old") == "Old Harbour"
    assert best_match(stops, "zoo") is None
