from hierarchy import chain_of_command, reports_to

MANAGERS = {"ann": "bob", "bob": "cy"}


def test_chain_of_command():
    assert chain_of_command({"ann": "bob", "bob": "cy"}, "ann") == ["ann", "bob", "cy"]


def test_reports_to():
    assert reports_to(MANAGERS, "bob") == ["ann"]
