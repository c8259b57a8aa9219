from blocks import average_rate, block_charge, block_of


def test_blocks_in_order():
    assert block_charge(250, {100: 10, 200: 15}, 20) == 3500


def test_blocks_out_of_order():
    assert block_charge(250, {200: 15, 100: 10}, 20) == 3500
    assert block_charge(150, {200: 15, 100: 10}, 20) == 1750
    assert block_charge(500, {300: 12, 100: 8, 200: 10}, 15) == 6000


def test_usage_within_first_block():
    assert block_charge(40, {100: 10, 200: 15}, 20) == 400
    assert block_charge(100, {100: 10, 200: 15}, 20) == 1000


def test_no_usage():
    assert block_charge(0, {100: 10, 200: 15}, 20) == 0


def test_block_of():
    assert block_of(150, {200: 15, 100: 10}) == 200
    assert block_of(100, {200: 15, 100: 10}) == 100
    assert block_of(201, {200: 15, 100: 10}) is None


def test_average_rate():
    assert average_rate(250, {100: 10, 200: 15}, 20) == 14.0
    assert average_rate(0, {100: 10}, 20) == 0.0
