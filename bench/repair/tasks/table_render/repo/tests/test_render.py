from render import column_count, render_table


def test_render_table():
    assert render_table(["a", "b"], [[1, 2]]) == ["a | b", "-----", "1 | 2"]


def test_column_count():
    assert column_count(["a", "b"]) == 2
