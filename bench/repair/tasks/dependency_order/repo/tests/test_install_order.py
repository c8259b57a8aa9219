import pytest

from install_order import all_packages, dependents, install_order

DEPS = {
    "flask": ["werkzeug", "jinja2", "click"],
    "jinja2": ["markupsafe"],
    "werkzeug": ["markupsafe"],
}


def test_all_packages():
    assert all_packages(DEPS) == ["click", "flask", "jinja2", "markupsafe", "werkzeug"]


def test_install_order_of_chain():
    assert install_order({"app": ["lib"], "lib": ["core"]}) == ["core", "lib", "app"]


def test_install_order_in_rounds():
    assert install_order(DEPS) == ["click", "markupsafe", "jinja2", "werkzeug", "flask"]


def test_independent_packages():
    assert install_order({"b": [], "a": []}) == ["a", "b"]
    assert install_order({}) == []


def test_cycle_is_reported():
    with pytest.raises(ValueError):
        install_order({"a": ["b"], "b": ["a"]})


def test_dependents():
    assert dependents(DEPS, "markupsafe") == ["jinja2", "werkzeug"]
    assert dependents(DEPS, "flask") == []
