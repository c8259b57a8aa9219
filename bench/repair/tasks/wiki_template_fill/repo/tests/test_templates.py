from templates import fill, fill_all, missing_values, placeholders


def test_text_after_last_placeholder_is_kept():
    assert fill("Hello {{ name }}!", {"name": "Ann"}) == "Hello Ann!"


def test_several_placeholders():
    assert fill("{{a}}+{{b}}={{ c }}", {"a": 1, "b": 2, "c": 3}) == "1+2=3"


def test_unknown_names_use_default():
    assert fill("[{{x}}]", {}) == "[]"
    assert fill("[{{x}}] and [{{y}}]", {"y": "ok"}, "?") == "[?] and [ok]"


def test_template_without_placeholders():
    assert fill("plain text", {"a": 1}) == "plain text"
    assert fill("", {}) == ""
    assert fill("open {{ only", {"only": 1}) == "open {{ only"


def test_placeholders_and_missing_values():
    assert placeholders("{{a}} {{ b }} {{a}}") == ["a", "b"]
    assert placeholders("none here") == []
    assert missing_values("{{title}} by {{author}}", {"title": "X"}) == ["author"]


def test_fill_all():
    rows = [{"t": "Home"}, {}, {"t": "FAQ"}]
    assert fill_all("<h1>{{t}}</h1>", rows) == ["<h1>Home</h1>", "<h1>FAQ</h1>"]
