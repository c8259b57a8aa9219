from ratefile import format_rates, parse_rates, rate_for


def test_simple_lines():
    assert parse_rates("residential = 0.142\nbusiness=0.2") == {"residential": 0.142, "business": 0.2}


def test_comments_and_empty_lines():
    assert parse_rates("# 2024 tariffs\n\nresidential = 0.14\n") == {"residential": 0.14}


def test_indented_comments_and_blank_lines():
    text = "residential = 0.14\n   \n  # old rate: 0.12\n\tbusiness = 0.2\n"
    assert parse_rates(text) == {"residential": 0.14, "business": 0.2}


def test_names_are_lower_cased():
    assert parse_rates("  Residential  =  0.14  ") == {"residential": 0.14}


def test_format_rates():
    assert format_rates({"water": 2.5, "business": 0.2}) == "business = 0.2\nwater = 2.5"
    assert parse_rates(format_rates({"night": 0.09})) == {"night": 0.09}


def test_rate_for():
    rates = {"residential": 0.14}
    assert rate_for(rates, " Residential ") == 0.14
    assert rate_for(rates, "farm") is None
    assert rate_for(rates, "farm", 0.1) == 0.1
