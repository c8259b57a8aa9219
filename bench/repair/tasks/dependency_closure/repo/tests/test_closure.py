from closure import dependency_depth, shared_requirements, transitive_requirements

DEPS = {
    "webapp": ["flask", "requests"],
    "flask": ["werkzeug", "jinja2"],
    "jinja2": ["markupsafe"],
    "werkzeug": ["markupsafe"],
    "requests": ["idna", "urllib3"],
    "cli": [],
}


def test_transitive_requirements():
    assert transitive_requirements(DEPS, "flask") == {"werkzeug", "jinja2", "markupsafe"}
    assert transitive_requirements(DEPS, "requests") == {"idna", "urllib3"}


def test_package_without_requirements():
    assert transitive_requirements(DEPS, "cli") == set()
    assert transitive_requirements(DEPS, "idna") == set()


def test_dependency_depth():
    assert dependency_depth(DEPS, "webapp") == 3
    assert dependency_depth(DEPS, "requests") == 1
    assert dependency_depth(DEPS, "cli") == 0
    assert dependency_depth(DEPS, "markupsafe") == 0


def test_shared_requirements():
    assert shared_requirements(DEPS, "flask", "jinja2") == ["markupsafe"]
    assert shared_requirements(DEPS, "webapp", "flask") == ["jinja2", "markupsafe", "werkzeug"]
    assert shared_requirements(DEPS, "requests", "cli") == []
