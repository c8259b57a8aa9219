from backlog import sprint_names, sprint_tasks


def test_single_sprint():
    assert sprint_tasks(["- stray", "## Sprint 1", "- login page", "- logout"]) == [
        ("Sprint 1", ["login page", "logout"])
    ]


def test_several_sprints():
    lines = ["## Sprint 1", "- login page", "## Sprint 2", "- billing", "- invoices", "## Sprint 3"]
    assert sprint_tasks(lines) == [
        ("Sprint 1", ["login page"]),
        ("Sprint 2", ["billing", "invoices"]),
        ("Sprint 3", []),
    ]


def test_sprint_names():
    assert sprint_names(["## Alpha", "- a", "  ## Beta"]) == ["Alpha", "Beta"]
