from blocks import stay_blocks, stay_price


def test_remainder_block():
    assert stay_blocks(17) == [7, 7, 3]
    assert stay_blocks(8) == [7, 1]


def test_short_stay_is_one_block():
    assert stay_blocks(3) == [3]
    assert stay_blocks(1) == [1]


def test_whole_weeks():
    assert stay_blocks(14) == [7, 7]
    assert stay_blocks(7) == [7]


def test_no_nights():
    assert stay_blocks(0) == []


def test_custom_block_size():
    assert stay_blocks(5, 2) == [2, 2, 1]
    assert stay_blocks(6, 3) == [3, 3]


def test_stay_price():
    assert stay_price(10, 100, 600) == 600 + 300
    assert stay_price(13, 100, 600) == 1200
    assert stay_price(14, 100, 600) == 1200
    assert stay_price(0, 100, 600) == 0
