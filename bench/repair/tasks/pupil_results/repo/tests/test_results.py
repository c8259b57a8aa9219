from results import average_of_sitters, outcomes, summary_line


def test_outcomes_everyone_sat():
    assert outcomes({"Ann": 72, "Bo": 49, "Cy": 50}) == {
        "passed": ["Ann", "Cy"],
        "failed": ["Bo"],
        "absent": [],
    }


def test_outcomes_with_absent_pupils():
    assert outcomes({"Ann": 72, "Bo": None, "Cy": 31, "Di": None}) == {
        "passed": ["Ann"],
        "failed": ["Cy"],
        "absent": ["Bo", "Di"],
    }


def test_custom_pass_mark():
    assert outcomes({"Ann": 72, "Bo": 65}, pass_mark=70)["failed"] == ["Bo"]


def test_summary_line():
    assert summary_line({"Ann": 72, "Bo": None, "Cy": 31, "Di": 88}) == "2 passed, 1 failed, 1 absent"
    assert summary_line({}) == "0 passed, 0 failed, 0 absent"


def test_average_of_sitters():
    assert average_of_sitters({"Ann": 70, "Bo": None, "Cy": 55, "Di": 60}) == 61.7
    assert average_of_sitters({"Bo": None}) is None
