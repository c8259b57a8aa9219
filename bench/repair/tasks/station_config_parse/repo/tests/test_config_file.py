from config_file import as_number, parse_config, upload_interval

CONFIG = """
# station settings
Name = Backyard Station
units=metric

upload_interval = 10
"""


def test_parse_config_values():
    assert parse_config(CONFIG) == {
        "name": "Backyard Station",
        "units": "metric",
        "upload_interval": "10",
    }


def test_comments_only():
    assert parse_config("# nothing yet\n\n   \n") == {}


def test_as_number():
    assert as_number("12") == 12
    assert as_number("0.2") == 0.2
    assert as_number("metric") is None


def test_upload_interval():
    assert upload_interval({"upload_interval": "15"}) == 15
    assert upload_interval({"upload_interval": "-1"}) == 5
    assert upload_interval({}) == 5
