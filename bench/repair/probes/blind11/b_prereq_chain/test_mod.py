from mod import direct_prereqs, all_prereqs, can_take, missing_for

PRE = {
    "calc2": ["calc1"],
    "calc1": ["algebra"],
    "physics": ["algebra", "mechanics"],
    "stats": ["algebra"],
}


def test_direct_prereqs():
    assert direct_prereqs("physics", PRE) == ["algebra", "mechanics"]
    assert direct_prereqs("algebra", PRE) == []


def test_all_prereqs():
    assert all_prereqs("stats", PRE) == {"algebra"}
    assert all_prereqs("algebra", PRE) == set()


def test_can_take():
    assert can_take("physics", ["algebra", "mechanics"], PRE) is True
    assert can_take("stats", [], PRE) is False


def test_missing_for():
    assert missing_for("physics", ["algebra"], PRE) == ["mechanics"]
    assert missing_for("stats", ["algebra"], PRE) == []


def test_indirect_prereqs_are_required():
    # a pupil signed up for calc2 without ever taking algebra
    assert all_prereqs("calc2", PRE) == {"calc1", "algebra"}
    assert can_take("calc2", ["calc1"], PRE) is False
