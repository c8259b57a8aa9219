from mod import run_commands


def test_simple_path():
    assert run_commands((0, 0), "SSE", 3, 3) == (2, 1)


def test_stays_inside_grid():
    assert run_commands((0, 0), "NNWW", 3, 3) == (0, 0)
    assert run_commands((2, 2), "SSEE", 3, 3) == (2, 2)


def test_obstacle_blocks_move():
    assert run_commands((0, 0), "EE", 3, 3, obstacles={(0, 1)}) == (0, 0)


def test_route_around_obstacle():
    obstacles = {(1, 1)}
    assert run_commands((0, 0), "EESW", 3, 3, obstacles) == (1, 2)


def test_no_commands():
    assert run_commands((1, 2), "", 3, 3) == (1, 2)
