from meter import consumption, parse_reading, total_usage


def test_readings_out_of_order():
    readings = [("2024-03-01", 10950), ("2024-01-01", 10000), ("2024-02-01", 10420)]
    assert consumption(readings) == [("2024-02-01", 420), ("2024-03-01", 530)]


def test_readings_in_order():
    readings = [("2024-01-01", 500), ("2024-01-08", 560), ("2024-01-15", 600)]
    assert consumption(readings) == [("2024-01-08", 60), ("2024-01-15", 40)]


def test_too_few_readings():
    assert consumption([("2024-01-01", 500)]) == []
    assert consumption([]) == []
    assert total_usage([("2024-01-01", 500)]) == 0


def test_total_usage():
    assert total_usage([("2024-05-01", 2300), ("2024-04-01", 2000), ("2024-06-01", 2450)]) == 450
    assert total_usage([("2024-04-01", 2000), ("2024-05-01", 2300)]) == 300


def test_parse_reading():
    assert parse_reading("2024-01-31, 10452") == ("2024-01-31", 10452)
    assert parse_reading("2023-12-01,7") == ("2023-12-01", 7)
