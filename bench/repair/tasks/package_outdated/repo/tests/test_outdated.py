from outdated import outdated_packages, release_key, summary, upgrade_commands

INSTALLED = {"requests": "2.28.1", "idna": "3.4", "flask": "2.9.0", "local-tool": "0.1"}
LATEST = {"requests": "2.31.0", "idna": "3.4", "flask": "2.10.0"}


def test_release_key_orders_numerically():
    assert release_key("1.10") > release_key("1.9")
    assert release_key("2.0.1") == [2, 0, 1]


def test_outdated_packages():
    assert outdated_packages(INSTALLED, LATEST) == [
        ("flask", "2.9.0", "2.10.0"),
        ("requests", "2.28.1", "2.31.0"),
    ]


def test_ignored_packages_are_not_reported():
    assert outdated_packages(INSTALLED, LATEST, ignore={"flask"}) == [
        ("requests", "2.28.1", "2.31.0"),
    ]
    assert outdated_packages(INSTALLED, LATEST, ignore=["flask", "requests"]) == []


def test_newer_installed_than_latest():
    assert outdated_packages({"idna": "3.5"}, {"idna": "3.4"}) == []


def test_upgrade_commands():
    assert upgrade_commands(INSTALLED, LATEST, ignore=["requests"]) == ["pip install flask==2.10.0"]


def test_summary():
    assert summary(INSTALLED, LATEST) == "2 of 4 packages outdated"
    assert summary(INSTALLED, LATEST, ignore=("flask", "requests")) == "all 4 packages up to date"
