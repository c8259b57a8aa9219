from returns import average_return, cumulative_return, final_value


def test_average_return():
    assert round(average_return([0.1, -0.05]), 6) == 0.025
    assert average_return([]) == 0.0


def test_cumulative_return():
    assert round(cumulative_return([0.1, 0.1]), 6) == 0.21
    assert round(cumulative_return([0.5, -0.5]), 6) == -0.25
    assert cumulative_return([]) == 0.0


def test_final_value():
    assert round(final_value(1000, [0.1, -0.1]), 2) == 990.0
