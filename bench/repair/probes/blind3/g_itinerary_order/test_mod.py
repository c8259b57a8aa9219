from datetime import datetime

from mod import format_itinerary


def test_single_leg():
    legs = [{"from": "LHR", "to": "JFK", "depart": datetime(2024, 5, 6, 9, 30)}]
    assert format_itinerary(legs) == ["Mon 06 May 09:30  LHR -> JFK"]


def test_empty_itinerary():
    assert format_itinerary([]) == []


def test_legs_already_in_order():
    legs = [
        {"from": "LHR", "to": "JFK", "depart": datetime(2024, 5, 6, 9, 30)},
        {"from": "JFK", "to": "SFO", "depart": datetime(2024, 5, 6, 17, 5)},
    ]
    assert format_itinerary(legs) == [
        "Mon 06 May 09:30  LHR -> JFK",
        "Mon 06 May 17:05  JFK -> SFO",
    ]


def test_legs_given_out_of_order():
    legs = [
        {"from": "SFO", "to": "HNL", "depart": datetime(2024, 5, 8, 8, 0)},
        {"from": "LHR", "to": "JFK", "depart": datetime(2024, 5, 6, 9, 30)},
        {"from": "JFK", "to": "SFO", "depart": datetime(2024, 5, 6, 17, 5)},
    ]
    assert format_itinerary(legs) == [
        "Mon 06 May 09:30  LHR -> JFK",
        "Mon 06 May 17:05  JFK -> SFO",
        "Wed 08 May 08:00  SFO -> HNL",
    ]
