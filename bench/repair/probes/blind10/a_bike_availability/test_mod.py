import pytest

from mod import available_bikes, count_by_size, needs_service, service_queue


def bike(id, size, rented=False, in_repair=False, km=0):
    return {"id": id, "size": size, "rented": rented, "in_repair": in_repair,
            "km_since_service": km}


FLEET = [
    bike(1, "M"),
    bike(2, "M", rented=True),
    bike(3, "L"),
    bike(4, "M", in_repair=True, km=620),
    bike(5, "S", km=510),
]


def test_available_bikes():
    assert available_bikes(FLEET, "M") == [1]
    assert available_bikes(FLEET, "L") == [3]


def test_unknown_size():
    with pytest.raises(ValueError):
        available_bikes(FLEET, "XL")


def test_count_by_size():
    assert count_by_size(FLEET) == {"S": 1, "M": 1, "L": 1}


def test_service():
    assert needs_service(FLEET[4])
    assert not needs_service(FLEET[0])
    assert service_queue(FLEET) == [4, 5]
