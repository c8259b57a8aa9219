from mod import plants_after


def test_start():
    assert plants_after(0) == 1


def test_first_generation():
    assert plants_after(1) == 3


def test_second_generation():
    assert plants_after(2) == 5


def test_later_generation():
    assert plants_after(5) == 43
