from requirements import duplicate_packages, normalise_name, parse_requirement, pinned_versions


def test_normalise_name():
    assert normalise_name(" Django_REST.framework ") == "django-rest-framework"


def test_parse_pinned_requirement():
    assert parse_requirement("requests==2.31.0") == ("requests", "==", "2.31.0")


def test_parse_spaced_operator_and_case():
    assert parse_requirement("Flask >= 2.0") == ("flask", ">=", "2.0")
    assert parse_requirement("typing_extensions ~=4.7  # for py3.8") == ("typing-extensions", "~=", "4.7")


def test_parse_name_only_and_blank_lines():
    assert parse_requirement("  PyYAML  ") == ("pyyaml", "", "")
    assert parse_requirement("   ") is None
    assert parse_requirement("# dev tools") is None


def test_pinned_versions():
    lines = ["Requests == 2.31.0", "flask>=2.0", "# comment", "", "idna==3.4"]
    assert pinned_versions(lines) == {"requests": "2.31.0", "idna": "3.4"}


def test_duplicate_packages():
    lines = ["Django==4.2", "requests", "django >= 4.0", "Requests!=2.0", "idna"]
    assert duplicate_packages(lines) == ["django", "requests"]
    assert duplicate_packages(["a==1", "b==2"]) == []
