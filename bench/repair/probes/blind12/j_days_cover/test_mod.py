from mod import average_daily_sales, days_of_cover, cover_report, slow_movers


def test_average_daily_sales():
    assert average_daily_sales([4, 6, 5]) == 5
    assert average_daily_sales([]) == 0.0


def test_days_of_cover():
    assert days_of_cover(100, [5, 5, 10]) == 15
    assert days_of_cover(0, [3, 3]) == 0


def test_cover_report():
    report = cover_report({"TAPE": 40, "GLUE": 10}, {"TAPE": [2, 4], "GLUE": [3, 3, 3]})
    assert report == {"TAPE": 13.3, "GLUE": 3.3}


def test_slow_movers():
    stock = {"TAPE": 400, "GLUE": 10}
    sales = {"TAPE": [2, 2], "GLUE": [3]}
    assert slow_movers(stock, sales) == ["TAPE"]
    assert slow_movers(stock, sales, max_days=500) == []


def test_line_with_no_sales():
    # cover report crashed on a line that sold nothing this month
    stock = {"TAPE": 40, "OLD-LABELS": 300}
    sales = {"TAPE": [2, 2], "OLD-LABELS": [0, 0, 0]}
    assert days_of_cover(300, [0, 0, 0]) == float("inf")
    assert slow_movers(stock, sales) == ["OLD-LABELS"]
