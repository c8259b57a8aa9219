from orgchart import direct_reports, levels_below_top, reporting_chain

MANAGERS = {"ann": "bob", "bob": "cleo", "dan": "bob", "eve": "cleo"}


def test_chain_to_the_top():
    assert reporting_chain(MANAGERS, "ann") == ["ann", "bob", "cleo"]


def test_top_person_and_levels():
    assert reporting_chain(MANAGERS, "cleo") == ["cleo"]
    assert levels_below_top(MANAGERS, "dan") == 2


def test_direct_reports():
    assert direct_reports(MANAGERS, "bob") == ["ann", "dan"]
    assert direct_reports(MANAGERS, "ann") == []
