from status import is_error, status_class


def test_status_class():
    assert status_class(204) == 2


def test_is_error_on_success():
    assert not is_error(200)
