from mod import total_calories, calories_by_food


def test_total():
    assert total_calories(["apple: 95", "oatmeal: 150", "", "coffee: 5"]) == 250


def test_empty_log():
    assert total_calories([]) == 0


def test_by_food():
    assert calories_by_food(["apple: 95", "apple: 80", "egg: 78"]) == {"apple": 175, "egg": 78}
