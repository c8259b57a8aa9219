from mod import count_routes


def test_diamond():
    graph = {"a": ["b", "c"], "b": ["d"], "c": ["d"]}
    assert count_routes(graph, "a", "d") == 2


def test_no_route():
    graph = {"a": ["b"], "c": ["d"]}
    assert count_routes(graph, "a", "d") == 0


def test_layered():
    graph = {"s": ["x", "y"], "x": ["y", "t"], "y": ["t"]}
    assert count_routes(graph, "s", "t") == 3
