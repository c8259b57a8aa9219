from mod import delay_report


def test_all_on_time():
    assert delay_report([(600, 600), (615, 617)]) == {
        "late": 0, "worst": 2, "average": 0.0,
    }


def test_late_buses():
    report = delay_report([(600, 605), (615, 616), (630, 639)])
    assert report["late"] == 2
    assert report["worst"] == 9
    assert report["average"] == 7.0


def test_early_bus_is_not_late():
    assert delay_report([(600, 597)])["late"] == 0


def test_no_arrivals():
    assert delay_report([]) == {"late": 0, "worst": 0, "average": 0.0}
