from mod import all_reports, team_size

CHART = {"ceo": ["cto", "cfo"], "cto": ["dev1", "dev2"]}


def test_everyone_under_ceo():
    assert all_reports(CHART, "ceo") == ["cfo", "cto", "dev1", "dev2"]


def test_employee_without_reports():
    assert all_reports(CHART, "dev1") == []


def test_team_size():
    assert team_size(CHART, "cto") == 2
